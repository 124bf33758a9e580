import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { RepHireDb } from '@/db/database';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { createSyncEngine, type SyncEngine } from './engine';
import { DEFAULT_TIMING } from './scheduler';
import { FakeBrowser, FakeEnvironment } from './testing/fake-environment';
import { FakeSyncServer } from './testing/fake-server';
import { ownedDb } from './testing/fixtures';
import type { SyncTransport } from './transport';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Lets the tabs' messages (delivered as microtasks) and the database's promises settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

interface Tab {
  db: RepHireDb;
  fake: FakeEnvironment;
  engine: SyncEngine;
  pulls: () => number;
  syncingSeen: () => boolean;
}

/** Two tabs of one browser: the same database (two connections), one tab channel, one leader lock. */
async function twoTabs(server: FakeSyncServer): Promise<[Tab, Tab]> {
  const browser = new FakeBrowser();
  const first = await ownedDb();
  const tabs: Tab[] = [];
  for (const db of [first, new RepHireDb(first.name)]) {
    const fake = new FakeEnvironment({ browser });
    let pulls = 0;
    const base = server.transport();
    const transport: SyncTransport = { ...base, pull: (query) => (pulls++, base.pull(query)) };
    const engine = createSyncEngine({ db, transport, env: fake.env });
    let syncingSeen = false;
    engine.status.subscribe((state) => {
      if (state.syncing) syncingSeen = true;
    });
    cleanups.push(async () => {
      engine.stop();
      await engine.settled();
      db.close();
    });
    tabs.push({ db, fake, engine, pulls: () => pulls, syncingSeen: () => syncingSeen });
  }
  cleanups.push(() => first.delete());
  return tabs as [Tab, Tab];
}

describe('one syncing tab per browser', () => {
  it('lets only the leader schedule syncs; another tab’s write nudges it, and sees it syncing', async () => {
    const server = new FakeSyncServer();
    const [leader, other] = await twoTabs(server);
    leader.engine.start();
    other.engine.start();
    await settle();
    expect(leader.fake.pendingDelays()).toEqual([0]);
    expect(other.fake.pendingDelays()).toEqual([]);
    leader.fake.advance(0);
    await leader.engine.settled();
    await settle();
    expect(leader.pulls()).toBe(1);
    // The leader goes on polling; the other tab has no timer of its own.
    expect(leader.fake.pendingDelays()).toEqual([DEFAULT_TIMING.pollMs]);
    expect(other.fake.pendingDelays()).toEqual([]);

    const ann = await createCandidatesRepo(other.db).createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await settle();
    expect(other.fake.pendingDelays()).toEqual([]);
    expect(leader.fake.pendingDelays()[0]).toBeLessThanOrEqual(DEFAULT_TIMING.debounceMs);
    leader.fake.advance(DEFAULT_TIMING.debounceMs);
    await leader.engine.settled();
    await settle();
    expect([...server.candidates.values()].map((v) => v.row.uid)).toEqual([ann.uid]);
    expect(other.pulls()).toBe(0);
    expect(other.syncingSeen()).toBe(true);
    // What the leader synced is in the shared database: the other tab's status reads it.
    expect(other.engine.status.getState()).toMatchObject({ pendingCount: 0, syncing: false });
  });

  it('polls fast for another tab’s screen, and hands leading over when the leader closes', async () => {
    const server = new FakeSyncServer();
    const [leader, other] = await twoTabs(server);
    leader.engine.start();
    other.engine.start();
    await settle();
    leader.fake.advance(0);
    await leader.engine.settled();

    const release = other.engine.requestFastPolling();
    await settle();
    leader.fake.advance(0);
    await leader.engine.settled();
    await settle();
    expect(leader.fake.pendingDelays()).toEqual([DEFAULT_TIMING.fastPollMs]);
    release();
    await settle();
    leader.fake.advance(DEFAULT_TIMING.fastPollMs);
    await leader.engine.settled();
    await settle();
    expect(leader.fake.pendingDelays()).toEqual([DEFAULT_TIMING.pollMs]);

    leader.engine.stop();
    await settle();
    expect(other.fake.pendingDelays()).toEqual([0]);
    other.fake.advance(0);
    await other.engine.settled();
    expect(other.pulls()).toBe(1);
    expect(other.fake.pendingDelays()).toEqual([DEFAULT_TIMING.pollMs]);
  });

  it('still syncs in any tab when a person asks (Refresh, sign-out)', async () => {
    const server = new FakeSyncServer();
    const [leader, other] = await twoTabs(server);
    leader.engine.start();
    other.engine.start();
    await settle();
    expect(await other.engine.syncNow()).toEqual({ ok: true });
    expect(other.pulls()).toBe(1);
    expect(other.fake.pendingDelays()).toEqual([]);
  });
});
