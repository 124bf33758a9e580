import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { ColumnMapping } from '../column-mapping';
import { storedWithoutUids, withoutUids } from '../testing';
import type { PreviewRequest, WorkerToMain } from './protocol';
import { PREVIEW_ROWS, previewSpreadsheetFile } from './preview-file';
import { DEFAULT_READ_LIMITS, readSpreadsheetFile, replayKeptRead } from './read-file';

async function preview(content: BlobPart, options: Partial<PreviewRequest> = {}) {
  const messages: WorkerToMain[] = [];
  await previewSpreadsheetFile(
    { file: new Blob([content]), kind: 'csv', timeZone: 'UTC', sheet: null, columns: null, remembered: [], ...options },
    (message) => messages.push(message),
  );
  return messages;
}

function book(sheets: Record<string, unknown[][]>): Uint8Array {
  const workbook = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), name);
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

describe('previewSpreadsheetFile', () => {
  it('shows the header row, its mapping and the first rows as stored, then counts the whole file', async () => {
    const lines = ['', 'Full Name,Email,Best number', 'Ana,ANA@x.com ,555-0100', ',,', 'No Email,,1', 'Ana Again,ana@x.com,'];
    for (let i = 0; i < 30; i += 1) lines.push(`P${i},p${i}@x.com,`);
    const [first, last, ...rest] = await preview(lines.join('\n'));
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ type: 'preview', preview: { sheets: [], sheet: null, problem: null } });
    const shown = (first as Extract<WorkerToMain, { type: 'preview' }>).preview;
    expect(shown.header).toEqual({
      row: 2,
      headers: ['Full Name', 'Email', 'Best number'],
      signature: 'fullname|email|bestnumber',
      columns: { name: 0, email: 1 },
      autoColumns: { name: 0, email: 1 },
      origin: 'auto',
    });
    expect(shown.rows).toHaveLength(PREVIEW_ROWS);
    expect(storedWithoutUids(shown.rows.slice(0, 3))).toEqual([
      { kind: 'candidate', row: 3, values: { name: 'Ana', email: 'ANA@x.com' }, warnings: [] },
      { kind: 'error', row: 5, field: 'email', message: 'Row 5: missing email' },
      { kind: 'candidate', row: 6, values: { name: 'Ana Again', email: 'ana@x.com' }, warnings: [] },
    ]);
    expect(last).toMatchObject({ type: 'previewDone', counts: { candidates: 32, errorCount: 1 } });
    const { emails } = (last as Extract<WorkerToMain, { type: 'previewDone' }>).counts!;
    expect(emails).toHaveLength(31);
    expect(emails.slice(0, 2)).toEqual(['ana@x.com', 'p0@x.com']);
  });

  it('previews a chosen mapping and a remembered one exactly as the import then reads it', async () => {
    const csv = 'Full Name,Email,Best number\nAna,ana@x.com,555-0100\n';
    const columns: ColumnMapping = { name: 0, email: 1, phone: 2 };
    const chosen = await preview(csv, { columns });
    expect(chosen[0]).toMatchObject({ preview: { header: { origin: 'chosen', columns }, rows: [{ values: { phone: '555-0100' } }] } });
    const remembered = await preview(csv, { remembered: [['fullname|email|bestnumber', columns]] });
    expect(remembered[0]).toMatchObject({ preview: { header: { origin: 'remembered', columns } } });

    const imported: WorkerToMain[] = [];
    await readSpreadsheetFile(new Blob([csv]), 'csv', 'UTC', { send: (m) => imported.push(m), room: async () => {} }, undefined, { columns });
    expect(imported[0]).toMatchObject({ type: 'batch', rows: [{ name: 'Ana', email: 'ana@x.com', phone: '555-0100' }] });
    expect(imported.at(-1)).toMatchObject({ type: 'done', totals: { ignoredHeaders: [] } });
  });

  it('shows the columns of a header without an email column, so one can be chosen, and stops there', async () => {
    const messages = await preview('Name,Correo\nAna,ana@x.com\n');
    expect(messages).toEqual([
      {
        type: 'preview',
        preview: expect.objectContaining({
          header: expect.objectContaining({ headers: ['Name', 'Correo'], columns: { name: 0 } }),
          problem: 'The first row must be column headers, with an email column (e.g. "Name", "Email").',
          rows: [],
        }),
      },
      { type: 'previewDone', counts: null, kept: false },
    ]);
    const fixed = await preview('Name,Correo\nAna,ana@x.com\n', { columns: { name: 0, email: 1 } });
    expect(fixed.at(-1)).toMatchObject({ type: 'previewDone', counts: { candidates: 1, emails: ['ana@x.com'] } });
  });

  it('fails as the import would for an empty file or one with no rows below the header', async () => {
    expect(await preview('')).toEqual([{ type: 'failed', message: 'the file is empty', totals: null }]);
    expect(await preview('Name,Email\n')).toEqual([{ type: 'failed', message: 'no candidates found below the header row', totals: null }]);
  });

  it('lists a workbook\'s sheets and previews the one chosen; the import reads that sheet', async () => {
    const bytes = book({
      Notes: [['Just a note']],
      Applicants: [['Name', 'Email'], ['Second Sheet', 'second@x.com']],
    });
    const first = await preview(bytes as BlobPart, { kind: 'workbook' });
    expect(first[0]).toMatchObject({ type: 'preview', preview: { sheets: ['Notes', 'Applicants'], sheet: 'Notes', problem: expect.stringContaining('an email column') } });
    const second = await preview(bytes as BlobPart, { kind: 'workbook', sheet: 'Applicants' });
    expect(second[0]).toMatchObject({ preview: { sheet: 'Applicants', rows: [{ values: { name: 'Second Sheet' } }] } });

    const imported: WorkerToMain[] = [];
    const port = { send: (m: WorkerToMain) => imported.push(m), room: async () => {} };
    await readSpreadsheetFile(new Blob([bytes as BlobPart]), 'workbook', 'UTC', port, undefined, { sheet: 'Applicants' });
    expect(imported.find((m) => m.type === 'batch')).toMatchObject({ rows: [{ name: 'Second Sheet', email: 'second@x.com' }] });
    const missing = await preview(bytes as BlobPart, { kind: 'workbook', sheet: 'Gone' });
    expect(missing).toEqual([{ type: 'failed', message: 'the workbook has no sheet named "Gone"', totals: null }]);
  });

  describe('keeping the batches for the import', () => {
    /** A file of `count` people, a bad row and a blank one among them, every one's cells on a line. */
    function people(count: number): string {
      const lines = ['Name,Email,Applied'];
      for (let i = 0; i < count; i += 1) lines.push(i === 3 ? 'Bad,not-an-email,' : i === 5 ? ',,' : `P${i},p${i}@x.com,2024-0${(i % 9) + 1}-1${i % 9}`);
      return lines.join('\n');
    }
    const limits = { ...DEFAULT_READ_LIMITS, batchSize: 4, keptMessages: 1_000 };
    const byRead = async (content: string) => {
      const messages: WorkerToMain[] = [];
      await readSpreadsheetFile(new Blob([content]), 'csv', 'UTC', { send: (m) => messages.push(m), room: async () => {} }, limits);
      return messages;
    };
    const byReplay = async (kept: Awaited<ReturnType<typeof previewSpreadsheetFile>>) => {
      const messages: WorkerToMain[] = [];
      await replayKeptRead(kept!, { send: (m) => messages.push(m), room: async () => {} });
      return messages;
    };
    const comparable = (messages: WorkerToMain[]) =>
      messages.map((message) => (message.type === 'batch' ? { ...message, rows: withoutUids(message.rows) } : message));

    it('keeps exactly what the import would read itself: the batches, their progress, every error, the totals', async () => {
      const content = people(30);
      const sent: WorkerToMain[] = [];
      const kept = await previewSpreadsheetFile(
        { file: new Blob([content]), kind: 'csv', timeZone: 'UTC', sheet: null, columns: null, remembered: [] },
        (message) => sent.push(message),
        limits,
        30,
      );
      expect(sent.at(-1)).toMatchObject({ type: 'previewDone', counts: { candidates: 28, errorCount: 1 }, kept: true });
      const replayed = await byReplay(kept);
      const read = await byRead(content);
      expect(comparable(replayed)).toEqual(comparable(read.filter((message) => message.type !== 'progress')));
      expect(replayed.filter((message) => message.type === 'batch')).toHaveLength(7);
      expect(replayed.at(-1)).toMatchObject({ type: 'done', totals: { candidates: 28, errorCount: 1, errors: [{ row: 5, field: 'email' }] } });
    });

    it('keeps nothing of a file with more candidate rows than it may keep, nor of one it cannot import', async () => {
      const request = { kind: 'csv' as const, timeZone: 'UTC', sheet: null, columns: null, remembered: [] };
      const sent: WorkerToMain[] = [];
      expect(await previewSpreadsheetFile({ ...request, file: new Blob([people(30)]) }, (m) => sent.push(m), limits, 27)).toBeNull();
      expect(sent.at(-1)).toMatchObject({ type: 'previewDone', counts: { candidates: 28 }, kept: false });
      expect(await previewSpreadsheetFile({ ...request, file: new Blob(['Name,Correo\nAna,ana@x.com\n']) }, (m) => sent.push(m), limits, 30)).toBeNull();
      expect(sent.at(-1)).toEqual({ type: 'previewDone', counts: null, kept: false });
      expect(await previewSpreadsheetFile({ ...request, file: new Blob(['Name,Email\n']) }, (m) => sent.push(m), limits, 30)).toBeNull();
      expect(sent.at(-1)).toMatchObject({ type: 'failed' });
      // Without keepRows (the default) a preview keeps nothing.
      expect(await previewSpreadsheetFile({ ...request, file: new Blob([people(30)]) }, (m) => sent.push(m), limits)).toBeNull();
      expect(sent.at(-1)).toMatchObject({ type: 'previewDone', kept: false });
    });
  });
});
