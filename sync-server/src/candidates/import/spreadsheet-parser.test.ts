import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { DEFAULT_PARSE_LIMITS, parseSpreadsheetFile } from './spreadsheet-parser';

const dir = mkdtempSync(path.join(tmpdir(), 'rephire-parse-'));
function file(name: string, content: string | Uint8Array): string {
  const target = path.join(dir, name);
  writeFileSync(target, content);
  return target;
}

describe('the spreadsheet parser worker', () => {
  it('reads plain cell values, Dates included, from CSV and workbooks', async () => {
    const csv = file('a.csv', '\uFEFFName,Email\n"Doe, Jane",jane@x.io\n\n');
    expect(await parseSpreadsheetFile(csv, 'csv')).toEqual({ ok: true, rows: [['Name', 'Email'], ['Doe, Jane', 'jane@x.io']], truncated: false });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Name', 'When', 'Hired'], ['A', new Date('2026-01-02T00:00:00Z'), true]]), 'S');
    const xlsx = file('a.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
    const parsed = await parseSpreadsheetFile(xlsx, 'sheet');
    expect(parsed).toEqual({ ok: true, rows: [['Name', 'When', 'Hired'], ['A', new Date('2026-01-02T00:00:00Z'), true]], truncated: false });
  });

  it('reads Windows-1252 CSV files', async () => {
    const latin = file('latin.csv', Buffer.from('Name,Email\nJos\xe9 M\xfcller,jose@x.io\n', 'latin1'));
    expect(await parseSpreadsheetFile(latin, 'csv')).toMatchObject({ ok: true, rows: [['Name', 'Email'], ['José Müller', 'jose@x.io']] });
  });

  it('reads at most the row cap and says the file was cut', async () => {
    const csv = file('long.csv', ['Name,Email', ...Array.from({ length: 10 }, (_, i) => `P${i},p${i}@x.io`)].join('\n'));
    const capped = await parseSpreadsheetFile(csv, 'csv', { ...DEFAULT_PARSE_LIMITS, maxRows: 4 });
    expect(capped).toMatchObject({ ok: true, truncated: true });
    expect((capped as { rows: unknown[] }).rows).toHaveLength(5);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Name'], ...Array.from({ length: 10 }, (_, i) => [`P${i}`])]), 'S');
    const sheet = await parseSpreadsheetFile(file('long.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' })), 'sheet', { ...DEFAULT_PARSE_LIMITS, maxRows: 4 });
    expect(sheet).toMatchObject({ ok: true, truncated: true });
    expect(await parseSpreadsheetFile(csv, 'csv', { ...DEFAULT_PARSE_LIMITS, maxRows: 10 })).toMatchObject({ truncated: false });
  });

  it('stops a parse that takes too long', async () => {
    const csv = file('slow.csv', 'Name,Email\nA,a@x.io\n');
    expect(await parseSpreadsheetFile(csv, 'csv', { ...DEFAULT_PARSE_LIMITS, timeoutMs: 1 })).toEqual({
      ok: false,
      message: 'took too long to read; split it into smaller files',
    });
  });

  it('stops a parse that needs more memory than allowed', async () => {
    const row = `${'x'.repeat(200)},${'y'.repeat(200)}\n`;
    const csv = file('huge.csv', `Name,Email\n${row.repeat(40_000)}`);
    expect(await parseSpreadsheetFile(csv, 'csv', { ...DEFAULT_PARSE_LIMITS, maxOldGenerationSizeMb: 8 })).toEqual({
      ok: false,
      message: 'is too large to read; split it into smaller files',
    });
  });

  it('refuses what is not a spreadsheet', async () => {
    const junk = file('junk.xlsx', new Uint8Array([0x50, 0x4b, 3, 4, 0, 1, 2, 3, 4, 5]));
    expect(await parseSpreadsheetFile(junk, 'sheet')).toEqual({
      ok: false,
      message: 'the workbook is incomplete or damaged (was it cut off?); save it again and retry',
    });
    // Not a ZIP container at all: SheetJS decides, and fails.
    const binary = file('binary.xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 1, 2, 3]));
    expect(await parseSpreadsheetFile(binary, 'sheet')).toEqual({ ok: false, message: 'could not be read as a spreadsheet' });
  });
});
