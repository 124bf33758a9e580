/**
 * The import's error report: every row (and file) that made no candidate, as the dialog lists it and as
 * "Download error report" writes it — the file, the row number as the spreadsheet shows it (the header
 * is row 1), the field at fault and the reason — through the one spreadsheet-safe CSV writer.
 */
import { datedFileName, rowsToCsv } from '../export/csv';

export interface ImportErrorLine {
  file: string;
  /** The spreadsheet's row number; null for a problem with the whole file. */
  row: number | null;
  field: string | null;
  reason: string;
}

export const ERROR_REPORT_COLUMNS = ['File', 'Row', 'Field', 'Reason'] as const;

/** A message as the reader words it ("Row 5: missing email"), without its row prefix. */
export function reasonOf(message: string): string {
  return message.replace(/^Row \d+: /, '');
}

export function errorReportCsv(lines: Iterable<ImportErrorLine>): string {
  const rows: Array<ReadonlyArray<string | number | null>> = [ERROR_REPORT_COLUMNS];
  for (const line of lines) rows.push([line.file, line.row, line.field, line.reason]);
  return rowsToCsv(rows);
}

export function errorReportFileName(now: Date = new Date()): string {
  return datedFileName('import-errors', 'csv', now);
}
