import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { importFiles } from './import.service';
import { DEFAULT_PARSE_LIMITS } from './spreadsheet-parser';
import type { TestServer } from '../../../tests/helpers/test-server';
import { serverForFile } from '../../../tests/helpers/file-server';
import type { HttpClient } from '../../../tests/helpers/http-client';
import { TestDevice } from '../../../tests/helpers/sync-device';
import { prototypePollutionXlsx } from '../../../../pwa/tests/support/hostile-files';

let server: TestServer;
let admin: HttpClient;
let recruiter: HttpClient;

serverForFile((file) => ({ server, admin, recruiter } = file));

type Upload = [name: string, content: string | Uint8Array, type?: string];

function upload(client: HttpClient, files: Upload[], query = '') {
  const form = new FormData();
  for (const [name, content, type] of files) {
    const bytes = typeof content === 'string' ? content : new Uint8Array(content);
    form.append('file', new Blob([bytes], { type: type ?? '' }), name);
  }
  return client.request('POST', `/api/candidates/import${query}`, { rawBody: form });
}

function workbook(rows: unknown[][], bookType: XLSX.BookType): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Candidates');
  return XLSX.write(book, { type: 'buffer', bookType });
}

const byEmail = (email: string) => server.db.knex('candidates').whereRaw('lower(btrim(email)) = ?', [email]);

describe('POST /api/candidates/import', () => {
  it('imports a CSV with forgiving headers, folding duplicates and updating known emails', async () => {
    const device = new TestDevice(admin);
    await device.pull();
    await upload(admin, [['seed.csv', 'Name,Email,Phone\nKnown Kim,kim@imp.io,555-0100\n']]);
    const csv = [
      'Full Name,E-mail Address,Mobile,City,State,Status,Notes',
      'Ann Import,ann@imp.io,555-0001,Austin,TX,Interviewed,met at fair',
      'Known Kim,  KIM@imp.io ,,Boston,,,second application',
      'No Email,,555-0002,,,,',
      'Ann Again,ANN@imp.io,555-0003,,,,',
      ',,,,,,',
    ].join('\n');
    const res = await upload(recruiter, [['people.csv', csv, 'text/csv']]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total: 3, imported: 1, updated: 2, errors: ['people.csv: Row 4: missing email'] });
    const [ann] = await byEmail('ann@imp.io');
    expect(ann).toMatchObject({ name: 'Ann Again', phone: '555-0003', location: 'Austin, TX', status: 'interview', notes: 'met at fair' });
    const kim = await byEmail('kim@imp.io');
    expect(kim).toHaveLength(1);
    expect(kim[0]).toMatchObject({ phone: '555-0100', location: 'Boston', notes: 'second application' });
    const history = (await admin.get(`/api/candidates/${kim[0].id}/history`)).body;
    expect(history).toEqual([expect.objectContaining({ field: 'location', kind: 'overwritten', value: null, origin: 'import' })]);
    // Devices receive them by pull.
    const pulled = await device.pull();
    // A later row of the same person keeps the first row's email, as it keeps a known candidate's.
    expect(pulled.candidates.map((c) => c.email).sort()).toEqual(['ann@imp.io', 'kim@imp.io'].sort());
  });

  it('reads xlsx, xlsm, xlsb, xls and ods, several files in one request, with per-file errors', async () => {
    const rows = (tag: string) => [
      ['Name', 'Email', 'Applied Date'],
      [`Sheet ${tag}`, `${tag}@sheet.io`, new Date('2026-02-03T00:00:00Z')],
    ];
    const res = await upload(admin, [
      ['a.xlsx', workbook(rows('xlsx'), 'xlsx')],
      ['b.xlsm', workbook(rows('xlsm'), 'xlsm')],
      ['c.xlsb', workbook(rows('xlsb'), 'xlsb')],
      ['d.xls', workbook(rows('xls'), 'biff8')],
      ['e.ods', workbook(rows('ods'), 'ods')],
      ['notes.txt', 'hello', 'text/plain'],
      ['empty.csv', ''],
      ['broken.xlsx', 'PK\u0003\u0004 this is not really a workbook'],
      ['headers.csv', 'Nom,Courriel\nA,a@b.io\n'],
    ]);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(res.body.imported).toBe(5);
    // Each error names its file, in the order the files were chosen.
    expect(res.body.errors).toEqual([
      'notes.txt: unsupported file type; upload CSV or Excel files (.csv, .xlsx, .xls, .xlsm, .xlsb, .ods)',
      'empty.csv: the file is empty',
      'broken.xlsx: the workbook is incomplete or damaged (was it cut off?); save it again and retry',
      'headers.csv: The first row must be column headers, with an email column and a name column (e.g. "Name", "Email").',
    ]);
    for (const tag of ['xlsx', 'xlsm', 'xlsb', 'xls', 'ods']) {
      const [row] = await byEmail(`${tag}@sheet.io`);
      expect(row, tag).toMatchObject({ name: `Sheet ${tag}` });
      expect(new Date(row.appliedDate).toISOString().slice(0, 10), tag).toBe('2026-02-03');
    }
  });

  it('accepts a spreadsheet type even without a known extension', async () => {
    const res = await upload(admin, [['export', workbook([['Name', 'Email'], ['Typed', 'typed@sheet.io']], 'xlsx'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']]);
    expect(res.body).toMatchObject({ total: 1, imported: 1, errors: [] });
  });

  it('never lets a spreadsheet pollute prototypes or smuggle fields', async () => {
    const csv = '__proto__,constructor,Name,Email,isAdmin\n{"polluted":1},{"prototype":{"polluted":1}},Proto Csv,proto@csv.io,true\n';
    // CVE-2023-30533's comment ref="__proto__", plus __proto__ and constructor columns.
    const crafted = prototypePollutionXlsx();

    const res = await upload(admin, [
      ['proto.csv', csv],
      ['proto.xlsx', crafted],
    ]);
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(2);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const [fromCsv] = await byEmail('proto@csv.io');
    const [fromSheet] = await byEmail('proto@sheet.io');
    expect(fromCsv).toMatchObject({ name: 'Proto Csv', notes: '', skills: '' });
    expect(fromSheet).toMatchObject({ name: 'Proto Sheet', notes: '', skills: '' });
    expect(JSON.stringify([fromCsv, fromSheet])).not.toContain('polluted');
    // The server still works normally afterwards.
    expect((await admin.get('/api/candidates')).status).toBe(200);
  });

  it('refuses a file over the row cap as a whole, naming it', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'rephire-cap-')), 'long.csv');
    const content = ['Name,Email', ...Array.from({ length: 5 }, (_, i) => `Cap ${i},cap${i}@x.io`)].join('\n');
    writeFileSync(file, content);
    const adminId = (await admin.get('/api/user')).body.id;
    const summary = await importFiles(server.db.knex, adminId, [{ path: file, name: 'long.csv', mimetype: 'text/csv', size: content.length }], 'UTC', {
      ...DEFAULT_PARSE_LIMITS,
      maxRows: 3,
    });
    expect(summary).toEqual({ total: 0, imported: 0, updated: 0, errors: ['long.csv: has more than 3 rows; split it into smaller files'] });
    expect(await byEmail('cap0@x.io')).toHaveLength(0);
  });

  it('refuses oversized uploads with 413 and a clear message', async () => {
    const big = await upload(admin, [['big.csv', Buffer.alloc(10 * 1024 * 1024 + 1, 'a')]]);
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Each file must be at most 10 MB' });
    const nine = Buffer.alloc(9 * 1024 * 1024, 'a');
    const total = await upload(admin, [
      ['1.csv', nine],
      ['2.csv', nine],
      ['3.csv', nine],
    ]);
    expect(total.status).toBe(413);
    expect(total.body.message).toBe('The files together must be at most 25 MB');
    const many = await upload(admin, Array.from({ length: 11 }, (_, i): Upload => [`${i}.csv`, 'Name,Email\n']));
    expect(many.status).toBe(413);
    expect(many.body.message).toBe('At most 10 files can be imported at once');
  });

  it('refuses requests without files or with a malformed body', async () => {
    const none = await admin.post('/api/candidates/import', {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('No files uploaded: send one or more parts named "file"');
    const otherName = new FormData();
    otherName.append('upload', new Blob(['Name,Email\nA,a@x.io\n']), 'a.csv');
    expect((await admin.request('POST', '/api/candidates/import', { rawBody: otherName })).status).toBe(400);
    const malformed = await admin.request('POST', '/api/candidates/import', {
      rawBody: '--nope\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nName,Email\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=other' },
    });
    expect(malformed.status).toBe(400);
    const badZone = await upload(admin, [['a.csv', 'Name,Email\nA,zone@x.io\n']], '?tz=Nowhere/Land');
    expect(badZone.status).toBe(400);
  });

  it('needs a signed-in user; API keys and strangers are refused before the upload is read', async () => {
    const { key } = (await admin.post('/api/api-keys', { name: 'import' })).body;
    const anon = server.client();
    expect((await upload(anon, [['a.csv', 'Name,Email\nA,anon@x.io\n']])).status).toBe(401);
    const form = new FormData();
    form.append('file', new Blob(['Name,Email\nA,key@x.io\n']), 'a.csv');
    expect((await anon.request('POST', '/api/candidates/import', { rawBody: form, headers: { 'x-api-key': key } })).status).toBe(401);
    expect(await byEmail('anon@x.io')).toHaveLength(0);
  });
});
