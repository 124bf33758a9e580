import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { RepHireDb } from '@/db/database';
import { clientIdOf, getMeta } from '@/db/meta';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { createSyncEngine, type SyncEngine } from './engine';
import { FakeEnvironment } from './testing/fake-environment';
import { FakeSyncServer } from './testing/fake-server';
import { ownedDb, testUser } from './testing/fixtures';
import { MAX_PULL_PAGE_SIZE, PULL_PAGE_SIZE } from '@shared/sync/protocol.schema';
import { firstPageSize } from './pull';
import { SyncError, type SyncTransport } from './transport';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function device(server: FakeSyncServer, options: { maxPushBytes?: number; transport?: SyncTransport } = {}) {
  const db = await ownedDb();
  const fake = new FakeEnvironment();
  const engine = createSyncEngine({ db, transport: server.transport(), env: fake.env, ...options });
  cleanups.push(async () => {
    engine.stop();
    await engine.settled();
    await db.delete();
  });
  return { db, fake, engine, repo: createCandidatesRepo(db) };
}

const serverRow = (server: FakeSyncServer, email: string) => [...server.candidates.values()].find((v) => v.row.email === email)?.row;

describe('push and pull', () => {
  it('pushes offline edits once online and drops them when the pull includes them', async () => {
    const server = new FakeSyncServer();
    const { db, fake, engine, repo } = await device(server);
    fake.online = false;
    const ann = await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await repo.updateCandidate(ann.uid, { phone: '555' });
    expect(await engine.syncNow()).toEqual({ ok: false, reason: 'offline' });
    expect(await db.outbox.count()).toBe(2);

    engine.start();
    fake.setOnline(true);
    fake.advance(0);
    await engine.settled();
    expect(serverRow(server, 'ann@x.io')).toMatchObject({ uid: ann.uid, phone: '555' });
    expect(await db.outbox.count()).toBe(0);
    expect((await repo.getCandidate(ann.uid))!.id).toEqual(expect.any(Number));
    expect(engine.status.getState()).toMatchObject({ pendingCount: 0, error: null, online: true });
    expect(engine.status.getState().lastSyncAt).not.toBeNull();
  });

  it('keeps applied entries until a pull includes them, without pushing them again', async () => {
    const server = new FakeSyncServer();
    const { db, engine, repo } = await device(server);
    await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    server.failures.push({ on: 'pull', error: new SyncError('network', 'offline') });
    expect(await engine.syncNow()).toMatchObject({ ok: false, reason: 'error', message: "Can't reach the server" });
    expect(serverRow(server, 'ann@x.io')).toBeDefined();
    expect(await db.outbox.count()).toBe(1);
    // No answer is not an error: the status says the server is unreachable, and nothing is lost.
    expect(engine.status.getState()).toMatchObject({ error: null, unreachable: true });

    // Once the sync reaches the server the indicator never says it could not: done, it is synced at once.
    const shown: Array<{ syncing: boolean; unreachable: boolean }> = [];
    const unsubscribe = engine.status.subscribe(({ syncing, unreachable }) => void shown.push({ syncing, unreachable }));
    expect(await engine.syncNow()).toEqual({ ok: true });
    unsubscribe();
    const started = shown.findIndex((state) => state.syncing);
    expect(started).toBeGreaterThanOrEqual(0);
    expect(shown.slice(started).filter((state) => !state.syncing && state.unreachable)).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
    expect(server.pushes).toHaveLength(1);
    expect(engine.status.getState()).toMatchObject({ error: null, unreachable: false });
    // An answer the server gave is an error.
    await repo.createCandidate({ name: 'Bo', email: 'bo@x.io' });
    server.failures.push({ on: 'push', error: new SyncError('server', '500: Something broke', 500) });
    await engine.syncNow();
    expect(engine.status.getState()).toMatchObject({ error: '500: Something broke', unreachable: false });
  });

  it('going offline fails the request on its way at once: the round ends, and the one back online sends', async () => {
    const server = new FakeSyncServer();
    const real = server.transport();
    /** Pushes wait for an answer until dropped, as when the connection went mid-request. */
    let hang = true;
    const waiting = new Set<(error: Error) => void>();
    const transport: SyncTransport = {
      pull: (query, onHead) => real.pull(query, onHead),
      push: (request) => (hang ? new Promise((_, reject) => waiting.add(reject)) : real.push(request)),
      dropInFlight: () => {
        for (const reject of waiting) reject(new SyncError('network', "Can't reach the server (dropped)"));
        waiting.clear();
      },
    };
    const { db, fake, engine, repo } = await device(server, { transport });
    engine.start();
    await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const round = engine.syncNow();
    await expect.poll(() => waiting.size).toBe(1);
    fake.setOnline(false);
    expect(await round).toMatchObject({ ok: false, reason: 'error' });
    expect(await db.outbox.count()).toBe(1);
    hang = false;
    fake.setOnline(true);
    // Back online: a round at once (its timer due now), nothing holding it.
    expect(fake.nextDueIn()).toBe(0);
    fake.advance(0);
    await expect.poll(() => server.pushes.length).toBe(1);
    await engine.settled();
    expect(serverRow(server, 'ann@x.io')).toBeDefined();
  });

  it('does not push again what the server processed while its pulls lag behind (a long transaction)', async () => {
    const server = new FakeSyncServer();
    const { db, engine, repo } = await device(server);
    server.includedThrough = 0;
    const ann = await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await repo.appendNote(ann.uid, 'called');
    expect(await engine.syncNow()).toEqual({ ok: true });
    expect(await engine.syncNow()).toEqual({ ok: true });
    // Processed but not yet included: kept in the outbox, and not sent again.
    expect(await db.outbox.count()).toBe(2);
    expect(server.pushes).toHaveLength(1);
    server.includedThrough = null;
    expect(await engine.syncNow()).toEqual({ ok: true });
    expect(await db.outbox.count()).toBe(0);
    expect(server.pushes).toHaveLength(1);
  });

  it('sends again what a restored server lost, with no new writes to push', async () => {
    const server = new FakeSyncServer();
    const { db, engine, repo } = await device(server);
    server.includedThrough = 0;
    await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    expect(await engine.syncNow()).toEqual({ ok: true });
    // The server is restored from a backup taken before it processed the change, with the same epoch.
    server.clients.clear();
    server.candidates.clear();
    server.includedThrough = null;
    expect(await engine.syncNow()).toEqual({ ok: true });
    expect(await engine.syncNow()).toEqual({ ok: true });
    expect(server.pushes).toHaveLength(2);
    expect(serverRow(server, 'ann@x.io')).toBeDefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('does not duplicate anything when a push response is lost after the server committed', async () => {
    const server = new FakeSyncServer();
    const { db, engine, repo } = await device(server);
    await repo.importCandidates([{ name: 'Ann', email: 'ann@x.io' }]);
    await repo.appendNote((await repo.listCandidates())[0]!.uid, 'called');
    server.failures.push({ on: 'push', error: new SyncError('network', 'reset'), afterCommit: true });
    expect((await engine.syncNow()).ok).toBe(false);
    expect(await engine.syncNow()).toEqual({ ok: true });
    expect(server.candidates.size).toBe(1);
    expect(serverRow(server, 'ann@x.io')!.notes).toBe('called');
    expect(await db.outbox.count()).toBe(0);
    expect(server.pushes.map((p) => p.mutations.map((m) => m.id))).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });

  it('surfaces rejected changes with the server reason and removes their effect', async () => {
    const server = new FakeSyncServer();
    const { db, engine, repo } = await device(server);
    const ann = await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await engine.syncNow();
    server.refuse = (name) => (name === 'candidate.appendNote' ? 'Notes are locked for hired candidates' : null);
    await repo.appendNote(ann.uid, 'a note');
    await repo.updateCandidate(ann.uid, { phone: '1' });
    expect(await engine.syncNow()).toEqual({ ok: true });
    expect(await repo.getCandidate(ann.uid)).toMatchObject({ notes: '', phone: '1' });
    expect(await db.outbox.count()).toBe(0);
    expect(engine.status.getState().rejected).toEqual([
      expect.objectContaining({ id: 2, label: 'Add a note to Ann', reason: 'Notes are locked for hired candidates' }),
    ]);
    await engine.dismissRejected(2);
    expect(engine.status.getState().rejected).toEqual([]);
  });

  it('merges two devices editing different fields of one candidate', async () => {
    const server = new FakeSyncServer();
    const a = await device(server);
    const b = await device(server);
    const ann = await a.repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await a.engine.syncNow();
    await b.engine.syncNow();
    await a.repo.updateCandidate(ann.uid, { phone: '111' });
    await b.repo.updateCandidate(ann.uid, { location: 'Lisbon' });
    await a.engine.syncNow();
    await b.engine.syncNow();
    await a.engine.syncNow();
    for (const d of [a, b]) expect(await d.repo.getCandidate(ann.uid)).toMatchObject({ phone: '111', location: 'Lisbon' });
  });

  it('rebases pending writes made while a sync was away on the network', async () => {
    const server = new FakeSyncServer();
    const { db, engine, repo } = await device(server);
    const ann = await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await engine.syncNow();
    server.edit(ann.uid, { location: 'Rome' });
    await repo.updateCandidate(ann.uid, { phone: '2' });
    // Pull without pushing first: the pending phone edit must survive the newer server row.
    const { pullAll } = await import('./pull');
    await pullAll(db, server.transport());
    expect(await repo.getCandidate(ann.uid)).toMatchObject({ phone: '2', location: 'Rome' });
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('pull pages after a push', () => {
  it("asks the first page for as many rows as the round just pushed, up to the most a page may hold, and the usual size otherwise", async () => {
    const server = new FakeSyncServer();
    const db = await ownedDb();
    const fake = new FakeEnvironment();
    const limits: number[] = [];
    const transport = server.transport();
    const engine = createSyncEngine({ db, env: fake.env, transport: { ...transport, pull: (query) => (limits.push(query.limit!), transport.pull(query)) } });
    cleanups.push(async () => {
      engine.stop();
      await engine.settled();
      await db.delete();
    });
    const repo = createCandidatesRepo(db);
    expect(await engine.syncNow()).toEqual({ ok: true });
    expect(limits).toEqual([PULL_PAGE_SIZE]);

    // More rows pushed than the usual page holds: they come back first, as confirmations, in one page.
    const pushed = PULL_PAGE_SIZE + 1000;
    await repo.importCandidates(Array.from({ length: pushed }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@x.io` })));
    limits.length = 0;
    expect(await engine.syncNow()).toEqual({ ok: true });
    expect(limits[0]).toBe(pushed);
    expect(server.candidates.size).toBe(pushed);
    expect(await db.outbox.count()).toBe(0);

    // One edit: the usual size.
    await repo.updateCandidate([...server.candidates.values()][0]!.row.uid, { phone: '555' });
    limits.length = 0;
    expect(await engine.syncNow()).toEqual({ ok: true });
    expect(limits[0]).toBe(PULL_PAGE_SIZE);
  }, 60_000);

  it('never asks the first page for more than a page may hold', () => {
    expect(firstPageSize(0)).toBe(PULL_PAGE_SIZE);
    expect(firstPageSize(PULL_PAGE_SIZE + 1000)).toBe(PULL_PAGE_SIZE + 1000);
    expect(firstPageSize(100_000)).toBe(MAX_PULL_PAGE_SIZE);
    expect(firstPageSize(10, 50)).toBe(50);
  });
});

describe('batches', () => {
  it('pushes at most 200 mutations at a time', async () => {
    const server = new FakeSyncServer();
    const { engine, repo } = await device(server);
    const ann = await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    for (let i = 0; i < 249; i++) await repo.appendNote(ann.uid, `line ${i}`);
    expect(await engine.syncNow()).toEqual({ ok: true });
    expect(server.pushes.map((p) => p.mutations.length)).toEqual([200, 50]);
    expect(serverRow(server, 'ann@x.io')!.notes.split('\n')).toHaveLength(249);
  });

  it('splits big imports by body size and after a 413, reporting progress', async () => {
    const server = new FakeSyncServer();
    const { engine, repo } = await device(server, { maxPushBytes: 250_000 });
    const rows = Array.from({ length: 3000 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@x.io` }));
    await repo.importCandidates(rows);
    const progress: unknown[] = [];
    engine.status.subscribe((s) => s.pushProgress && progress.push(s.pushProgress));
    server.failures.push({ on: 'push', error: new SyncError('tooLarge', '413: Request body too large', 413) });
    expect(await engine.syncNow()).toEqual({ ok: true });
    expect(server.candidates.size).toBe(3000);
    expect(server.pushes.every((p) => p.mutations.length === 1)).toBe(true);
    expect(progress.at(-1)).toEqual({ sent: 3000, total: 3000, startedAt: expect.any(Number) });
    // 3,000 rows through fake-indexeddb: seconds on a busy 2-core machine.
  }, 60_000);
});
