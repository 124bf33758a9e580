/**
 * Candidates to a file the recruiter takes elsewhere: the table's columns plus notes, one row per
 * candidate in the order given (the table's filter and sort, or the selection), dates as the table
 * shows them. The CSV goes through the one spreadsheet-safe writer (export/csv.ts: a cell that would
 * start a formula is neutralised); the Excel workbook (built on the device, see pwa's export) holds every cell
 * as text, which a spreadsheet never runs.
 */
import { datedFileName, rowsToCsv } from '../export/csv';
import { formatPacificDate } from '../format/dates';
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

/** CSV through the one spreadsheet-safe writer (export/csv.ts). */
export function candidatesToCsv(candidates: Iterable<ExportableCandidate>): string {
  return rowsToCsv(candidateExportTable(candidates));
}

/** candidates-{yyyy-MM-dd}.{csv|xlsx}, the date in the device's zone. */
export function candidateExportFileName(extension: 'csv' | 'xlsx', now: Date = new Date()): string {
  return datedFileName('candidates', extension, now);
}
