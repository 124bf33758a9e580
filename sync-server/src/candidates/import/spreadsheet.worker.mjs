/**
 * Reads one uploaded spreadsheet (CSV, xlsx/xls/xlsm/xlsb/ods) into rows of plain cell values, in a
 * worker thread the server can cut off: it runs under memory limits and a time limit set by its parent
 * (spreadsheet-parser.ts), reads at most `maxRows` data rows, and freezes Object.prototype before
 * loading SheetJS, so a crafted file can neither pollute prototypes nor take the server down. Only
 * plain values (strings, numbers, booleans, Dates) leave it, by structured clone.
 *
 * Plain JavaScript on purpose: it loads the same way under `npm start` (tsx), Vitest and plain Node.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

Object.freeze(Object.prototype);
Object.freeze(Array.prototype);
Object.freeze(Function.prototype);

const { path, kind, maxRows } = workerData;

function decodeText(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Not UTF-8: spreadsheet programs on Windows save CSV in their ANSI code page.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function plainCell(value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  return '';
}

async function readCsv(bytes) {
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse(decodeText(bytes), { header: false, skipEmptyLines: 'greedy', preview: maxRows + 2, dynamicTyping: false });
  const rows = parsed.data.map((row) => (Array.isArray(row) ? row.map(plainCell) : []));
  return { rows: rows.slice(0, maxRows + 1), truncated: rows.length > maxRows + 1 };
}

async function readWorkbook(bytes) {
  const XLSX = await import('xlsx');
  const workbook = XLSX.read(bytes, {
    type: 'buffer',
    cellFormula: false,
    cellHTML: false,
    cellText: false,
    cellDates: true,
    cellStyles: false,
    bookVBA: false,
    sheetRows: maxRows + 1,
    dense: true,
  });
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet) return { rows: [], truncated: false };
  const full = sheet['!fullref'] ? XLSX.utils.decode_range(sheet['!fullref']) : undefined;
  const read = sheet['!ref'] ? XLSX.utils.decode_range(sheet['!ref']) : undefined;
  const rows = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: '', blankrows: false });
  return {
    rows: rows.map((row) => (Array.isArray(row) ? row.map(plainCell) : [])),
    truncated: Boolean(full && read && full.e.r > read.e.r),
  };
}

try {
  const bytes = readFileSync(path);
  const result = kind === 'csv' ? await readCsv(bytes) : await readWorkbook(bytes);
  parentPort.postMessage({ ok: true, ...result });
} catch (error) {
  parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
