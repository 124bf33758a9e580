import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { DEFAULT_PARSE_LIMITS, readUploadedFile } from './spreadsheet-parser';

const dir = mkdtempSync(path.join(tmpdir(), 'rephire-parse-'));
function file(name: string, content: string | Uint8Array): string {
  const target = path.join(dir, name);
  writeFileSync(target, content);
  return target;
}

const utf16 = (text: string, bigEndian = false) => {
  const bytes = Buffer.from(`\uFEFF${text}`, 'utf16le');
  if (bigEndian) for (let i = 0; i < bytes.length; i += 2) [bytes[i], bytes[i + 1]] = [bytes[i + 1]!, bytes[i]!];
  return bytes;
};

describe('reading an upload with the device’s reader, in a worker thread', () => {
  it('reads CSV and workbooks into import rows numbered as the spreadsheet numbers them', async () => {
    const csv = file('a.csv', '\uFEFFName,Email\n"Doe, Jane",jane@x.io\n\nNo Mail,\n');
    expect(await readUploadedFile(csv, 'csv', 'UTC')).toMatchObject({
      ok: true,
      rows: [{ name: 'Doe, Jane', email: 'jane@x.io' }],
      rowNumbers: [2],
      // The blank line counts, as it does in a spreadsheet program and on a device.
      totals: { errors: [{ row: 4, message: 'Row 4: missing email' }] },
    });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Name', 'Email', 'Applied'], ['A', 'a@x.io', new Date('2026-01-02T00:00:00Z')]]), 'S');
    const xlsx = file('a.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
    expect(await readUploadedFile(xlsx, 'workbook', 'UTC')).toMatchObject({
      ok: true,
      rows: [{ name: 'A', email: 'a@x.io', appliedDate: '2026-01-02T00:00:00.000Z' }],
    });
  });

  it('reads Windows-1252 and UTF-16 CSV files', async () => {
    const latin = file('latin.csv', Buffer.from('Name,Email\nJos\xe9 M\xfcller,jose@x.io\n', 'latin1'));
    expect(await readUploadedFile(latin, 'csv', 'UTC')).toMatchObject({ ok: true, rows: [{ name: 'José Müller', email: 'jose@x.io' }] });
    // "Unicode text" as spreadsheet programs save it: UTF-16 with a byte-order mark, tab-separated.
    for (const bigEndian of [false, true]) {
      const wide = file(`wide-${bigEndian}.csv`, utf16('Name\tEmail\nZoë Ünal\tzoe@x.io\nÅsa\tasa@x.io\nBo\tbo@x.io', bigEndian));
      expect(await readUploadedFile(wide, 'csv', 'UTC')).toMatchObject({ ok: true, rows: [{ name: 'Zoë Ünal', email: 'zoe@x.io' }, { name: 'Åsa' }, { name: 'Bo' }] });
    }
  });

  it('refuses a file over the row cap whole', async () => {
    const csv = file('long.csv', ['Name,Email', ...Array.from({ length: 10 }, (_, i) => `P${i},p${i}@x.io`)].join('\n'));
    const refused = { ok: false, message: 'has more than 4 rows; split it into smaller files' };
    expect(await readUploadedFile(csv, 'csv', 'UTC', { ...DEFAULT_PARSE_LIMITS, maxRows: 4 })).toEqual(refused);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Name', 'Email'], ...Array.from({ length: 10 }, (_, i) => [`P${i}`, `p${i}@x.io`])]), 'S');
    const sheet = file('long.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
    expect(await readUploadedFile(sheet, 'workbook', 'UTC', { ...DEFAULT_PARSE_LIMITS, maxRows: 4 })).toEqual(refused);
    expect(await readUploadedFile(csv, 'csv', 'UTC', { ...DEFAULT_PARSE_LIMITS, maxRows: 10 })).toMatchObject({ ok: true });
  });

  it('stops a read that takes too long', async () => {
    const csv = file('slow.csv', 'Name,Email\nA,a@x.io\n');
    expect(await readUploadedFile(csv, 'csv', 'UTC', { ...DEFAULT_PARSE_LIMITS, timeoutMs: 1 })).toEqual({
      ok: false,
      message: 'took too long to read; split it into smaller files',
    });
  });

  it('stops a read that needs more memory than allowed', async () => {
    const row = `${'x'.repeat(200)},${'y'.repeat(200)}@x.io\n`;
    const csv = file('huge.csv', `Name,Email\n${row.repeat(40_000)}`);
    expect(await readUploadedFile(csv, 'csv', 'UTC', { ...DEFAULT_PARSE_LIMITS, maxOldGenerationSizeMb: 8 })).toEqual({
      ok: false,
      message: 'is too large to read; split it into smaller files',
    });
  });

  it('refuses what is not a spreadsheet, with the device’s messages', async () => {
    const junk = file('junk.xlsx', new Uint8Array([0x50, 0x4b, 3, 4, 0, 1, 2, 3, 4, 5]));
    expect(await readUploadedFile(junk, 'workbook', 'UTC')).toEqual({
      ok: false,
      message: 'the workbook is incomplete or damaged (was it cut off?); save it again and retry',
    });
    const binary = file('binary.xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 1, 2, 3]));
    expect(await readUploadedFile(binary, 'workbook', 'UTC')).toMatchObject({ ok: false, message: expect.stringMatching(/^could not be read as a spreadsheet/) });
    const header = file('no-header.csv', 'Phone,City\n555,Oslo\n');
    expect(await readUploadedFile(header, 'csv', 'UTC')).toEqual({
      ok: false,
      message: 'The first row must be column headers, with an email column and a name column (e.g. "Name", "Email").',
    });
  });
});
