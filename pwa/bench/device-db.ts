/**
 * What the benches read of the app's own IndexedDB in the page, each read through a connection of its
 * own (closed after), so the app's connection and its transactions are left as they are.
 */
import type { Page } from 'playwright-core';
import { DEFAULT_DB_NAME } from '../src/db/database';

/** How many records one of the app's IndexedDB stores holds (a connection of its own, closed after). */
export function storeCount(page: Page, store: 'candidates' | 'confirmations'): Promise<number> {
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
