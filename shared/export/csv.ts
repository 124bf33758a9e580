/**
 * CSV files the recruiter opens in a spreadsheet (lead export, candidate export, import error report):
 * RFC 4180, every row ending in CRLF, a cell holding a comma, a quote or a line break quoted with its
 * quotes doubled, and a byte-order mark so Excel reads UTF-8. Spreadsheets run a cell that starts with
 * =, +, -, @, tab or CR as a formula, so such a cell (also after leading spaces, and the full-width
 * forms) gets an apostrophe in front: no text from a lead, a candidate or a file can become a formula on
 * the recruiter's machine. The one exception is a phone number written with its leading + (digits,
 * spaces, brackets, dots and dashes only): nothing in it can call a function, so it is left as written.
 */
import { zonedFields } from '../format/time-zone';

const FORMULA_START = /^[ \u00a0]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
const PLAIN_PHONE = /^\+[\d ().-]+$/;
const MIN_PHONE_DIGITS = 7;
const NEEDS_QUOTES = /[",\r\n\t]/;
export const CSV_BOM = '\ufeff';

/** "+1 (415) 555-0100": a phone number and nothing else, which no spreadsheet can run. */
export function isPlainPhoneNumber(value: string): boolean {
  return PLAIN_PHONE.test(value) && (value.match(/\d/g)?.length ?? 0) >= MIN_PHONE_DIGITS;
}

/** The cell as a spreadsheet will show it, never as a formula. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) && !isPlainPhoneNumber(value) ? `'${value}` : value;
}

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = neutraliseCell(String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (the header first) to a whole file: BOM, formula-safe cells, CRLF after every row. */
export function rowsToCsv(rows: Iterable<ReadonlyArray<string | number | null | undefined>>): string {
  const lines: string[] = [];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}

/**
 * A moment as spreadsheets read a date and time ("2026-11-22 02:00", in the given zone): Excel, Numbers
 * and Google Sheets turn it into a date cell, where an ISO string with T and Z stays text.
 */
export function csvDateTime(iso: string | null | undefined, timeZone: string): string {
  const epochMs = iso ? Date.parse(iso) : Number.NaN;
  if (!Number.isFinite(epochMs)) return '';
  const f = zonedFields(epochMs, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${f.year}-${pad(f.month)}-${pad(f.day)} ${pad(f.hour === 24 ? 0 : f.hour)}:${pad(f.minute)}`;
}

/** {prefix}-{yyyy-MM-dd}.{extension}, the date in the device's zone. */
export function datedFileName(prefix: string, extension: string, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${extension}`;
}
