/**
 * The candidate mirror as the writes' email lookup: it answers at exactly the write version it holds,
 * never otherwise, and an import that finds it out of step reads IndexedDB instead.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { createCandidateList } from '@/features/candidates/candidate-list';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { ownedDb } from '@/sync/testing/fixtures';
import { toLocalCandidate, type LocalCandidate, type OwnWrites } from '../database';
import { getMeta } from '../meta';
import { holdersOfRun, ownRunKey } from '../own-writes-index';
import { createCandidateMirror, type CandidateMirror, type MirrorSource } from './candidate-mirror';
import { mirrorOf } from './database-source';
import { CANDIDATES_VERSION_KEY, watchCandidateChanges, type CandidateChange } from './change-feed';

// The page's turns the mirror gives, observable: a test may record what holds at each (turnHooks.onTurn).
const turnHooks = vi.hoisted(() => ({ onTurn: null as null | (() => void) }));
vi.mock('@/lib/yield-to-main', async (original) => {
  const real = await original<typeof import('@/lib/yield-to-main')>();
  return {
    ...real,
    yieldToMain: () => {
      turnHooks.onTurn?.();
      return real.yieldToMain();
    },
  };
});

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Opens `mirror` as a screen would (through the list it feeds) and waits for its load. */
async function opened(mirror: CandidateMirror) {
  const list = createCandidateList(mirror);
  const unsubscribe = list.subscribe(() => {});
  cleanups.push(unsubscribe);
  await list.settled();
  return list;
}

/**
 * This tab: a database, its repo, and its mirror opened. `heard()` waits until another tab's
 * announcement has reached the mirror, and the mirror has applied it.
 */
async function tab() {
  const db = await ownedDb();
  cleanups.push(() => db.delete());
  const repo = createCandidatesRepo(db);
  const mirror = db.candidateMirror;
  const list = await opened(mirror);
  // Watching after the mirror: a change this sees has already reached the mirror.
  const fromOtherTabs: CandidateChange[] = [];
  cleanups.push(watchCandidateChanges(db.name, (change) => change.type !== 'rows' && fromOtherTabs.push(change)));
  const version = () => getMeta(db, 'candidatesVersion');
  const heard = async () => {
    await expect.poll(() => fromOtherTabs.length).toBeGreaterThan(0);
    await mirror.applied();
  };
  return { db, repo, mirror, list, version, heard };
}

/**
 * Another tab's write, as its code makes it at the IndexedDB level (another JS context: nothing of it
 * reaches this one but the BroadcastChannel message): the row and the write version in one transaction.
 * Returns the announcement, for the test to send when it chooses.
 */
async function writeAsAnotherTab(dbName: string, row: LocalCandidate): Promise<() => void> {
  const idb = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(dbName);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const version = await new Promise<number>((resolve, reject) => {
    const tx = idb.transaction(['candidates', 'meta'], 'readwrite');
    const meta = tx.objectStore('meta');
    let next = 0;
    meta.get(CANDIDATES_VERSION_KEY).onsuccess = (event) => {
      next = (((event.target as IDBRequest).result?.value as number | undefined) ?? 0) + 1;
      meta.put({ key: CANDIDATES_VERSION_KEY, value: next });
      tx.objectStore('candidates').put(row);
    };
    tx.oncomplete = () => resolve(next);
    tx.onerror = () => reject(tx.error);
  });
  idb.close();
  return () => {
    const channel = new BroadcastChannel(`rephire:candidate-changes:${dbName}`);
    channel.postMessage({ uids: [row.uid], version });
    channel.close();
  };
}

const emails = (found: ReturnType<CandidateMirror['liveCandidatesByEmail']>) => found?.map((c) => c.email).sort() ?? null;

describe('the candidate mirror as email lookup', () => {
  it('answers with the live candidates of each email at its version, and nothing at another', async () => {
    const { repo, mirror, version } = await tab();
    const ann = await repo.createCandidate({ name: 'Ann', email: 'Ann@X.io' });
    await repo.createCandidate({ name: 'Ann again', email: 'ann@x.io' });
    const bo = await repo.createCandidate({ name: 'Bo', email: 'bo@x.io' });
    await repo.deleteCandidate(bo.uid);
    await mirror.applied();
    const now = await version();
    expect(emails(mirror.liveCandidatesByEmail(['ann@x.io', 'bo@x.io', 'cy@x.io'], now))).toEqual(['Ann@X.io', 'ann@x.io']);
    expect(mirror.liveCandidatesByEmail(['ann@x.io'], now - 1)).toBeNull();
    expect(mirror.liveCandidatesByEmail(['ann@x.io'], now + 1)).toBeNull();

    // A changed email moves the candidate.
    await repo.updateCandidate(ann.uid, { email: 'ann.lee@x.io' });
    await mirror.applied();
    expect(emails(mirror.liveCandidatesByEmail(['ann@x.io', 'ann.lee@x.io'], await version()))).toEqual(['ann.lee@x.io', 'ann@x.io']);

    // A change that keeps the email (or its key) keeps the candidate found by it, beside another of that email.
    const lee = await repo.createCandidate({ name: 'Lee', email: 'Ann.Lee@x.io' });
    await repo.updateCandidate(ann.uid, { phone: '555' });
    await repo.updateCandidate(lee.uid, { email: 'ANN.LEE@x.io' });
    await mirror.applied();
    expect(emails(mirror.liveCandidatesByEmail(['ann.lee@x.io'], await version()))).toEqual(['ANN.LEE@x.io', 'ann.lee@x.io']);
    await repo.deleteCandidate(ann.uid);
    await mirror.applied();
    expect(emails(mirror.liveCandidatesByEmail(['ann.lee@x.io'], await version()))).toEqual(['ANN.LEE@x.io']);
  });

  it('answers candidates by uid at its version (undefined for a deleted or unknown one), and nothing at another', async () => {
    const { repo, mirror, version } = await tab();
    const ann = await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const bo = await repo.createCandidate({ name: 'Bo', email: 'bo@x.io' });
    await repo.deleteCandidate(bo.uid);
    await repo.updateCandidate(ann.uid, { phone: '555' });
    await mirror.applied();
    const now = await version();
    const found = mirror.liveCandidatesByUid([ann.uid, bo.uid, 'nobody'], now);
    expect(found?.map((c) => c && [c.name, c.phone])).toEqual([['Ann', '555'], undefined, undefined]);
    expect(mirror.liveCandidatesByUid([ann.uid], now - 1)).toBeNull();
    expect(mirror.liveCandidatesByUid([ann.uid], now + 1)).toBeNull();
  });

  it('waits for an earlier change that arrives late, and is unsure after a change without a version', async () => {
    const listeners: Array<(change: CandidateChange) => void> = [];
    const ann = makeCandidate({ email: 'ann@x.io' });
    const bo = makeCandidate({ email: 'bo@x.io' });
    const source: MirrorSource = {
      load: async () => ({ candidates: [], version: 1 }),
      read: async (uids) => uids.map((uid) => [ann, bo].find((c) => c.uid === uid)),
      watch: (listener) => (listeners.push(listener), () => {}),
    };
    const mirror = createCandidateMirror(source);
    await opened(mirror);
    const emit = async (change: CandidateChange) => {
      listeners.forEach((listener) => listener(change));
      await mirror.applied();
    };
    const local = (c: typeof ann) => ({ ...c, emailKey: c.email }) as LocalCandidate;

    await emit({ type: 'rows', rows: new Map([[bo.uid, local(bo)]]), version: 3 });
    // Version 2 is missing: not at 1 any more as far as anyone asks (the table is at 3), not yet at 3.
    expect(mirror.liveCandidatesByEmail(['bo@x.io'], 3)).toBeNull();
    await emit({ type: 'uids', uids: [ann.uid], version: 2 });
    expect(emails(mirror.liveCandidatesByEmail(['ann@x.io', 'bo@x.io'], 3))).toEqual(['ann@x.io', 'bo@x.io']);

    await emit({ type: 'rows', rows: new Map([[ann.uid, null]]), version: null });
    expect(mirror.liveCandidatesByEmail(['ann@x.io'], 3)).toBeNull();
    expect(mirror.liveCandidatesByEmail(['ann@x.io'], 4)).toBeNull();
  });

  /**
   * A mirror loaded with `held` whose changes the test tells (`add` commits `count` new rows at the next
   * version), counting the rows it applies; `microtasks()` lets promise continuations run, no task.
   */
  async function countingMirror(held: Candidate[] = []) {
    const listeners: Array<(change: CandidateChange) => void> = [];
    const mirror = createCandidateMirror({ load: async () => ({ candidates: held, version: 1 }), read: async () => [], watch: (listener) => (listeners.push(listener), () => {}) });
    const counted = { applied: 0 };
    mirror.attach({ watched: () => true, loaded() {}, failed() {}, changed: () => void (counted.applied += 1), changeApplied() {}, dropped() {}, drained() {} });
    mirror.open();
    await expect.poll(() => mirror.ready).toBe(true);
    let version = 2;
    const add = (count: number) => {
      const rows = new Map(Array.from({ length: count }, () => makeCandidate()).map((c) => [c.uid, { ...c, emailKey: c.email } as LocalCandidate]));
      listeners.forEach((listener) => listener({ type: 'rows', rows, version: version++ }));
    };
    const microtasks = async () => {
      for (let turn = 0; turn < 200; turn += 1) await Promise.resolve();
    };
    return { mirror, counted, add, microtasks };
  }

  it('gives the page a turn every 1,000 rows across changes that queued up, not only within one', async () => {
    const { mirror, counted, add, microtasks } = await countingMirror();
    // Five commits of 400 rows each, heard one after another (as while a long change was applied).
    for (let change = 0; change < 5; change += 1) add(400);
    // Microtasks only: no task boundary yet.
    await microtasks();
    expect(counted.applied).toBe(1000);
    await mirror.applied();
    expect(counted.applied).toBe(2000);
    expect(mirror.liveCandidatesByUid([], 6)).toEqual([]);
  });

  it('rebuilds big tables before a slice that would fill them, each in a turn of its own, then gives the page a turn', async () => {
    const { mirror, counted, add } = await countingMirror(Array.from({ length: 20_000 }, () => makeCandidate()));
    type Table = { used: number; hashes: Int32Array };
    const { rows, byEmail: emails } = mirror as unknown as { rows: Table; byEmail: { byKey: Table } };
    const byEmail = emails.byKey;
    // New rows until the next slice of 1,000 would need the tables rebuilt (each row has its own email).
    const full = (table: Table) => table.used + 1000 > table.hashes.length;
    while (!full(rows)) {
      add(500);
      await mirror.applied();
    }
    expect(full(byEmail)).toBe(true);
    counted.applied = 0;
    // What holds as the mirror gives each turn, until the slice is applied.
    const turns: string[] = [];
    const state = () => `rows ${full(rows) ? 'full' : 'rebuilt'}, emails ${full(byEmail) ? 'full' : 'rebuilt'}, ${counted.applied} applied`;
    turnHooks.onTurn = () => void turns.push(state());
    cleanups.push(() => void (turnHooks.onTurn = null));
    add(1000);
    await mirror.applied();
    // The rows' table rebuilt, a turn; the emails' table rebuilt, a turn; then the slice.
    expect(turns).toEqual(['rows rebuilt, emails full, 0 applied', 'rows rebuilt, emails rebuilt, 0 applied']);
    expect(state()).toBe('rows rebuilt, emails rebuilt, 1000 applied');
  });

  it('makes an import read IndexedDB when another tab wrote what the mirror has not heard of yet', async () => {
    const { db, repo, mirror, version, heard } = await tab();
    const theirs = makeCandidate({ name: 'Zed', email: 'zed@x.io' });
    const announce = await writeAsAnotherTab(db.name, toLocalCandidate(theirs));
    const lookups = vi.spyOn(mirror, 'liveCandidatesByEmail');

    const result = await repo.importCandidates([{ name: 'Zed Imported', email: 'ZED@x.io', phone: '555-0100' }]);
    expect(lookups.mock.results.map((r) => r.value)).toEqual([null]);
    expect(result).toMatchObject({ created: 0, updated: 1 });
    expect((await repo.findByEmail('zed@x.io')).map((c) => [c.uid, c.name, c.phone])).toEqual([[theirs.uid, 'Zed Imported', '555-0100']]);

    // Once the mirror has heard of it, the next import asks the mirror alone, and finds the same.
    announce();
    await heard();
    expect(mirror.liveCandidatesByEmail(['zed@x.io'], await version())).not.toBeNull();
    lookups.mockClear();
    const again = await repo.importCandidates([{ name: 'Zed', email: 'zed@x.io', location: 'Oslo' }, { name: 'New', email: 'new@x.io' }]);
    expect(lookups.mock.results.map((r) => (r.value === null ? null : 'answered'))).toEqual(['answered']);
    expect(again).toMatchObject({ created: 1, updated: 1 });
    expect((await repo.findByEmail('zed@x.io')).map((c) => c.location)).toEqual(['Oslo']);
  });

  it('keeps the answers of one transaction true as it writes: a later chunk finds what an earlier one made', async () => {
    const { repo, mirror, list } = await tab();
    // 1,001 rows make two mutations in one transaction; the last row repeats the first one's email.
    const rows = Array.from({ length: 1000 }, (_, i) => ({ name: `P${i}`, email: `p${i}@x.io` }));
    const result = await repo.importCandidates([...rows, { name: 'P0 again', email: 'P0@x.io', location: 'Rome' }]);
    expect(result).toMatchObject({ created: 1000, updated: 1, mutations: 2 });
    expect((await repo.findByEmail('p0@x.io')).map((c) => [c.name, c.location])).toEqual([['P0 again', 'Rome']]);
    await mirror.applied();
    expect(list.getSnapshot().status).toBe('ready');
  });
});

describe('the candidate mirror as run index', () => {
  const sameRun = (a: OwnWrites, b: OwnWrites) => ownRunKey(a).join() === ownRunKey(b).join();

  /** Every run the table's rows hold, each with its holders as the table says (deleted rows too), sorted. */
  async function runsInTable(db: Awaited<ReturnType<typeof tab>>['db']) {
    const rows = await db.candidates.toArray();
    const runs = new Map<string, OwnWrites>();
    for (const row of rows) if (row.ownWrites) runs.set(ownRunKey(row.ownWrites).join(), row.ownWrites);
    return [...runs.values()].map((run) => ({ run, holders: rows.filter((row) => row.ownWrites && sameRun(row.ownWrites, run)).map((row) => row.uid).sort() }));
  }

  it('knows the rows holding each run of own writes, deleted ones too, at its version, and nothing at another', async () => {
    const { db, repo, mirror, version } = await tab();
    const ann = await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const bo = await repo.createCandidate({ name: 'Bo', email: 'bo@x.io' });
    await repo.importCandidates([
      { name: 'Cy', email: 'cy@x.io' },
      { name: 'Di', email: 'di@x.io' },
    ]);
    // Ann's run grows by a mutation; Bo's tombstone keeps the run its deletion extended.
    await repo.updateCandidate(ann.uid, { phone: '555' });
    await repo.deleteCandidate(bo.uid);
    await mirror.applied();
    const runs = await runsInTable(db);
    expect(runs.map(({ holders }) => holders.length).sort()).toEqual([1, 1, 2]);
    const now = await version();
    for (const { run, holders } of runs) expect(mirror.holdersOfRun(run, now)?.sort()).toEqual(holders);
    expect(mirror.holdersOfRun({ from: 999, through: 999, count: 1 }, now)).toEqual([]);
    expect(mirror.holdersOfRun(runs[0]!.run, now - 1)).toBeNull();

    // A row given its server id holds no run any more (the ids given after a sync).
    const annRow = (await db.candidates.get(ann.uid))!;
    await db.transaction('rw', db.candidates, db.meta, () => db.candidates.put({ ...annRow, id: 7, ownWrites: undefined }));
    await mirror.applied();
    expect(mirror.holdersOfRun(annRow.ownWrites!, await version())).toEqual([]);
    const after = await runsInTable(db);
    for (const { run, holders } of after) expect(mirror.holdersOfRun(run, await version())?.sort()).toEqual(holders);

    // A mirror loaded now knows the same from its load.
    const loaded = mirrorOf(db);
    loaded.open();
    await expect.poll(() => loaded.ready).toBe(true);
    for (const { run, holders } of after) expect(loaded.holdersOfRun(run, await version())?.sort()).toEqual(holders);
  });

  it('answers holdersOfRun in a transaction when at its version, else leaves it to the run index', async () => {
    const { db, repo, mirror, heard } = await tab();
    await repo.importCandidates([
      { name: 'Cy', email: 'cy@x.io' },
      { name: 'Di', email: 'di@x.io' },
    ]);
    await mirror.applied();
    const { run, holders } = (await runsInTable(db))[0]!;
    const asked = vi.spyOn(mirror, 'holdersOfRun');
    const inTransaction = () => db.transaction('r', db.candidates, db.meta, () => holdersOfRun(db, run));
    expect((await inTransaction()).sort()).toEqual(holders);
    expect(asked.mock.results.map((r) => r.value?.sort())).toEqual([holders]);

    // Another tab wrote: the mirror is behind until it hears, then its runs are unknown until a load.
    const announce = await writeAsAnotherTab(db.name, toLocalCandidate(makeCandidate({ email: 'zed@x.io' })));
    asked.mockClear();
    expect((await inTransaction()).sort()).toEqual(holders);
    announce();
    await heard();
    expect((await inTransaction()).sort()).toEqual(holders);
    expect(asked.mock.results.map((r) => r.value)).toEqual([null, null]);
  });
});

describe('counting known emails (the import preview)', () => {
  it('answers from the mirror once loaded, the same as the email index; deleted candidates are not known', async () => {
    const { repo, mirror } = await tab();
    await repo.importCandidates([
      { name: 'Ana', email: 'Ana@X.com' },
      { name: 'Ben', email: 'ben@x.com' },
    ]);
    const ben = (await repo.findByEmail('ben@x.com'))[0]!;
    await repo.deleteCandidate(ben.uid);
    await mirror.applied();
    const keys = ['ana@x.com', 'ben@x.com', 'new@x.com'];
    expect(mirror.countKnownEmails(keys)).toBe(1);
    // A slice per task: the same count, whichever slice the known key falls in.
    for (const sliceKeys of [1, 2, keys.length]) expect(await mirror.countKnownEmailsInSlices(keys, sliceKeys)).toBe(1);
    expect(await repo.countKnownEmails(keys)).toBe(1);
    const unloaded = createCandidateMirror({ load: () => repo.loadCandidates(), read: (uids) => repo.getCandidates(uids), watch: () => () => {} });
    expect(unloaded.countKnownEmails(keys)).toBeNull();
    expect(await unloaded.countKnownEmailsInSlices(keys)).toBeNull();
  });
});
