/**
 * Which files an import takes (spec 5, import file acceptance), on the device and the server alike: a
 * CSV or spreadsheet type, or a name ending in .csv, .xlsx, .xls, .xlsm, .xlsb or .ods. The name decides
 * how a file is read (Windows labels CSV files application/vnd.ms-excel); the type only when the name
 * says nothing.
 */
import type { SheetKind } from './protocol';

export const WORKBOOK_EXTENSIONS = ['.xlsx', '.xls', '.xlsm', '.xlsb', '.ods'] as const;

export const WORKBOOK_TYPES: readonly string[] = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/vnd.ms-excel.sheet.macroenabled.12',
  'application/vnd.ms-excel.sheet.binary.macroenabled.12',
  'application/vnd.oasis.opendocument.spreadsheet',
];

/** For a file picker's `accept`. */
export const ACCEPT_ATTRIBUTE = ['.csv', ...WORKBOOK_EXTENSIONS, 'text/csv', ...WORKBOOK_TYPES].join(',');

export interface NamedFile {
  name: string;
  /** The declared media type ('' or null when none). */
  type: string | null;
}

/** How an accepted file is read, or null when an import does not take it. */
export function sheetKindOf(file: NamedFile): SheetKind | null {
  const name = file.name.toLowerCase();
  const type = (file.type ?? '').toLowerCase().split(';')[0]!.trim();
  if (name.endsWith('.csv')) return 'csv';
  if (WORKBOOK_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'workbook';
  if (type === 'text/csv') return 'csv';
  if (WORKBOOK_TYPES.includes(type)) return 'workbook';
  return null;
}
