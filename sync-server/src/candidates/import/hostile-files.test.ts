/**
 * Hostile spreadsheets through POST /api/candidates/import: cut-off and corrupted xlsx and ods files,
 * a zip bomb, the prototype-pollution sample and a 200,000-row sheet. Each answers a clear per-file
 * message (or imports correctly), nothing pollutes a prototype, and the server imports normally right
 * after. The device's side is in pwa/src/workers/spreadsheet/hostile-workbooks.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '@shared/api/candidates.contract';
import {
  SMALL_SHEET,
  bigSheetXlsx,
  corrupted,
  prototypePollutionXlsx,
  truncated,
  workbookBytes,
  zipBombXlsx,
} from '../../../../pwa/tests/support/hostile-files';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import type { HttpClient } from '../../../tests/helpers/http-client';

let server: TestServer;
let admin: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
});
afterAll(() => server.close());

function upload(files: Array<[name: string, bytes: Uint8Array]>) {
  const form = new FormData();
  for (const [name, bytes] of files) form.append('file', new Blob([bytes as BlobPart]), name);
  return admin.request('POST', '/api/candidates/import', { rawBody: form });
}

const objectKeys = Object.getOwnPropertyNames(Object.prototype).sort();

async function expectHealthy(tag: string) {
  const res = await upload([[`${tag}.xlsx`, workbookBytes([['Name', 'Email'], [`After ${tag}`, `after-${tag}@ok.io`]])]]);
  expect(res.body).toEqual({ total: 1, imported: 1, updated: 0, errors: [] });
  expect((await admin.get('/api/candidates')).status).toBe(200);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(objectKeys);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

describe('hostile spreadsheets on the server', () => {
  it('refuses cut-off and corrupted xlsx and ods files, each with its own message', async () => {
    const xlsx = workbookBytes(SMALL_SHEET, 'xlsx');
    const ods = workbookBytes(SMALL_SHEET, 'ods');
    const res = await upload([
      ['cut.xlsx', truncated(xlsx)],
      ['flipped.xlsx', corrupted(xlsx)],
      ['cut.ods', truncated(ods)],
      ['flipped.ods', corrupted(ods)],
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total: 0,
      imported: 0,
      updated: 0,
      errors: [
        'cut.xlsx: the workbook is incomplete or damaged (was it cut off?); save it again and retry',
        'flipped.xlsx: the workbook is damaged: its contents cannot be unpacked',
        'cut.ods: the workbook is incomplete or damaged (was it cut off?); save it again and retry',
        'flipped.ods: the workbook is damaged: its contents cannot be unpacked',
      ],
    });
    await expectHealthy('damaged');
  });

  it('refuses a zip bomb at once, whatever size it declares', { timeout: 60_000 }, async () => {
    const res = await upload([
      ['bomb.xlsx', await zipBombXlsx(400)],
      ['sly-bomb.xlsx', await zipBombXlsx(400, 4096)],
      ['tight.xlsx', await zipBombXlsx(60)],
    ]);
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([
      'bomb.xlsx: the workbook unpacks to more than 300 MB; save it as CSV and import that',
      'sly-bomb.xlsx: the workbook unpacks to more than 300 MB; save it as CSV and import that',
      expect.stringMatching(/^tight\.xlsx: the workbook is packed \d+ times tighter than a real spreadsheet \(a "zip bomb"\?\)/),
    ]);
    await expectHealthy('bomb');
  });

  it('imports the prototype-pollution sample as plain text', async () => {
    const res = await upload([['proto.xlsx', prototypePollutionXlsx()]]);
    expect(res.body).toEqual({ total: 1, imported: 1, updated: 0, errors: [] });
    const [row] = await server.db.knex('candidates').where({ email: 'proto@sheet.io' });
    expect(row).toMatchObject({ name: 'Proto Sheet', notes: '', skills: '' });
    expect(JSON.stringify(row)).not.toContain('polluted');
    await expectHealthy('proto');
  });

  // The server reads at most IMPORT_LIMITS.maxRowsPerFile (100,000) rows of a file, so a 200,000-row
  // sheet is refused whole with a message naming the limit, never imported in part. (The device reads
  // up to 200,000, and pushes them in batches; the server limit guards its one-request import.)
  it('refuses a 200,000-row sheet whole, naming the row limit', { timeout: 120_000 }, async () => {
    expect(IMPORT_LIMITS.maxRowsPerFile).toBe(100_000);
    const res = await upload([['big.xlsx', bigSheetXlsx(200_000)]]);
    expect(res.body).toEqual({ total: 0, imported: 0, updated: 0, errors: ['big.xlsx: has more than 100,000 rows; split it into smaller files'] });
    expect(await server.db.knex('candidates').where({ email: 'big1@sheet.io' })).toHaveLength(0);
    await expectHealthy('big');
  });
});
