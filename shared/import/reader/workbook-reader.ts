/**
 * Reads one sheet of a workbook (the first unless one is named) (xlsx, xls, xlsm, xlsb, ods) with SheetJS. SheetJS is loaded
 * here, on first use, never before the worker froze Object.prototype (spreadsheet.worker.ts), so a
 * crafted file cannot pollute prototypes (CVE-2023-30533 was exactly that). Formulas and HTML are not
 * read (cached values only), and at most `maxRows` data rows are parsed: a bigger sheet is refused
 * whole rather than cut off silently. Only plain cell values leave: strings, numbers, booleans, Dates.
 */
export interface WorkbookRows {
  /** Every sheet's name, in workbook order. */
  sheets: string[];
  /** The sheet read; null when the workbook has no sheet by the name asked for (rows are then empty). */
  sheet: string | null;
  /** The header row first, then data rows. */
  rows: unknown[][];
  /** The sheet has more rows than were read. */
  truncated: boolean;
}

function plainCell(value: unknown): unknown {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  return '';
}

export async function readWorkbookRows(bytes: Uint8Array, maxRows: number, sheetName: string | null = null): Promise<WorkbookRows> {
  const XLSX = await import('xlsx');
  const workbook = XLSX.read(bytes, {
    type: 'array',
    cellFormula: false,
    cellHTML: false,
    cellText: false,
    cellStyles: false,
    cellDates: true,
    bookVBA: false,
    dense: true,
    sheetRows: maxRows + 1,
    // Only the sheet read is parsed (the names of all are read regardless).
    sheets: sheetName ?? 0,
  });
  const sheets = [...workbook.SheetNames];
  const name = sheetName ?? sheets[0];
  if (name === undefined || !sheets.includes(name)) return { sheets, sheet: null, rows: [], truncated: false };
  const sheet = Object.prototype.hasOwnProperty.call(workbook.Sheets, name) ? workbook.Sheets[name] : undefined;
  if (!sheet) return { sheets, sheet: name, rows: [], truncated: false };
  const full = sheet['!fullref'] ? XLSX.utils.decode_range(sheet['!fullref']) : undefined;
  const read = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']) : undefined;
  // blankrows: true keeps row numbers equal to the sheet's own (mapping skips blank rows itself).
  const raw = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
  const rows = raw.map((row) => (Array.isArray(row) ? row.map(plainCell) : []));
  // sheet_to_json starts at the sheet's first used row; blank rows above it still count in row numbers.
  const leadingBlank = read ? read.s.r : 0;
  return {
    sheets,
    sheet: name,
    rows: [...Array.from({ length: leadingBlank }, () => [] as unknown[]), ...rows],
    truncated: Boolean(full && read && full.e.r > read.e.r),
  };
}
