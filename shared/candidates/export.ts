/**
 * Candidates to a file the recruiter takes elsewhere: the table's columns plus notes, one row per
 * candidate in the order given (the table's filter and sort, or the selection), dates as the table
 * shows them. The CSV goes through the one spreadsheet-safe cell rule (csvCell: a cell that would start
 * a formula is neutralised); the Excel workbook (built on the device, see pwa's export) holds every cell
 * as text, which a spreadsheet never runs.
 */
import { formatPacificDate } from '../format/dates';
import { csvCell } from '../leads/csv-export';
import type { Candidate } from '../schemas/candidate.schema';
import { capitalizeStatus } from './status-labels';

export const CANDIDATE_EXPORT_COLUMNS = ['Name', 'Email', 'Phone', 'Status', 'Applied Date', 'Notes'] as const;

export type ExportableCandidate = Pick<Candidate, 'name' | 'email' | 'phone' | 'status' | 'appliedDate' | 'notes'>;

/** One candidate's cells, as text. */
export function candidateExportRow(candidate: ExportableCandidate): string[] {
  return [
    candidate.name,
    candidate.email,
    candidate.phone ?? '',
    capitalizeStatus(candidate.status),
    formatPacificDate(candidate.appliedDate),
    candidate.notes ?? '',
  ];
}

/** The header and every candidate's cells. */
export function candidateExportTable(candidates: Iterable<ExportableCandidate>): string[][] {
  const table: string[][] = [[...CANDIDATE_EXPORT_COLUMNS]];
  for (const candidate of candidates) table.push(candidateExportRow(candidate));
  return table;
}

/** RFC 4180 CSV with a byte-order mark (Excel then reads it as UTF-8); every cell formula-safe. */
export function candidatesToCsv(candidates: Iterable<ExportableCandidate>): string {
  const lines = candidateExportTable(candidates).map((row) => row.map(csvCell).join(','));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/** candidates-{yyyy-MM-dd}.{csv|xlsx}, the date in the device's zone. */
export function candidateExportFileName(extension: 'csv' | 'xlsx', now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `candidates-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${extension}`;
}
