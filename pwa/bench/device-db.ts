/**
 * What the benches read of the app's own IndexedDB in the page, each read through a connection of its
 * own (closed after), so the app's connection and its transactions are left as they are.
 */
import type { Page } from 'playwright-core';
import { DEFAULT_DB_NAME } from '../src/db/database';
import { BLOCKS_TABLE } from '../src/db/candidate-blocks';

/** How many records one of the app's IndexedDB stores holds (a connection of its own, closed after). */
export function storeCount(page: Page, store: 'confirmations'): Promise<number> {
  return page.evaluate(
    async ({ dbName, store }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(dbName);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        return await new Promise<number>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      } finally {
        db.close();
      }
    },
    { dbName: DEFAULT_DB_NAME, store },
  );
}

/**
 * How many candidates the app's database holds: the candidates store's records and the rows of its
 * blocks (pwa/src/db/candidate-blocks.ts: a new device keeps the rows it pulls BLOCK_ROWS to a record).
 */
export function candidatesStored(page: Page): Promise<number> {
  return page.evaluate(
    async ({ dbName, blocksStore }) => {
      const open = indexedDB.open(dbName);
      await new Promise((resolve, reject) => ((open.onsuccess = resolve), (open.onerror = reject)));
      const db = open.result;
      try {
        const tx = db.transaction(['candidates', blocksStore]);
        const count = tx.objectStore('candidates').count();
        const blocks = tx.objectStore(blocksStore).getAll();
        await new Promise((resolve, reject) => ((tx.oncomplete = resolve), (tx.onerror = reject)));
        // Each gone list names rows its block's record still holds (GoneRecord in candidate-blocks.ts).
        const records = blocks.result as Array<{ rows?: unknown[]; gone?: string[] }>;
        return count.result + records.reduce((total, record) => total + (record.rows?.length ?? 0) - (record.gone?.length ?? 0), 0);
      } finally {
        db.close();
      }
    },
    { dbName: DEFAULT_DB_NAME, blocksStore: BLOCKS_TABLE },
  );
}

/**
 * After "Synced": waits until the round has given the confirmed rows their server ids (no page of
 * confirmations kept: pwa/src/sync/confirmations.ts); answers when, in the page's Date.now().
 */
export async function confirmationsGiven(page: Page): Promise<number> {
  const deadline = Date.now() + 600_000;
  while ((await storeCount(page, 'confirmations')) > 0) {
    if (Date.now() > deadline) throw new Error('the confirmed rows never took their server ids');
    await page.waitForTimeout(100);
  }
  return page.evaluate(() => Date.now());
}

/** The candidates store written again with raw IndexedDB (rawRewrite). */
export interface RawRewrite {
  rows: number;
  /** From the first put to the last transaction's commit. */
  ms: number;
}

/**
 * The floor under a pull's writes a record per row: the app's candidates, as stored (the stored form,
 * read back with getAll, the blocks' rows too), written into a fresh database with the candidates
 * store's key path and indexes, a record each, `perTransaction` rows per transaction, with raw
 * IndexedDB: no Dexie, no app, no network, no server. Only the writing is timed; the database is
 * deleted after.
 */
export function rawRewrite(page: Page, perTransaction: number): Promise<RawRewrite> {
  return page.evaluate(
    async ({ dbName, perTransaction, blocksStore }) => {
      // Each request awaited inline: tsx names a function kept in a variable with a helper the page lacks.
      const source = indexedDB.open(dbName);
      await new Promise((resolve, reject) => ((source.onsuccess = resolve), (source.onerror = reject)));
      const read = source.result.transaction(['candidates', blocksStore]);
      const store = read.objectStore('candidates');
      const indexes = [...store.indexNames].map((name) => store.index(name)).map(({ name, keyPath, unique, multiEntry }) => ({ name, keyPath, unique, multiEntry }));
      const keyPath = store.keyPath;
      const all = store.getAll();
      const blocks = read.objectStore(blocksStore).getAll();
      await new Promise((resolve, reject) => ((read.oncomplete = resolve), (read.onerror = reject)));
      // A block's rows, less those its gone list names (GoneRecord in candidate-blocks.ts).
      const records = blocks.result as Array<{ n: number; rows?: Array<{ uid: string }>; gone?: string[] }>;
      const gone = new Set(records.flatMap((record) => (record.gone ?? []).map((uid) => `${-record.n}:${uid}`)));
      const rows = [...(all.result as unknown[]), ...records.flatMap((record) => (record.rows ?? []).filter((row) => !gone.has(`${record.n}:${row.uid}`)))];
      source.result.close();
      const name = `bench-raw-rewrite-${Date.now()}`;
      const target = indexedDB.open(name, 1);
      target.onupgradeneeded = () => {
        const created = target.result.createObjectStore('candidates', { keyPath });
        for (const index of indexes) created.createIndex(index.name, index.keyPath, { unique: index.unique, multiEntry: index.multiEntry });
      };
      await new Promise((resolve, reject) => ((target.onsuccess = resolve), (target.onerror = reject)));
      const db = target.result;
      const start = performance.now();
      for (let from = 0; from < rows.length; from += perTransaction) {
        const tx = db.transaction('candidates', 'readwrite');
        const candidates = tx.objectStore('candidates');
        for (const row of rows.slice(from, from + perTransaction)) candidates.put(row);
        await new Promise((resolve, reject) => ((tx.oncomplete = resolve), (tx.onerror = reject)));
      }
      const ms = performance.now() - start;
      db.close();
      const deleted = indexedDB.deleteDatabase(name);
      await new Promise((resolve, reject) => ((deleted.onsuccess = resolve), (deleted.onerror = reject)));
      return { rows: rows.length, ms };
    },
    { dbName: DEFAULT_DB_NAME, perTransaction, blocksStore: BLOCKS_TABLE },
  );
}
