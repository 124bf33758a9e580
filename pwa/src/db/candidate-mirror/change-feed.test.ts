import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { ownedDb } from '@/sync/testing/fixtures';
import { toLocalCandidate, type RepHireDb } from '../database';
import { getMeta } from '../meta';
import { watchCandidateChanges, type CandidateChange } from './change-feed';

let db: RepHireDb;
const cleanups: Array<() => void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await db?.delete();
});

async function watched() {
  db = await ownedDb();
  const changes: CandidateChange[] = [];
  cleanups.push(watchCandidateChanges(db.name, (change) => changes.push(change)));
  return { repo: createCandidatesRepo(db), changes };
}

describe('the write version', () => {
  it('counts each committed transaction that writes candidates once, and each change carries its number', async () => {
    const { repo, changes } = await watched();
    const ann = await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    // 2,500 rows: three mutations, one transaction, one version.
    await repo.importCandidates(Array.from({ length: 2500 }, (_, i) => ({ name: `P${i}`, email: `p${i}@x.io` })));
    await repo.setStatus(ann.uid, 'hired');
    expect(changes.map((change) => [change.type, change.version])).toEqual([
      ['rows', 1],
      ['rows', 2],
      ['rows', 3],
    ]);
    expect(await getMeta(db, 'candidatesVersion')).toBe(3);
  });

  it('is not counted by a transaction that aborts, nor by one that writes no candidate', async () => {
    const { repo, changes } = await watched();
    await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const failed = db
      .transaction('rw', db.candidates, db.meta, async () => {
        await db.candidates.put(toLocalCandidate(makeCandidate({ email: 'never@x.io' })));
        throw new Error('abort');
      })
      .catch((error: Error) => error.message);
    expect(await failed).toBe('abort');
    await db.transaction('rw', db.candidates, db.meta, () => db.meta.put({ key: 'lastError', value: 'x' }));
    expect(await getMeta(db, 'candidatesVersion')).toBe(1);
    expect(changes).toHaveLength(1);
  });

  it('is not moved by a write of nothing, and a counted transaction always tells its number', async () => {
    const { changes } = await watched();
    // A pull of an empty page: bulkPut([]) in a transaction with meta.
    await db.transaction('rw', db.candidates, db.meta, () => db.candidates.bulkPut([]));
    expect(await getMeta(db, 'candidatesVersion')).toBe(0);
    expect(changes).toEqual([]);
    // A transaction whose only write failed (a duplicate add, caught) still tells the number it took.
    const row = toLocalCandidate(makeCandidate({ email: 'once@x.io' }));
    await db.transaction('rw', db.candidates, db.meta, () => db.candidates.add(row));
    await db.transaction('rw', db.candidates, db.meta, () => db.candidates.bulkAdd([row]).catch(() => undefined));
    expect(changes.map((change) => [change.type, change.version, change.type === 'rows' ? change.rows.size : -1])).toEqual([
      ['rows', 1, 1],
      ['rows', 2, 0],
    ]);
    expect(await getMeta(db, 'candidatesVersion')).toBe(2);
  });

  it('is null for a write whose transaction cannot count itself (no meta in its scope)', async () => {
    const { changes } = await watched();
    await db.candidates.put(toLocalCandidate(makeCandidate({ email: 'direct@x.io' })));
    expect(changes.map((change) => [change.type, change.version])).toEqual([['rows', null]]);
    expect(await getMeta(db, 'candidatesVersion')).toBe(0);
  });

  it('reaches other tabs with the change, also from a tab that does not listen itself', async () => {
    db = await ownedDb();
    const otherTab = new BroadcastChannel(`rephire:candidate-changes:${db.name}`);
    cleanups.push(() => otherTab.close());
    const heard: unknown[] = [];
    otherTab.onmessage = (event: MessageEvent) => heard.push(event.data);
    const ann = await createCandidatesRepo(db).createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await expect.poll(() => heard).toEqual([{ uids: [ann.uid], version: 1 }]);
  });
});
