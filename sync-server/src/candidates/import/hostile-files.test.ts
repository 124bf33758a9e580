/**
 * Hostile spreadsheets through POST /api/candidates/import: cut-off and corrupted xlsx and ods files,
 * a zip bomb, the prototype-pollution sample and a 200,000-row sheet. Each answers a clear per-file
 * message (or imports correctly), nothing pollutes a prototype, and the server imports normally right
 * after; so do generated junk uploads. The device's side is in
 * pwa/src/workers/spreadsheet/hostile-workbooks.test.ts.
 */
import fc from 'fast-check';
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

  it('answers generated junk uploads with a summary or a 4xx, never a crash', { timeout: 120_000 }, async () => {
    const xlsx = workbookBytes(SMALL_SHEET, 'xlsx');
    const name = fc.oneof(
      fc.constantFrom('a.csv', 'b.xlsx', 'c.ods', 'd.xls', '../../etc/passwd.csv', 'x\u0000y.csv', '.csv', 'noext', `${'n'.repeat(300)}.csv`, '<script>.xlsx'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map((base) => `${base}.csv`),
    );
    const content = fc.oneof(
      fc.uint8Array({ maxLength: 4096 }),
      fc.string({ unit: 'binary', maxLength: 2000 }).map((text) => new TextEncoder().encode(`Name,Email\n${text}`)),
      fc.array(fc.string({ maxLength: 20 }), { maxLength: 40 }).map((cells) => new TextEncoder().encode(`Name,Email,"Notes\n${cells.join('","')}`)),
      fc.nat(xlsx.length).map((cut) => xlsx.subarray(0, cut)),
      fc.tuple(fc.nat(xlsx.length - 1), fc.integer({ min: 1, max: 255 })).map(([at, bits]) => {
        const copy = Uint8Array.from(xlsx);
        copy[at] = copy[at]! ^ bits;
        return copy;
      }),
    );
    // Shown in a failure report by size and first bytes, not byte by byte.
    const described = content.map((bytes) => ({
      bytes,
      [fc.toStringMethod]: () => `${bytes.length} bytes: ${Buffer.from(bytes.subarray(0, 24)).toString('hex')}…`,
    }));
    const type = fc.constantFrom('', 'text/csv', 'application/octet-stream', 'application/vnd.ms-excel', 'text/html', 'image/png');
    const files = fc.array(fc.tuple(name, described, type), { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(files, async (generated) => {
        const form = new FormData();
        for (const [fileName, { bytes }, mime] of generated) form.append('file', new Blob([bytes as BlobPart], { type: mime }), fileName);
        const res = await admin.request('POST', '/api/candidates/import', { rawBody: form });
        expect(res.status, res.text).toBeLessThan(500);
        if (res.status === 200) {
          expect(res.body.errors.every((error: unknown) => typeof error === 'string' && !/\u0000/.test(error))).toBe(true);
        } else {
          expect(res.body.message).toMatch(/\S/);
        }
      }),
      // Each upload starts a parser worker: fewer runs than the JSON fuzz, same FUZZ_SEED/FUZZ_RUNS knobs.
      { seed: Number(process.env.FUZZ_SEED ?? 20_260_408), numRuns: Number(process.env.FUZZ_RUNS ?? 20) },
    );
    await expectHealthy('junk');
  });
});

