/**
 * The candidates table's write path (pwa/src/db/stored-candidate.ts) in Chromium's own IndexedDB: it
 * issues a bulk write's requests itself and hears their errors with one capture-phase listener on the
 * transaction, before Dexie's handler there would fail the transaction. What that rests on is how the
 * browser dispatches a request's error event, which fake-indexeddb (the unit tests) only imitates.
 * The module runs in the page as esbuild bundles it with Dexie, on a blank page of a made-up origin.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedShell } from './support/browser-app';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ORIGIN = 'http://stored-candidate.test';

/** The page's script: Dexie with the middleware, and the scenario, as `window.refusedRows`. */
const ENTRY = `
import Dexie from 'dexie';
import { candidateStorageMiddleware } from './pwa/src/db/stored-candidate';

const row = (i) => ({
  id: null, uid: 'uid-' + i, name: 'Person ' + i, email: 'person' + i + '@x.io', phone: '', location: '', status: 'new',
  appliedDate: '2026-11-01', statusChangedAt: '2026-11-01T00:00:00.000Z', source: '', experience: '', skills: '', notes: '',
  userId: 1, fieldClocks: 'stamp', createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z', deletedAt: null,
  emailKey: 'person' + i + '@x.io', localOnly: 1, ownWrites: { from: 3, through: 3, count: 1 },
});

window.refusedRows = async () => {
  const db = new Dexie('stored-candidate-' + Math.random());
  db.use(candidateStorageMiddleware);
  db.version(1).stores({ candidates: 'uid, emailKey, status, r' });
  const rows = Array.from({ length: 6 }, (_, i) => row(i));
  await db.candidates.bulkPut([rows[1], rows[3], rows[5]]);
  // Inside one transaction: the refused rows are reported and the transaction carries on to its next write.
  let refused = null;
  await db.transaction('rw', db.candidates, async () => {
    await db.candidates.bulkAdd(rows.map((r) => ({ ...r, name: r.name + ' again' }))).catch((error) => {
      refused = { name: error.name, positions: Object.keys(error.failuresByPos), reasons: Object.values(error.failuresByPos).map((e) => e.name) };
    });
    await db.candidates.put(row(6));
  });
  const stored = await db.candidates.orderBy('uid').toArray();
  db.close();
  await Dexie.delete(db.name);
  return { refused, stored: stored.map((r) => [r.uid, r.name]) };
};
`;

let context: BrowserContext;

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: root, loader: 'js' },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  context = await (await sharedShell()).newContext();
  await context.route(`${ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>stored candidates</title>' }));
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
});

afterAll(async () => {
  await context?.close();
});

describe("the candidates table's bulk writes in Chromium", () => {
  it('report the rows an add refuses at their places, keep the rest, and leave the transaction going', async () => {
    const page = context.pages()[0]!;
    const result = await page.evaluate(() => (window as unknown as { refusedRows: () => Promise<unknown> }).refusedRows());
    expect(result).toEqual({
      // Rows 1 and 3 are refused by the requests the middleware sends; row 5, the last, by Dexie's own.
      refused: { name: 'BulkError', positions: ['1', '3', '5'], reasons: ['ConstraintError', 'ConstraintError', 'ConstraintError'] },
      stored: [
        ['uid-0', 'Person 0 again'],
        ['uid-1', 'Person 1'],
        ['uid-2', 'Person 2 again'],
        ['uid-3', 'Person 3'],
        ['uid-4', 'Person 4 again'],
        ['uid-5', 'Person 5'],
        ['uid-6', 'Person 6'],
      ],
    });
  });
});
