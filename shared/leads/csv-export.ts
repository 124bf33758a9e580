/**
 * The saved-leads CSV export (built on the device). RFC 4180: every row ends in CRLF, a cell holding a
 * comma, a quote or a line break is quoted with its quotes doubled. Spreadsheets run a cell that starts
 * with =, +, -, @, tab or CR as a formula, so such a cell (also after leading spaces, and the full-width
 * forms) is prefixed with an apostrophe: a lead's headline can never become a formula on the recruiter's
 * machine. The file starts with a byte-order mark so Excel reads it as UTF-8.
 */
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

const FORMULA_START = /^[ \u00a0]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
const NEEDS_QUOTES = /[",\r\n\t]/;
const BOM = '\ufeff';

/** The cell as a spreadsheet will show it, never as a formula. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = neutraliseCell(String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function leadCsvRow(lead: ExportableLead): string[] {
  return [
    lead.full_name,
    lead.job_title,
    lead.company,
    lead.location,
    lead.linkedin_url,
    lead.email,
    lead.phone_number,
    lead.scraped_at,
  ].map(csvCell);
}

export function leadsToCsv(leads: Iterable<ExportableLead>): string {
  const lines = [LEAD_CSV_COLUMNS.map(csvCell).join(',')];
  for (const lead of leads) lines.push(leadCsvRow(lead).join(','));
  return BOM + lines.join('\r\n') + '\r\n';
}

/** linkedin-sales-reps-{yyyy-MM-dd}.csv, the date in the device's zone. */
export function leadCsvFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `linkedin-sales-reps-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
