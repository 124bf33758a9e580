/**
 * One import pipeline: the same file gives the same rows, the same row numbers and the same messages on
 * a device (the reader its Web Worker runs, here in-process) and through POST /api/candidates/import
 * (the same reader in the server's worker thread). The cases are the ones where two readers used to
 * disagree: a blank line before a bad row, UTF-16 text, a workbook, a file without a header row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { readSpreadsheetFile } from '@shared/import/reader/read-file';
import { sheetKindOf } from '@shared/import/reader/file-kind';
import type { WorkerToMain } from '@shared/import/reader/protocol';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import type { HttpClient } from '../../../tests/helpers/http-client';

let server: TestServer;
let admin: HttpClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
});
afterAll(() => server.close());

const utf16le = (text: string) => new Uint8Array(Buffer.from(`\uFEFF${text}`, 'utf16le'));
const workbook = (rows: unknown[][]) => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'People');
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
};

const FILES: Array<[string, Uint8Array<ArrayBuffer> | string]> = [
  ['blank-line.csv', 'Name,Email,Phone\nAda Blank,ada@parity.io,555-0101\n\nNo Mail,,555-0102\nBea Blank,bea@parity.io,\n'],
  ['unicode.csv', utf16le('Name\tEmail\tCity\nZoë Ünal\tzoe@parity.io\tMünchen\nÅsa Öberg\tasa@parity.io\tMalmö\nBad Row\tnot-an-email\t\n')],
  ['people.xlsx', workbook([['Full Name', 'E-mail'], [], ['Kim Book', 'kim@parity.io'], ['', 'noname@parity.io']])],
  ['no-header.csv', 'Ada,ada2@parity.io\nBea,bea2@parity.io\n'],
];

/** What a device's import of the file gets: its rows, their numbers, and the messages. */
async function onDevice(name: string, content: Uint8Array<ArrayBuffer> | string) {
  const messages: WorkerToMain[] = [];
  await readSpreadsheetFile(new Blob([content]), sheetKindOf({ name, type: '' })!, 'UTC', { send: (m) => messages.push(m), room: async () => {} });
  const rows = messages.flatMap((m) => (m.type === 'batch' ? m.rows : []));
  const end = messages.at(-1)!;
  const errors = end.type === 'done' ? end.totals.errors.map((e) => e.message) : end.type === 'failed' ? [end.message] : [];
  return { rows, errors };
}

describe('the same file on a device and on the server', () => {
  it.each(FILES)('%s: same rows, row numbers and messages', async (name, content) => {
    const device = await onDevice(name, content);
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    const res = await admin.request('POST', '/api/candidates/import', { rawBody: form });
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual(device.errors.map((message) => `${name}: ${message}`));
    expect(res.body.total).toBe(device.rows.length);
    for (const row of device.rows) {
      const stored = await server.db.knex('candidates').where({ email: row.email }).first();
      expect(stored, row.email).toMatchObject({ name: row.name, ...(row.location ? { location: row.location } : {}), ...(row.phone ? { phone: row.phone } : {}) });
    }
  });

  it('numbers rows as the spreadsheet does, blank lines included, and reads UTF-16', async () => {
    expect((await onDevice(...FILES[0]!)).errors).toEqual(['Row 4: missing email']);
    expect((await onDevice(...FILES[1]!)).rows.map((row) => row.name)).toEqual(['Zoë Ünal', 'Åsa Öberg']);
    expect((await onDevice(...FILES[2]!)).errors).toEqual(['Row 4: missing name']);
  });
});
