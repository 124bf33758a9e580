import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { indexCandidates } from '@shared/candidates/candidate-index';
import { makeCandidate } from '@shared/candidates/testing';
import { PACIFIC_TIME_ZONE } from '@shared/format/dates';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { createCandidateMirror, type MirrorSource } from '@/db/candidate-mirror/candidate-mirror';
import { watchCandidateChanges, type CandidateChange } from '@/db/candidate-mirror/change-feed';
import { fromLocalCandidate, toLocalCandidate, type LocalCandidate, type RepHireDb } from '@/db/database';
import { createSyncEngine, type SyncEngine } from '@/sync/engine';
import { FakeEnvironment } from '@/sync/testing/fake-environment';
import { FakeSyncServer } from '@/sync/testing/fake-server';
import { ownedDb } from '@/sync/testing/fixtures';
import { createCandidateList, type CandidateList, type ListOptions } from './candidate-list';
import { pipelineSummary } from './pipeline-summary';
import { createCandidatesRepo, type CandidatesRepo } from './repo';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The screens' list over a mirror of its own that reads from `source`. */
const listOver = (source: MirrorSource, options?: ListOptions): CandidateList =>
  createCandidateList(createCandidateMirror(source), options);

interface Device {
  db: RepHireDb;
  repo: CandidatesRepo;
  store: CandidateList;
  engine: SyncEngine;
  /** How many times the store read the whole table. */
  loads: () => number;
  /** The screen that showed the list goes away. */
  leave: () => void;
}

async function device(server = new FakeSyncServer()): Promise<Device> {
  const db = await ownedDb();
  const repo = createCandidatesRepo(db);
  let loads = 0;
  const store = listOver({
    load: () => {
      loads += 1;
      return repo.loadCandidates();
    },
    read: (uids) => repo.getCandidates(uids),
    watch: (listener) => watchCandidateChanges(db.name, listener),
  });
  const engine = createSyncEngine({ db, transport: server.transport(), env: new FakeEnvironment().env });
  const unsubscribe = store.subscribe(() => {});
  cleanups.push(async () => {
    unsubscribe();
    engine.stop();
    await engine.settled();
    await db.delete();
  });
  await store.settled();
  return { db, repo, store, engine, loads: () => loads, leave: unsubscribe };
}

/** The store's list equals a fresh read of the table: same candidates, same order, same index entries. */
async function expectInStep({ repo, store }: Pick<Device, 'repo' | 'store'>) {
  await store.settled();
  const fresh = await repo.listCandidates();
  const snapshot = store.getSnapshot();
  expect(snapshot.status).toBe('ready');
  expect(snapshot.candidates).toEqual(fresh);
  expect(snapshot.entries).toEqual(indexCandidates(fresh));
  return snapshot;
}

const person = (i: number) => ({ Name: `Person ${i}`, Email: `p${i}@x.io`, Phone: `949555${String(i).padStart(4, '0')}`, Status: 'new' });

describe('the in-memory candidate list', () => {
  it('follows adds, edits, status changes and deletes without reading the table again', async () => {
    const d = await device();
    await expectInStep(d);
    const ann = await d.repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const bo = await d.repo.createCandidate({ name: 'Bo', email: 'bo@x.io', phone: '555-0100' });
    await expectInStep(d);
    await d.repo.updateCandidate(ann.uid, { name: 'Ann Lee', location: 'Irvine, CA' });
    await d.repo.setStatus(bo.uid, 'hired', 'Hired on the spot');
    const afterEdits = await expectInStep(d);
    expect(afterEdits.candidates.find((c) => c.uid === bo.uid)).toMatchObject({ status: 'hired' });
    await d.repo.deleteCandidate(ann.uid);
    const afterDelete = await expectInStep(d);
    expect(afterDelete.candidates.map((c) => c.uid)).toEqual([bo.uid]);
    expect(d.loads()).toBe(1);
  });

  it('follows an import of several chunks, and updates of existing rows by email', async () => {
    const d = await device();
    await d.repo.createCandidate({ name: 'Existing', email: 'p3@x.io' });
    const rows = Array.from({ length: 2500 }, (_, i) => person(i));
    const result = await d.repo.importCandidates(rows.map((r) => ({ name: r.Name, email: r.Email, phone: r.Phone, status: 'new' })));
    expect(result).toMatchObject({ created: 2499, updated: 1 });
    const snapshot = await expectInStep(d);
    expect(snapshot.entries).toHaveLength(2500);
    expect(d.loads()).toBe(1);
  });

  it('publishes nothing while held (an import), then everything that changed meanwhile at once', async () => {
    const d = await device();
    await d.repo.createCandidate({ name: 'Existing', email: 'p3@x.io' });
    await expectInStep(d);
    let published = 0;
    const unsubscribe = d.store.subscribe(() => (published += 1));
    cleanups.push(unsubscribe);
    let idle = false;
    const held = d.store.holdWhile(async () => {
      await d.repo.importCandidates(Array.from({ length: 2500 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@x.io`, status: 'new' })));
      await d.store.mirror.applied();
      // Longer than the shortest interval between publishes: a timer would have fired by now.
      await new Promise((resolve) => setTimeout(resolve, 400));
      void d.store.settled().then(() => (idle = true));
      await new Promise((resolve) => setTimeout(resolve, 0));
      return d.store.getSnapshot().entries.length;
    });
    expect(await held).toBe(1);
    expect(published).toBe(0);
    expect(idle).toBe(false); // settled waits for what the hold kept back
    const snapshot = await expectInStep(d);
    expect(snapshot.entries).toHaveLength(2500);
    expect(published).toBeGreaterThan(0);
    expect(idle).toBe(true);
  });

  it('follows sync: pulled rows from another device, and a rebase over pending changes', async () => {
    const server = new FakeSyncServer();
    const a = await device(server);
    const b = await device(server);
    const ann = await b.repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await b.repo.createCandidate({ name: 'Bo', email: 'bo@x.io' });
    expect(await b.engine.syncNow()).toEqual({ ok: true });
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    expect((await expectInStep(a)).entries).toHaveLength(2);

    // A pending edit here and a newer one on the server: the pull keeps the pending one on top until the rebase.
    await a.repo.updateCandidate(ann.uid, { location: 'Manila' });
    server.edit(ann.uid, { phone: '555-0199' });
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    const synced = await expectInStep(a);
    expect(synced.candidates.find((c) => c.uid === ann.uid)).toMatchObject({ location: 'Manila', phone: '555-0199' });
    expect(a.loads()).toBe(1);
  });

  it('carries sort orders and filter masks over an in-place change, and gets them right', async () => {
    const d = await device();
    for (const name of ['Cy', 'Ann', 'Bo']) await d.repo.createCandidate({ name, email: `${name.toLowerCase()}@x.io` });
    const before = await expectInStep(d);
    const hiredFilter = { location: 'all', status: 'hired', search: '', dateRange: { from: null, to: null }, experience: [], sources: [] } as const;
    expect(before.filterCache(PACIFIC_TIME_ZONE).match(hiredFilter).count).toBe(0);
    const byName = before.orders.order('name', 'asc');
    expect(before.summary.counts.hired).toBe(0);
    const bo = before.candidates.find((c) => c.name === 'Bo')!;
    await d.repo.setStatus(bo.uid, 'hired');
    const after = await expectInStep(d);
    expect(after.orders.order('name', 'asc')).toBe(byName); // kept: no name changed
    expect(after.filterCache(PACIFIC_TIME_ZONE).match(hiredFilter).count).toBe(1);
    expect(after.summary).toEqual(pipelineSummary(after.entries));
    expect(after.summary.counts).toMatchObject({ hired: 1, new: 2 });
    expect([...after.orders.order('status', 'desc')].map((p) => after.entries[p]!.candidate.name)[0]).toBe('Bo');
    // What changed in place since the snapshot before it, for the dashboard (useDashboardSummary.ts).
    const changes = after.inPlaceChangesSince(before)!;
    expect(changes.before.map((entry) => [entry.candidate.name, entry.status])).toEqual([['Bo', 'new']]);
    expect(changes.after.map((entry) => [entry.candidate.name, entry.status])).toEqual([['Bo', 'hired']]);
    expect(after.inPlaceChangesSince(after)).toBeNull();
    // A row added is not an in-place change; nor is a snapshot two steps back.
    await d.repo.createCandidate({ name: 'Di', email: 'di@x.io' });
    const added = await expectInStep(d);
    expect(added.inPlaceChangesSince(after)).toBeNull();
    await d.repo.setStatus(bo.uid, 'offer');
    const again = await expectInStep(d);
    expect(again.inPlaceChangesSince(added)).not.toBeNull();
    expect(again.inPlaceChangesSince(after)).toBeNull();
  });

  it('ignores a transaction that aborts', async () => {
    const d = await device();
    const ann = await d.repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await expectInStep(d);
    const failed = d.db
      .transaction('rw', d.db.candidates, async () => {
        await d.db.candidates.put({ ...(await d.db.candidates.get(ann.uid))!, name: 'Never' });
        throw new Error('abort');
      })
      .catch((error: Error) => error.message);
    expect(await failed).toBe('abort');
    expect((await expectInStep(d)).candidates[0]!.name).toBe('Ann');
  });

  it('keeps following while no screen shows it, and publishes on the next subscription', async () => {
    const d = await device();
    await d.repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await expectInStep(d);
    d.leave();
    const bo = await d.repo.createCandidate({ name: 'Bo', email: 'bo@x.io' });
    await d.store.settled();
    expect(d.store.getSnapshot().candidates.map((c) => c.name)).toEqual(['Ann']); // nobody looking: not published
    d.store.subscribe(() => {});
    expect(d.store.getSnapshot().candidates.map((c) => c.uid)).toContain(bo.uid);
    await expectInStep(d);
    expect(d.loads()).toBe(1);
  });

  it('reloads after a wipe while shown, and drops its rows when nobody is looking', async () => {
    const d = await device();
    await d.repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await d.engine.wipeDeviceData();
    expect((await expectInStep(d)).entries).toEqual([]);
    expect(d.loads()).toBe(2);

    d.leave();
    await d.repo.createCandidate({ name: 'Bo', email: 'bo@x.io' });
    await d.engine.wipeDeviceData();
    await d.store.settled();
    expect(d.store.getSnapshot()).toMatchObject({ status: 'loading', entries: [] });
    await d.repo.createCandidate({ name: 'Cy', email: 'cy@x.io' });
    d.store.subscribe(() => {});
    expect((await expectInStep(d)).candidates.map((c) => c.name)).toEqual(['Cy']);
    expect(d.loads()).toBe(3);
  });
});

/** A write as another tab's code would make it: straight to IndexedDB, unseen by this tab's Dexie. */
async function putWithoutDexie(dbName: string, row: LocalCandidate): Promise<void> {
  const idb = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(dbName);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  await new Promise<void>((resolve, reject) => {
    const tx = idb.transaction('candidates', 'readwrite');
    tx.objectStore('candidates').put(row);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  idb.close();
}

/** A store over a real database whose changes the test announces itself. */
async function manualFeed() {
  const db = await ownedDb();
  cleanups.push(() => db.delete());
  const repo = createCandidatesRepo(db);
  const listeners: Array<(change: CandidateChange) => void> = [];
  const source: MirrorSource = {
    load: () => repo.loadCandidates(),
    read: (uids) => repo.getCandidates(uids),
    watch: (listener) => {
      listeners.push(listener);
      return () => {};
    },
  };
  const store = listOver(source);
  store.subscribe(() => {});
  await store.settled();
  const emit = (change: CandidateChange) => listeners.forEach((listener) => listener(change));
  return { db, repo, store, emit };
}

describe('changes between two publishes', () => {
  it('end up as a fresh read would show them, a row that came and went included', async () => {
    const { db, repo, store, emit } = await manualFeed();
    const ann = await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const bo = await repo.createCandidate({ name: 'Bo', email: 'bo@x.io' });
    emit({ type: 'rows', rows: new Map([[ann.uid, (await db.candidates.get(ann.uid))!]]), version: null });
    emit({ type: 'rows', rows: new Map([[bo.uid, (await db.candidates.get(bo.uid))!]]), version: null });
    await expectInStep({ repo, store });

    // Published: Ann and Bo. Before the next publish: Cy comes and goes, Bo is edited twice.
    const cy = await repo.createCandidate({ name: 'Cy', email: 'cy@x.io' });
    const cyRow = (await db.candidates.get(cy.uid))!;
    await repo.setStatus(bo.uid, 'hired');
    const boHired = (await db.candidates.get(bo.uid))!;
    await repo.updateCandidate(bo.uid, { phone: '555-0100' });
    const boPhoned = (await db.candidates.get(bo.uid))!;
    await repo.deleteCandidate(cy.uid);
    emit({ type: 'rows', rows: new Map([[cy.uid, cyRow]]), version: null });
    emit({ type: 'rows', rows: new Map([[bo.uid, boHired]]), version: null });
    emit({ type: 'rows', rows: new Map([[bo.uid, boPhoned]]), version: null });
    emit({ type: 'rows', rows: new Map([[cy.uid, null]]), version: null });
    const snapshot = await expectInStep({ repo, store });
    expect(snapshot.candidates.map((c) => [c.name, c.status, c.phone])).toEqual(
      [ann, bo].sort((a, b) => (a.uid < b.uid ? -1 : 1)).map((c) => [c.name, c.uid === bo.uid ? 'hired' : 'new', c.uid === bo.uid ? '555-0100' : null]),
    );
  });
});

describe('changes from another tab', () => {
  it('are told over a BroadcastChannel both ways: this tab announces its writes and reads what others announce', async () => {
    const d = await device();
    const otherTab = new BroadcastChannel(`rephire:candidate-changes:${d.db.name}`);
    cleanups.push(() => otherTab.close());
    const heard: unknown[] = [];
    otherTab.onmessage = (event: MessageEvent) => heard.push(event.data);
    const ann = await d.repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await expect.poll(() => heard).toContainEqual({ uids: [ann.uid], version: expect.any(Number) });

    // Another tab's write: the row changes in the database without this tab's feed seeing it.
    const stored = (await d.db.candidates.get(ann.uid))!;
    await putWithoutDexie(d.db.name, { ...stored, name: 'Ann from elsewhere' });
    otherTab.postMessage({ uids: [ann.uid] });
    await expect.poll(() => d.store.getSnapshot().candidates[0]?.name).toBe('Ann from elsewhere');
    await expectInStep(d);
    expect(d.loads()).toBe(1);
  });


  it('reads the rows another tab changed, in order with this tab’s changes', async () => {
    const { db, repo, store, emit } = await manualFeed();

    const ann = await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    emit({ type: 'uids', uids: [ann.uid], version: null });
    await repo.setStatus(ann.uid, 'interview');
    const stored = (await db.candidates.get(ann.uid))!;
    emit({ type: 'rows', rows: new Map([[ann.uid, stored]]), version: null });
    await expectInStep({ repo, store });

    await repo.deleteCandidate(ann.uid);
    emit({ type: 'uids', uids: [ann.uid, 'never-existed'], version: null });
    expect((await expectInStep({ repo, store })).entries).toEqual([]);

    await db.candidates.put(toLocalCandidate({ ...(stored as Candidate), uid: 'zz-new', deletedAt: null }));
    emit({ type: 'all', version: null });
    expect((await expectInStep({ repo, store })).candidates.map((c) => c.uid)).toEqual(['zz-new']);
  });
});

describe('any sequence of changes', () => {
  it('leaves the list as a fresh read of the same rows would be, whatever is published when (property)', async () => {
    // Each step: a uid (from a small pool, so rows come back), and a new version, a delete or a tombstone.
    const step = fc.record({
      uid: fc.integer({ min: 0, max: 30 }),
      kind: fc.constantFrom('put', 'put', 'delete', 'tombstone'),
      status: fc.constantFrom('new', 'hired', 'interview'),
      // After the change: nothing, a turn (a publish may start and stop part-way), or until settled.
      wait: fc.constantFrom('none', 'turn', 'settled'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 20 }), fc.array(step, { maxLength: 40 }), async (initial, steps) => {
        // Uids of a few leading characters: a publish of more than two new rows sorts them in slices.
        const uidOf = (n: number) => `${'abcde'[n % 5]}${n % 3}-${String(n).padStart(2, '0')}-${n % 7}`;
        const table = new Map<string, LocalCandidate>();
        for (const n of initial) table.set(uidOf(n), toLocalCandidate(makeCandidate({ uid: uidOf(n) })));
        const listeners: Array<(change: CandidateChange) => void> = [];
        const fresh = () => [...table.values()].filter((row) => !row.deletedAt).sort((a, b) => (a.uid < b.uid ? -1 : 1)).map(fromLocalCandidate);
        const store = listOver(
          {
            load: async () => ({ candidates: fresh(), version: null }),
            read: async () => [],
            watch: (listener) => (listeners.push(listener), () => {}),
          },
          // A turn between slices is a timer, as the steps' turns are: changes come while a publish sorts.
          { publishIntervalMs: 0, sortSliceRows: 2, pause: () => new Promise((resolve) => setTimeout(resolve, 0)) },
        );
        store.subscribe(() => {});
        await store.settled();
        for (const { uid: n, kind, status, wait } of steps) {
          const uid = uidOf(n);
          let row: LocalCandidate | null = null;
          if (kind === 'delete') table.delete(uid);
          else {
            row = toLocalCandidate(makeCandidate({ uid, status: status as 'new', deletedAt: kind === 'tombstone' ? '2026-01-01T00:00:00.000Z' : null }));
            table.set(uid, row);
          }
          listeners.forEach((listener) => listener({ type: 'rows', rows: new Map([[uid, row]]), version: null }));
          if (wait === 'turn') await new Promise((resolve) => setTimeout(resolve, 0));
          if (wait === 'settled') await store.settled();
        }
        await store.settled();
        expect(store.getSnapshot().candidates).toEqual(fresh());
        expect(store.getSnapshot().summary).toEqual(pipelineSummary(indexCandidates(fresh())));
      }),
      { numRuns: 150 },
    );
  });
});
