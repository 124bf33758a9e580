import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RepHireDb } from '@/db/database';
import { getMeta, clientIdOf } from '@/db/meta';
import { createCandidatesRepo, type CandidatesRepo } from '@/features/candidates/repo';
import { createSyncEngine } from './engine';
import { FakeEnvironment } from './testing/fake-environment';
import { FakeSyncServer } from './testing/fake-server';
import { ownedDb, testUser } from './testing/fixtures';
import { pullAll } from './pull';
import { pushOutbox } from './push';
import { SyncError, type SyncTransport } from './transport';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function device(server: FakeSyncServer, transport: SyncTransport = server.transport()) {
  const db = await ownedDb();
  const fake = new FakeEnvironment();
  const engine = createSyncEngine({ db, transport, env: fake.env });
  cleanups.push(async () => {
    engine.stop();
    await engine.settled();
    await db.delete();
  });
  return { db, fake, engine, repo: createCandidatesRepo(db) };
}

/** Lets pending promise chains (IndexedDB work) run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('sign-in', () => {
  it('pauses on 401 keeping the queue, and resumes after signing in again', async () => {
    const server = new FakeSyncServer();
    const { db, fake, engine, repo } = await device(server);
    engine.start();
    await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    server.failures.push({ on: 'push', error: new SyncError('unauthorized', '401: Not signed in', 401) });
    expect(await engine.syncNow()).toMatchObject({ ok: false, reason: 'needsSignIn' });
    expect(engine.status.getState()).toMatchObject({ needsSignIn: true, pendingCount: 1, error: null });
    // Paused: no request reaches the server, nothing is dropped.
    expect(await engine.syncNow()).toMatchObject({ ok: false, reason: 'needsSignIn' });
    expect(server.pushes).toHaveLength(0);
    expect(await db.outbox.count()).toBe(1);

    await engine.signedIn(testUser());
    fake.advance(0);
    await engine.settled();
    expect(server.candidates.size).toBe(1);
    expect(engine.status.getState()).toMatchObject({ needsSignIn: false, pendingCount: 0 });
  });

  it('a 401 on pull pauses too', async () => {
    const server = new FakeSyncServer();
    const { engine } = await device(server);
    server.failures.push({ on: 'pull', error: new SyncError('unauthorized', '401: Not signed in', 401) });
    expect(await engine.syncNow()).toMatchObject({ reason: 'needsSignIn' });
    expect(await engine.deviceOwner()).toMatchObject({ id: 1 });
  });
});

describe('status', () => {
  it('follows writes made through any engine or tab over the same database', async () => {
    const server = new FakeSyncServer();
    const { db, fake, engine, repo } = await device(server);
    engine.start();
    fake.online = false;
    const otherTab = createCandidatesRepo(db);
    await otherTab.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await repo.createCandidate({ name: 'Bo', email: 'bo@x.io' });
    await vi.waitFor(() => expect(engine.status.getState().pendingCount).toBe(2));
  });
});

describe('triggers and backoff', () => {
  it('retries a failure with growing, jittered delays and polls every 30 s after success', async () => {
    const server = new FakeSyncServer();
    const { fake, engine } = await device(server);
    server.failures.push(
      { on: 'pull', error: new SyncError('server', '503: Unavailable', 503) },
      { on: 'pull', error: new SyncError('server', '503: Unavailable', 503) },
    );
    engine.start();
    fake.advance(0);
    await engine.settled();
    // Base 2 s, half of it random (random() is 0.5 here): 1.5 s, then 3 s.
    expect(fake.pendingDelays()).toEqual([1500]);
    expect(engine.status.getState()).toMatchObject({ error: '503: Unavailable', nextRetryAt: fake.time + 1500 });
    fake.advance(1500);
    await engine.settled();
    expect(fake.pendingDelays()).toEqual([3000]);
    fake.advance(3000);
    await engine.settled();
    expect(engine.status.getState()).toMatchObject({ error: null, nextRetryAt: null });
    expect(fake.pendingDelays()).toEqual([30_000]);
  });

  it('pulls again a second later, not at the next poll, when a pull did not include changes the server has', async () => {
    const server = new FakeSyncServer();
    const { db, fake, engine, repo } = await device(server);
    engine.start();
    fake.advance(0);
    await engine.settled();
    // The pull reads below a horizon from before the push landed (a pull resumed after going offline).
    server.includedThrough = 0;
    await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    fake.advance(1000);
    await engine.settled();
    expect(server.candidates.size).toBe(1);
    expect(await db.outbox.count()).toBe(1);
    expect(fake.pendingDelays()).toEqual([1000]);
    server.includedThrough = null;
    fake.advance(1000);
    await engine.settled();
    expect(await db.outbox.count()).toBe(0);
    expect(engine.status.getState()).toMatchObject({ pendingCount: 0 });
    expect(fake.pendingDelays()).toEqual([30_000]);
  });

  it('honours Retry-After', async () => {
    const server = new FakeSyncServer();
    const { fake, engine } = await device(server);
    server.failures.push({ on: 'pull', error: new SyncError('server', '429: Slow down', 429, 60) });
    engine.start();
    fake.advance(0);
    await engine.settled();
    expect(fake.pendingDelays()).toEqual([60_000]);
  });

  it('debounces pushes after local writes, without delaying them past 5 s', async () => {
    const server = new FakeSyncServer();
    const { fake, engine, repo } = await device(server);
    engine.start();
    fake.advance(0);
    await engine.settled();
    await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    expect(fake.pendingDelays()).toEqual([1000]);
    for (let i = 0; i < 5; i++) {
      fake.advance(900);
      await repo.createCandidate({ name: `P${i}`, email: `p${i}@x.io` });
    }
    expect(server.pushes).toHaveLength(0);
    // 4.5 s after the first write: the cap (5 s) is sooner than another full second.
    expect(fake.pendingDelays()).toEqual([500]);
    fake.advance(500);
    await engine.settled();
    expect(server.candidates.size).toBe(6);
  });

  it('pushes an import batch at once, while the import goes on: no debounce behind a bulk write', async () => {
    const server = new FakeSyncServer();
    const { fake, engine, repo } = await device(server);
    engine.start();
    fake.advance(0);
    await engine.settled();
    await repo.importCandidates([{ name: 'Ann', email: 'ann@x.io' }, { name: 'Bo', email: 'bo@x.io' }]);
    expect(fake.pendingDelays()).toEqual([0]);
    fake.advance(0);
    await engine.settled();
    expect(server.candidates.size).toBe(2);
    // An edit after it still waits for the next keystroke.
    await repo.createCandidate({ name: 'Cy', email: 'cy@x.io' });
    expect(fake.pendingDelays()).toEqual([1000]);
  });

  it('sends what waited when a round began and a batch written during its push, then pulls', async () => {
    const server = new FakeSyncServer();
    const base = server.transport();
    let repo!: CandidatesRepo;
    let writtenDuringPush = false;
    const transport: SyncTransport = {
      pull: base.pull,
      async push(request) {
        if (!writtenDuringPush) {
          writtenDuringPush = true;
          await repo.importCandidates([{ name: 'Cy', email: 'cy@x.io' }]);
        }
        return base.push(request);
      },
    };
    const dev = await device(server, transport);
    repo = dev.repo;
    await repo.importCandidates([{ name: 'Ann', email: 'ann@x.io' }, { name: 'Bo', email: 'bo@x.io' }]);
    expect(await dev.engine.syncNow()).toEqual({ ok: true });
    // One round: the first batch, then Cy's (an import writing meanwhile), then the pull that includes both.
    expect(server.pushes.map((push) => push.mutations.map((m) => m.id))).toEqual([[1], [2]]);
    expect(server.candidates.size).toBe(3);
    expect(await dev.db.outbox.count()).toBe(0);
  });

  it('polls every 5 s while a screen asks (hidden too), every 30 s otherwise, and not while hidden', async () => {
    const server = new FakeSyncServer();
    const { fake, engine } = await device(server);
    engine.start();
    fake.advance(0);
    await engine.settled();
    expect(fake.pendingDelays()).toEqual([30_000]);
    const release = engine.requestFastPolling();
    fake.advance(0);
    await engine.settled();
    expect(fake.pendingDelays()).toEqual([5_000]);
    fake.setVisible(false);
    expect(fake.pendingDelays()).toEqual([5_000]);
    fake.advance(5_000);
    await engine.settled();
    expect(fake.pendingDelays()).toEqual([5_000]);
    fake.visible = true;
    release();
    fake.advance(5_000);
    await engine.settled();
    expect(fake.pendingDelays()).toEqual([30_000]);
    fake.setVisible(false);
    expect(fake.pendingDelays()).toEqual([]);
    fake.setVisible(true);
    expect(fake.pendingDelays()).toEqual([0]);
  });

  it('lets one sync run at a time across engines over one database (tabs)', async () => {
    const server = new FakeSyncServer();
    let inFlight = 0;
    let maxInFlight = 0;
    const base = server.transport();
    const tracked: SyncTransport = {
      push: async (r) => {
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        await flush();
        inFlight -= 1;
        return base.push(r);
      },
      pull: async (q) => {
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        await flush();
        inFlight -= 1;
        return base.pull(q);
      },
    };
    const tab1 = await device(server, tracked);
    const tab2 = createSyncEngine({ db: tab1.db, transport: tracked, env: tab1.fake.env });
    await tab1.repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const results = await Promise.all([tab1.engine.syncNow(), tab2.syncNow(), tab1.engine.syncNow()]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(maxInFlight).toBe(1);
    expect(server.candidates.size).toBe(1);
    expect(new Set(tab1.fake.locksTaken)).toEqual(new Set([`rephire-sync:${tab1.db.name}`]));
  });
});

/** Counts the transactions opened on `db` from now on, implicit ones included (reopens it: middleware takes effect on open). */
async function countTransactions(db: RepHireDb) {
  const counter = { opened: 0 };
  db.close();
  db.use({
    stack: 'dbcore',
    name: 'countTransactions',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        counter.opened += 1;
        return down.transaction(stores, mode, options);
      },
    }),
  });
  await db.open();
  return counter;
}

describe('waiting behind an import', () => {
  // While an import writes, each transaction of the round waits for one of its batches.
  it('opens one transaction per request pushed and two to end the push, and one before the first page asked for', async () => {
    const server = new FakeSyncServer();
    const { db, repo } = await device(server);
    for (const name of ['Ann', 'Bo', 'Cy']) await repo.createCandidate({ name, email: `${name}@x.io` });
    const transactions = await countTransactions(db);
    // One mutation per request: each answer is recorded with the reads for the request after next,
    // made while the next one is on its way (push.ts); the last one read finds nothing, and one more
    // records the last answer and finds nothing written since.
    await pushOutbox(db, server.transport(), { maxBodyBytes: 1 });
    expect(server.pushes.map((push) => push.mutations.length)).toEqual([1, 1, 1]);
    expect(transactions.opened).toBe(5);
    expect(await getMeta(db, 'processedThrough')).toBe(3);

    transactions.opened = 0;
    let beforePage = -1;
    const base = server.transport();
    await pullAll(db, {
      push: base.push,
      pull: async (query) => {
        if (beforePage < 0) beforePage = transactions.opened;
        return base.pull(query);
      },
    });
    expect(beforePage).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('server restores', () => {
  it('resyncs from scratch on reset, removing rows the server no longer has and keeping pending work', async () => {
    const server = new FakeSyncServer();
    const { engine, repo } = await device(server);
    const kept = await repo.createCandidate({ name: 'Kept', email: 'kept@x.io' });
    const lost = await repo.createCandidate({ name: 'Lost', email: 'lost@x.io' });
    await engine.syncNow();
    server.candidates.delete(lost.uid);
    server.restore(false);
    await repo.updateCandidate(kept.uid, { phone: '9' });
    expect(await engine.syncNow()).toEqual({ ok: true });
    expect((await repo.listCandidates()).map((c) => c.name)).toEqual(['Kept']);
    expect(await repo.getCandidate(kept.uid)).toMatchObject({ phone: '9' });
  });

  it('renumbers the queue under a new client id when the server forgot this client', async () => {
    const server = new FakeSyncServer();
    const { db, engine, repo } = await device(server);
    const ann = await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await repo.updateCandidate(ann.uid, { phone: '1' });
    await engine.syncNow();
    const before = await clientIdOf(db);
    server.restore(true);
    await repo.updateCandidate(ann.uid, { location: 'Oslo' }); // id 3: the server now expects 1
    expect(await engine.syncNow()).toEqual({ ok: true });
    expect(await clientIdOf(db)).not.toBe(before);
    expect(server.candidates.get(ann.uid)!.row.location).toBe('Oslo');
    expect(await db.outbox.count()).toBe(0);
    expect(await getMeta(db, 'nextMutationId')).toBe(2);
  });
});

describe('another user signs in on the device', () => {
  it('keeps unsent changes and sends them under a new client id; sent ones are not sent twice', async () => {
    const server = new FakeSyncServer();
    const { db, engine, repo } = await device(server);
    const ann = await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await repo.appendNote(ann.uid, 'sent');
    server.failures.push({ on: 'pull', error: new SyncError('network', 'offline') });
    await engine.syncNow(); // pushed, but no pull yet: both entries still queued
    await repo.appendNote(ann.uid, 'not sent');
    const before = await clientIdOf(db);
    await engine.signedIn(testUser({ id: 2, username: 'bo' }));
    expect(await clientIdOf(db)).not.toBe(before);
    expect((await db.outbox.toArray()).map((e) => [e.id, e.label])).toEqual([[1, 'Add a note to Ann']]);
    expect(await engine.syncNow()).toEqual({ ok: true });
    expect(server.candidates.get(ann.uid)!.row.notes).toBe('sent\nnot sent');
    expect(await repo.getCandidate(ann.uid)).toMatchObject({ notes: 'sent\nnot sent' });
  });
});

describe('sign-out', () => {
  it('flushes before signing out, or reports what would be lost', async () => {
    const server = new FakeSyncServer();
    const { fake, engine, repo } = await device(server);
    await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    fake.online = false;
    expect(await engine.flushBeforeSignOut()).toEqual({ ok: false, unsynced: 1 });
    fake.online = true;
    expect(await engine.flushBeforeSignOut()).toEqual({ ok: true });
    expect(server.candidates.size).toBe(1);
  });

  it('does not offer to discard changes the server has, while pulls have not confirmed them yet', async () => {
    const server = new FakeSyncServer();
    const { db, engine, repo } = await device(server);
    await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await repo.createCandidate({ name: 'Bob', email: 'bob@x.io' });
    // A long transaction elsewhere holds the server's pull horizon back: nothing counts as included.
    server.includedThrough = 0;
    expect(await engine.flushBeforeSignOut()).toEqual({ ok: true });
    expect(await db.outbox.count()).toBe(2);
    expect(server.candidates.size).toBe(2);
    // One more written offline is what would be lost.
    await repo.createCandidate({ name: 'Cy', email: 'cy@x.io' });
    server.failures.push({ on: 'push', error: new SyncError('network', 'offline') });
    expect(await engine.flushBeforeSignOut()).toEqual({ ok: false, unsynced: 1 });
  });

  it('wipes every table and the remembered user, and stops syncing', async () => {
    const server = new FakeSyncServer();
    const { db, engine, repo } = await device(server);
    await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    engine.start();
    await engine.settled();
    const clientId = await clientIdOf(db);
    await engine.wipeDeviceData();
    for (const table of db.tables) expect(await table.count()).toBe(0);
    expect(await engine.deviceOwner()).toBeNull();
    expect(await engine.syncNow()).toEqual({ ok: false, reason: 'signedOut' });
    expect(await clientIdOf(db)).not.toBe(clientId);
    expect(engine.status.getState()).toMatchObject({ pendingCount: 0, lastSyncAt: null });
  });
});
