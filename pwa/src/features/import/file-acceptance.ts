/**
 * Which files the import dialog takes (spec 5, import file acceptance): a CSV or spreadsheet type, or
 * a name ending in .csv, .xlsx, .xls, .xlsm, .xlsb or .ods. The name decides how a file is read
 * (Windows labels CSV files application/vnd.ms-excel); the type only when the name says nothing.
 */
import type { ToastInput } from '@/ui/toast/toast-queue';
import type { SheetKind } from '@/workers/spreadsheet/protocol';

export const WORKBOOK_EXTENSIONS = ['.xlsx', '.xls', '.xlsm', '.xlsb', '.ods'] as const;

export const WORKBOOK_TYPES: readonly string[] = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/vnd.ms-excel.sheet.macroenabled.12',
  'application/vnd.ms-excel.sheet.binary.macroenabled.12',
  'application/vnd.oasis.opendocument.spreadsheet',
];

/** For the file picker's `accept`. */
export const ACCEPT_ATTRIBUTE = ['.csv', ...WORKBOOK_EXTENSIONS, 'text/csv', ...WORKBOOK_TYPES].join(',');

export interface NamedFile {
  name: string;
  type: string;
}

/** How an accepted file is read, or null when the dialog does not take it. */
export function sheetKindOf(file: NamedFile): SheetKind | null {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase().split(';')[0]!.trim();
  if (name.endsWith('.csv')) return 'csv';
  if (WORKBOOK_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'workbook';
  if (type === 'text/csv') return 'csv';
  if (WORKBOOK_TYPES.includes(type)) return 'workbook';
  return null;
}

export interface Acceptance<F extends NamedFile> {
  accepted: F[];
  /** The toast to show, if any files were refused. */
  notice: ToastInput | null;
}

export function acceptFiles<F extends NamedFile>(files: readonly F[]): Acceptance<F> {
  const accepted = files.filter((file) => sheetKindOf(file) !== null);
  const refused = files.length - accepted.length;
  if (files.length > 0 && accepted.length === 0) {
    return { accepted, notice: { title: 'Invalid Files', description: 'Please upload CSV or Excel files only.', variant: 'destructive' } };
  }
  if (refused > 0) {
    return { accepted, notice: { title: 'Some files skipped', description: `${refused} unsupported files were ignored.` } };
  }
  return { accepted, notice: null };
}
