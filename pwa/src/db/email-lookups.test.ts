/**
 * The emailKey lookups inside a transaction (email-lookups.ts): one request per key, sent 2,000 at most
 * per task (or as many as asked), each answer at its key's place, however many keys.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import { ownedDb } from '@/sync/testing/fixtures';
import { toLocalCandidate, type RepHireDb } from './database';
import { indexedEmailKeys, uidsWithEmailKeys } from './email-lookups';

let db: RepHireDb;
afterEach(async () => {
  await db?.delete();
});

describe('emailKey lookups in a transaction', () => {
  it('answer every key of many, across the slices they are sent in', async () => {
    db = await ownedDb();
    // Every third of 4,500 emails is held; one of them by two rows.
    const held = Array.from({ length: 4500 }, (_, i) => `p${i}@x.io`).filter((_, i) => i % 3 === 0);
    const rows = held.map((email) => toLocalCandidate(makeCandidate({ email })));
    rows.push(toLocalCandidate(makeCandidate({ email: 'P3@x.io' })));
    await db.candidates.bulkPut(rows);
    const keys = Array.from({ length: 4500 }, (_, i) => `p${i}@x.io`);

    const [found, known] = await db.transaction('r', db.candidates, () => Promise.all([uidsWithEmailKeys(db, keys), indexedEmailKeys(db, keys)]));

    // In the keys' order, both rows of p3@x.io at its place.
    const emailOf = new Map(rows.map((row) => [row.uid, row.emailKey]));
    expect(found.map((uid) => emailOf.get(uid))).toEqual([held[0], held[1], held[1], ...held.slice(2)]);
    expect(known).toEqual(held);
  });

  it('send no more requests per task than asked', async () => {
    db = await ownedDb();
    const p7 = toLocalCandidate(makeCandidate({ email: 'p7@x.io' }));
    await db.candidates.bulkPut([p7]);
    const keys = Array.from({ length: 1200 }, (_, i) => `p${i}@x.io`);
    const sentPerTask: number[] = [];
    let sent = 0;
    // Either request: a key the blocks hold asks the row table for its keys and rows (candidate-blocks.ts).
    const { getAll, getAllKeys } = IDBIndex.prototype;
    const counted =
      <F extends (...args: never[]) => IDBRequest>(request: F) =>
      function (this: IDBIndex, ...args: Parameters<F>) {
        // The first request of a task counts the task: its end is seen once the request has been sent.
        if (sent++ === 0) queueMicrotask(() => void (sentPerTask.push(sent), (sent = 0)));
        return request.apply(this, args);
      };
    IDBIndex.prototype.getAll = counted(getAll);
    IDBIndex.prototype.getAllKeys = counted(getAllKeys);
    try {
      const found = await db.transaction('r', db.candidates, () => uidsWithEmailKeys(db, keys, 500));
      expect(found).toEqual([p7.uid]);
    } finally {
      Object.assign(IDBIndex.prototype, { getAll, getAllKeys });
    }
    expect(sentPerTask).toEqual([500, 500, 200]);
  });
});
