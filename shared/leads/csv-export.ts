/**
 * The saved-leads CSV export (built on the device), through the one spreadsheet-safe CSV writer
 * (export/csv.ts): a lead's headline can never become a formula on the recruiter's machine. Date
 * Scraped is written as a date and time spreadsheets read as such, in the device's zone.
 */
import { deviceTimeZone } from '../format/time-zone';
import { csvDateTime, datedFileName, rowsToCsv } from '../export/csv';
import type { Lead } from '../schemas/lead.schema';

export const LEAD_CSV_COLUMNS = [
  'Full Name',
  'Job Title',
  'Company',
  'Location',
  'LinkedIn URL',
  'Email',
  'Phone Number',
  'Date Scraped',
] as const;

export type ExportableLead = Pick<
  Lead,
  'full_name' | 'job_title' | 'company' | 'location' | 'linkedin_url' | 'email' | 'phone_number' | 'scraped_at'
>;

export function leadCsvRow(lead: ExportableLead, timeZone: string = deviceTimeZone()): Array<string | null> {
  return [
    lead.full_name,
    lead.job_title,
    lead.company,
    lead.location,
    lead.linkedin_url,
    lead.email,
    lead.phone_number,
    csvDateTime(lead.scraped_at, timeZone),
  ];
}

export function leadsToCsv(leads: Iterable<ExportableLead>, timeZone: string = deviceTimeZone()): string {
  const rows: Array<ReadonlyArray<string | null>> = [LEAD_CSV_COLUMNS];
  for (const lead of leads) rows.push(leadCsvRow(lead, timeZone));
  return rowsToCsv(rows);
}

/** linkedin-sales-reps-{yyyy-MM-dd}.csv, the date in the device's zone. */
export function leadCsvFileName(now: Date = new Date()): string {
  return datedFileName('linkedin-sales-reps', 'csv', now);
}
