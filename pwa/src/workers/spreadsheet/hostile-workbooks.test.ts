/**
 * Hostile workbooks through the device's reading path (readSpreadsheetFile, as the spreadsheet worker
 * runs it): each is refused with a message a recruiter can act on, or read correctly; nothing changes
 * the built-in prototypes (this test does not freeze them, as the worker does, so a pollution would
 * show); and a normal workbook reads fine right after. The same files go through the server's import
 * in sync-server/src/candidates/import/hostile-files.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  SMALL_SHEET,
  bigSheetXlsx,
  corrupted,
  prototypePollutionXlsx,
  truncated,
  workbookBytes,
  zipBombXlsx,
} from '../../../tests/support/hostile-files';
import type { WorkerToMain } from '@shared/import/reader/protocol';
import { withoutUids } from '@shared/import/testing';
import { DEFAULT_READ_LIMITS, readSpreadsheetFile } from '@shared/import/reader/read-file';

type Batch = Extract<WorkerToMain, { type: 'batch' }>;

async function read(bytes: Uint8Array, limits = DEFAULT_READ_LIMITS) {
  const messages: WorkerToMain[] = [];
  const port = { send: (message: WorkerToMain) => void messages.push(message), room: async () => {} };
  await readSpreadsheetFile(new Blob([bytes as BlobPart]), 'workbook', 'UTC', port, limits);
  const rows = messages.filter((m): m is Batch => m.type === 'batch').flatMap((m) => m.rows);
  return { last: messages.at(-1)!, rows };
}

const objectKeys = Object.getOwnPropertyNames(Object.prototype).sort();
function expectPrototypesIntact() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(objectKeys);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype.toString.call([])).toBe('[object Array]');
}

async function expectHealthy() {
  const { last, rows } = await read(workbookBytes(SMALL_SHEET));
  expect(last).toMatchObject({ type: 'done' });
  expect(rows.map((r) => r.email)).toEqual(['ann@small.io', 'bob@small.io']);
  expectPrototypesIntact();
}

describe('hostile workbooks on the device', () => {
  it('refuses cut-off and corrupted xlsx and ods files as damaged', async () => {
    for (const bookType of ['xlsx', 'ods'] as const) {
      const good = workbookBytes(SMALL_SHEET, bookType);
      expect((await read(truncated(good))).last, bookType).toEqual({
        type: 'failed',
        message: 'the workbook is incomplete or damaged (was it cut off?); save it again and retry',
        totals: null,
      });
      expect((await read(corrupted(good))).last, bookType).toEqual({
        type: 'failed',
        message: 'the workbook is damaged: its contents cannot be unpacked',
        totals: null,
      });
    }
    await expectHealthy();
  });

  it('refuses a zip bomb at once, without unpacking it', { timeout: 60_000 }, async () => {
    expect((await read(await zipBombXlsx(400))).last).toEqual({
      type: 'failed',
      message: 'the workbook unpacks to more than 300 MB; save it as CSV and import that',
      totals: null,
    });
    expect((await read(await zipBombXlsx(400, 4096))).last).toMatchObject({ type: 'failed', message: expect.stringContaining('more than 300 MB') });
    await expectHealthy();
  });

  it('reads the prototype-pollution sample as plain text, polluting nothing', async () => {
    const { last, rows } = await read(prototypePollutionXlsx());
    expect(last).toMatchObject({ type: 'done', totals: { candidates: 1, ignoredHeaders: ['__proto__', 'constructor', 'toString'] } });
    expect(withoutUids(rows)).toEqual([{ name: 'Proto Sheet', email: 'proto@sheet.io' }]);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expectPrototypesIntact();
  });

  // The device reads up to 200,000 data rows from a sheet (DEFAULT_READ_LIMITS.maxWorkbookRows): a sheet
  // of exactly that many is read whole; one row more is refused whole, never cut off silently. The
  // refusal is the same code at any limit: it is shown at a limit of 1,000, which spares reading a
  // second 200,000-row sheet (8–12 s of a core on a 2-core machine).
  it('reads a 200,000-row sheet whole', { timeout: 120_000 }, async () => {
    expect(DEFAULT_READ_LIMITS.maxWorkbookRows).toBe(200_000);
    const { last, rows } = await read(bigSheetXlsx(200_000));
    expect(last).toMatchObject({ type: 'done', totals: { dataRows: 200_000, candidates: 200_000, errorCount: 0 } });
    expect(rows).toHaveLength(200_000);
    expect(withoutUids([rows[0]!, rows.at(-1)!])).toEqual([
      { name: 'Big Person 1', email: 'big1@sheet.io' },
      { name: 'Big Person 200000', email: 'big200000@sheet.io' },
    ]);
    await expectHealthy();
  });

  it('reads a sheet of as many rows as the limit whole, and refuses one row more clearly', async () => {
    const limits = { ...DEFAULT_READ_LIMITS, maxWorkbookRows: 1_000 };
    expect((await read(bigSheetXlsx(1_000), limits)).last).toMatchObject({ type: 'done', totals: { dataRows: 1_000, candidates: 1_000 } });
    expect((await read(bigSheetXlsx(1_001), limits)).last).toEqual({
      type: 'failed',
      message: 'the sheet has more than 1,000 rows; split it into smaller files or save it as CSV',
      totals: null,
    });
    await expectHealthy();
  });
});
