import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { withoutUids } from '../testing';
import type { WorkerToMain } from './protocol';
import { DEFAULT_READ_LIMITS, readSpreadsheetFile, type ReadLimits } from './read-file';

type Batch = Extract<WorkerToMain, { type: 'batch' }>;

async function read(content: BlobPart | BlobPart[], kind: 'csv' | 'workbook' = 'csv', limits: Partial<ReadLimits> = {}) {
  const messages: WorkerToMain[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const port = {
    send(message: WorkerToMain) {
      messages.push(message);
      if (message.type === 'batch') maxInFlight = Math.max(maxInFlight, (inFlight += 1));
    },
    // The main thread stores one batch at a time: acknowledge asynchronously, like a real one.
    async room() {
      await new Promise((resolve) => setTimeout(resolve, 0));
      inFlight = 0;
    },
  };
  const blob = new Blob(Array.isArray(content) ? content : [content]);
  await readSpreadsheetFile(blob, kind, 'UTC', port, { ...DEFAULT_READ_LIMITS, ...limits });
  const batches = messages.filter((m): m is Batch => m.type === 'batch');
  const last = messages.at(-1)!;
  return { messages, batches, rows: withoutUids(batches.flatMap((b) => b.rows)), last, maxInFlight };
}

function workbook(rows: unknown[][], bookType: XLSX.BookType = 'xlsx'): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Candidates');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer);
}

describe('readSpreadsheetFile: CSV', () => {
  it('streams batches with rising progress, then the totals', async () => {
    const lines = ['Name,Email,Phone'];
    for (let i = 0; i < 2500; i += 1) lines.push(`Person ${i},p${i}@example.com,555${i}`);
    const { batches, last, maxInFlight } = await read(lines.join('\n'), 'csv', { sliceBytes: 4096, batchSize: 1000 });
    expect(batches.map((b) => b.rows.length)).toEqual([1000, 1000, 500]);
    expect(batches.map((b) => b.batch)).toEqual([1, 2, 3]);
    expect(batches[0]!.rowNumbers[0]).toBe(2);
    expect(batches[2]!.rowNumbers.at(-1)).toBe(2501);
    const progress = batches.map((b) => b.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress[0]).toBeGreaterThan(0.3);
    expect(progress[0]).toBeLessThan(0.5);
    expect(progress.at(-1)).toBe(1);
    expect(maxInFlight).toBe(1);
    expect(last).toMatchObject({ type: 'done', totals: { dataRows: 2500, candidates: 2500, errorCount: 0 } });
  });

  it('reads UTF-16 and Windows-1252 files with accented names', async () => {
    const text = 'Name,Email\r\nJosé Müller,jose@example.com\r\nFrançoise Lefèvre,f@example.com\r\n';
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i += 1) new DataView(utf16.buffer).setUint16(2 + 2 * i, text.charCodeAt(i), true);
    const cp1252 = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    for (const bytes of [utf16, cp1252]) {
      const { rows, last } = await read(bytes as BlobPart, 'csv', { sliceBytes: 7 });
      expect(rows.map((r) => r.name)).toEqual(['José Müller', 'Françoise Lefèvre']);
      expect(last.type).toBe('done');
    }
  });

  it('fails clearly for an empty file, a header only, and binary junk named .csv', async () => {
    expect((await read('')).last).toEqual({ type: 'failed', message: 'the file is empty', totals: null });
    expect((await read('\n\n ,\n')).last).toMatchObject({ type: 'failed', message: 'the file is empty' });
    expect((await read('Name,Email\n')).last).toMatchObject({ type: 'failed', message: 'no candidates found below the header row' });
    expect((await read('Name,Email\n,\n\n')).last).toMatchObject({ type: 'failed', message: 'no candidates found below the header row' });
    const junk = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 7919 + 13) % 256);
    expect((await read(junk as BlobPart)).last).toMatchObject({ type: 'failed', message: expect.stringContaining('not a CSV text file') });
    expect((await read('Full name,Phone\nAna,555\n')).last).toMatchObject({
      type: 'failed',
      message: 'The first row must be column headers, with an email column (e.g. "Name", "Email").',
    });
  });

  it('reports 10,000 rows without an email by count and first messages, and keeps the good rows', async () => {
    const lines = ['Name,Email'];
    for (let i = 0; i < 10_000; i += 1) lines.push(`Nobody ${i},`);
    lines.push('Ana,ana@example.com');
    const { rows, last, messages } = await read(lines.join('\n'), 'csv', { sliceBytes: 16 * 1024 });
    expect(rows).toEqual([{ name: 'Ana', email: 'ana@example.com' }]);
    if (last.type !== 'done') throw new Error(`expected done, got ${last.type}`);
    expect(last.totals.errorCount).toBe(10_000);
    expect(last.totals.errors).toHaveLength(100);
    expect(last.totals.errors[0]).toEqual({ row: 2, field: 'email', message: 'Row 2: missing email' });
    expect(messages.filter((m) => m.type === 'progress').length).toBeGreaterThan(3);
  });

  it('reports an unterminated quote as a row error', async () => {
    const { last } = await read('Name,Email\nAna,a@x.com\n"Ben,b@x.com\n');
    expect(last).toMatchObject({ type: 'done', totals: { errors: expect.arrayContaining([{ row: 3, field: null, message: 'Row 3: Quoted field unterminated' }]) } });
  });

  it('reads a workbook saved under a .csv name as the workbook it is', async () => {
    const bytes = workbook([['Name', 'Email'], ['Ana', 'ana@x.com']]);
    expect((await read(bytes as BlobPart, 'csv')).rows).toEqual([{ name: 'Ana', email: 'ana@x.com' }]);
  });
});

describe('readSpreadsheetFile: workbooks', () => {
  it.each(['xlsx', 'xlsm', 'xlsb', 'xls', 'ods'] as const)('reads %s with the shared mapping', async (bookType) => {
    const bytes = workbook(
      [
        ['Full Name', 'E-mail', 'Phone Number', 'Applied Date', 'Status'],
        ['Zoë Ñúñez', 'zoe@example.com', 9495550101, '2024-01-05', 'Interviewed'],
        [],
        ['No Email', '', '', '', ''],
      ],
      bookType,
    );
    const { rows, last, batches } = await read(bytes as BlobPart, 'workbook');
    expect(rows).toEqual([
      { name: 'Zoë Ñúñez', email: 'zoe@example.com', phone: '9495550101', appliedDate: '2024-01-05T00:00:00.000Z', status: 'interview' },
    ]);
    expect(batches[0]!.rowNumbers).toEqual([2]);
    expect(last).toMatchObject({ type: 'done', totals: { dataRows: 3, blankRows: 1, errorCount: 1, errors: [{ row: 4, message: 'Row 4: missing email' }] } });
  });

  it('never evaluates formulas: the cached value is read', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([['Name', 'Email'], ['Ana', 'ana@x.com']]);
    sheet.A2 = { t: 's', v: 'Ana', f: 'HYPERLINK("http://evil","Ana")' };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'S');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    expect((await read(bytes as BlobPart, 'workbook')).rows).toEqual([{ name: 'Ana', email: 'ana@x.com' }]);
  });

  it('refuses a sheet over the row cap and a workbook over the size cap, whole', async () => {
    const rows: unknown[][] = [['Name', 'Email']];
    for (let i = 0; i < 30; i += 1) rows.push([`P${i}`, `p${i}@x.com`]);
    const bytes = workbook(rows);
    const capped = await read(bytes as BlobPart, 'workbook', { maxWorkbookRows: 20 });
    expect(capped.batches).toEqual([]);
    expect(capped.last).toMatchObject({ type: 'failed', message: 'the sheet has more than 20 rows; split it into smaller files or save it as CSV' });
    const big = await read(bytes as BlobPart, 'workbook', { maxWorkbookBytes: 100 });
    expect(big.last).toMatchObject({ type: 'failed', message: expect.stringContaining('save it as CSV') });
  });

  it('fails clearly for junk named .xlsx', async () => {
    const junk = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919 + 13) % 256);
    expect((await read(junk as BlobPart, 'workbook')).last).toMatchObject({ type: 'failed', message: expect.stringContaining('not a spreadsheet file') });
    const brokenZip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await read(brokenZip as BlobPart, 'workbook')).last).toMatchObject({ type: 'failed', message: 'the workbook is incomplete or damaged (was it cut off?); save it again and retry' });
  });
});
