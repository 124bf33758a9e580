/**
 * One syncing tab per browser (tabs.ts): engines standing for tabs of one browser — each with its own
 * database connection, clock and transport, sharing a FakeBrowser's tab channels and leader locks.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { RepHireDb } from '@/db/database';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { createSyncEngine } from './engine';
import { FakeBrowser, FakeEnvironment } from './testing/fake-environment';
import { FakeSyncServer } from './testing/fake-server';
import { ownedDb } from './testing/fixtures';
import { SyncError, type SyncTransport } from './transport';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Lets message deliveries and IndexedDB work run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

const ANSWER_MS = 5_000;

interface Tab {
  name: string;
  db: RepHireDb;
  fake: FakeEnvironment;
  engine: ReturnType<typeof createSyncEngine>;
  repo: ReturnType<typeof createCandidatesRepo>;
  /** Sync requests this tab sent. */
  requests: number;
}

async function browserWith(server: FakeSyncServer) {
  const browser = new FakeBrowser();
  const name = (await ownedDb()).name;
  const tabs: Tab[] = [];
  let unreachable = false;

  function open(label: string): Tab {
    const db = new RepHireDb(name);
    const fake = new FakeEnvironment({ browser });
    const base = server.transport();
    const fail = () => {
      if (unreachable) throw new SyncError('network', 'Failed to fetch');
    };
    const transport: SyncTransport = {
      push: async (request) => {
        tab.requests += 1;
        fail();
        return base.push(request);
      },
      pull: async (query) => {
        tab.requests += 1;
        fail();
        return base.pull(query);
      },
    };
    const engine = createSyncEngine({ db, transport, env: fake.env, tabsTiming: { answerMs: ANSWER_MS } });
    const tab: Tab = { name: label, db, fake, engine, repo: createCandidatesRepo(db), requests: 0 };
    tabs.push(tab);
    cleanups.push(async () => {
      engine.stop();
      await engine.settled();
      db.close();
    });
    return tab;
  }

  /**
   * Every tab's clock moves on together, timer by timer across the tabs, letting the messages and the
   * work each timer starts run before the next one fires (as one browser's event loops would).
   */
  async function advance(ms: number) {
    let left = ms;
    for (;;) {
      const dues = tabs.map((tab) => tab.fake.nextDueIn()).filter((due): due is number => due !== null);
      const step = dues.length ? Math.min(...dues) : null;
      if (step === null || step > left) break;
      for (const tab of tabs) tab.fake.advance(step);
      left -= step;
      await settle();
    }
    for (const tab of tabs) tab.fake.advance(left);
    await settle();
  }

  async function settle() {
    for (let i = 0; i < 3; i += 1) {
      await flush();
      for (const tab of tabs) await tab.engine.settled();
    }
  }

  cleanups.push(() => new RepHireDb(name).delete());
  return {
    browser,
    open,
    advance,
    settle,
    setUnreachable: (value: boolean) => {
      unreachable = value;
    },
  };
}

const serverEmails = (server: FakeSyncServer) => [...server.candidates.values()].map((v) => v.row.email).sort();

describe('one syncing tab per browser', () => {
  it('only the leader syncs; a write in a follower reaches the server through it', async () => {
    const server = new FakeSyncServer();
    const browser = await browserWith(server);
    const leader = browser.open('leader');
    leader.engine.start();
    const follower = browser.open('follower');
    follower.engine.start();
    await browser.advance(0);
    expect(leader.requests).toBeGreaterThan(0);

    await follower.repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await browser.settle();
    // The leader's debounce (1 s) sends it.
    await browser.advance(1_000);
    expect(serverEmails(server)).toEqual(['ann@x.io']);
    // Regular polling goes on in the leader alone, and the follower never stands in while it answers.
    await browser.advance(60_000);
    expect(follower.requests).toBe(0);
    expect(follower.engine.status.getState()).toMatchObject({ pendingCount: 0 });
    // The follower schedules no sync, only its next ping.
    expect(follower.fake.pendingDelays()).toHaveLength(1);
    expect(follower.fake.pendingDelays()[0]).toBeLessThanOrEqual(ANSWER_MS);
    // A sync a person asks for runs where they asked.
    expect(await follower.engine.syncNow()).toEqual({ ok: true });
    expect(follower.requests).toBeGreaterThan(0);
  });

  it('leading moves to the next tab when the leader stops, and when it goes into the page cache', async () => {
    const server = new FakeSyncServer();
    const browser = await browserWith(server);
    const first = browser.open('first');
    first.engine.start();
    const second = browser.open('second');
    second.engine.start();
    await browser.advance(0);

    // Into the back/forward cache: the page keeps running no code, so it lets go of leading.
    first.fake.hidePage();
    await browser.settle();
    const before = first.requests;
    await second.repo.createCandidate({ name: 'Bo', email: 'bo@x.io' });
    await browser.advance(1_000);
    expect(serverEmails(server)).toEqual(['bo@x.io']);
    expect(first.requests).toBe(before);
    // Back from the cache: now it follows, and its writes go through the second tab.
    first.fake.showPage();
    await browser.settle();
    const secondBefore = second.requests;
    await first.repo.createCandidate({ name: 'Cy', email: 'cy@x.io' });
    await browser.advance(1_000);
    expect(serverEmails(server)).toEqual(['bo@x.io', 'cy@x.io']);
    expect(first.requests).toBe(before + 0);
    expect(second.requests).toBeGreaterThan(secondBefore);

    // The leader closes (stop): the first tab leads again, and syncs by itself.
    second.engine.stop();
    await browser.settle();
    await first.repo.createCandidate({ name: 'Di', email: 'di@x.io' });
    await browser.advance(1_000);
    expect(serverEmails(server)).toEqual(['bo@x.io', 'cy@x.io', 'di@x.io']);
    expect(first.requests).toBeGreaterThan(before);
  });

  it('a follower stands in while the lock is held by a tab that never answers, and leads once it is free', async () => {
    const server = new FakeSyncServer();
    const browser = await browserWith(server);
    // A page that holds the leader lock and runs no code (frozen, or cached without its pagehide).
    const ghost = browser.open('ghost');
    const releaseGhost = ghost.fake.env.lead(`rephire-sync:${ghost.db.name}:leader`, () => {});
    const tab = browser.open('tab');
    tab.engine.start();
    await browser.advance(0);
    await tab.repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await browser.advance(1_000);
    expect(serverEmails(server)).toEqual([]);

    // A whole period without a beat: it drives the syncs itself.
    await browser.advance(ANSWER_MS);
    expect(serverEmails(server)).toEqual(['ann@x.io']);
    expect(tab.engine.status.getState()).toMatchObject({ pendingCount: 0 });

    // The lock is let go: the tab (next in line) leads, and a second tab follows it.
    releaseGhost();
    const other = browser.open('other');
    other.engine.start();
    await browser.advance(0);
    await other.repo.createCandidate({ name: 'Bo', email: 'bo@x.io' });
    await browser.advance(1_000);
    await browser.advance(60_000);
    expect(serverEmails(server)).toEqual(['ann@x.io', 'bo@x.io']);
    expect(other.requests).toBe(0);
  });

  it('without tab messages every tab syncs for itself; a stand-in steps back once it hears the leader', async () => {
    const server = new FakeSyncServer();
    const browser = await browserWith(server);
    browser.browser.channels = false;
    const leader = browser.open('leader');
    leader.engine.start();
    const follower = browser.open('follower');
    follower.engine.start();
    await browser.advance(0);
    await follower.repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await browser.advance(ANSWER_MS);
    expect(serverEmails(server)).toEqual(['ann@x.io']);
    expect(follower.requests).toBeGreaterThan(0);

    browser.browser.channels = true;
    await browser.advance(ANSWER_MS);
    const standInRequests = follower.requests;
    await follower.repo.createCandidate({ name: 'Bo', email: 'bo@x.io' });
    await browser.advance(1_000);
    await browser.advance(60_000);
    expect(serverEmails(server)).toEqual(['ann@x.io', 'bo@x.io']);
    expect(follower.requests).toBe(standInRequests);
  });

  it('polls for the tabs: every 5 s while a screen asks (in the background too), every 30 s for a tab in view, never for nobody', async () => {
    const server = new FakeSyncServer();
    const browser = await browserWith(server);
    const leader = browser.open('leader');
    leader.engine.start();
    const follower = browser.open('follower');
    follower.engine.start();
    await browser.advance(0);
    expect(leader.fake.pendingDelays()).toEqual([30_000]);

    // The leader's tab is in the background; the follower's Candidates page is in view.
    leader.fake.setVisible(false);
    const release = follower.engine.requestFastPolling();
    await browser.settle();
    const polls = () => leader.requests;
    let before = polls();
    await browser.advance(5_000);
    await browser.advance(5_000);
    expect(polls()).toBeGreaterThanOrEqual(before + 2); // two rounds, a pull each
    expect(follower.requests).toBe(0);

    // The follower goes to the background too: the Candidates page keeps its 5 s poll there (the
    // spec's "also in the background"), still by the leader alone.
    follower.fake.setVisible(false);
    await browser.settle();
    before = polls();
    await browser.advance(5_000);
    await browser.advance(5_000);
    expect(polls()).toBeGreaterThanOrEqual(before + 2);
    expect(follower.requests).toBe(0);

    // Released while every tab is hidden: nobody polls.
    release();
    await browser.settle();
    await browser.advance(5_000);
    before = polls();
    await browser.advance(60_000);
    expect(polls()).toBe(before);

    // In view again: the regular poll, every 30 s, for the tab in view.
    follower.fake.setVisible(true);
    await browser.settle();
    await browser.advance(5_000);
    before = polls();
    await browser.advance(60_000);
    expect(polls()).toBe(before + 2);
    expect(follower.requests).toBe(0);
  });

  it("shows the leader's progress and retry in a follower, and the waiting changes from the database", async () => {
    const server = new FakeSyncServer();
    const browser = await browserWith(server);
    const leader = browser.open('leader');
    leader.engine.start();
    const follower = browser.open('follower');
    follower.engine.start();
    await browser.advance(0);

    browser.setUnreachable(true);
    await follower.repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await browser.advance(1_000);
    const leaderRetry = leader.engine.status.getState().nextRetryAt;
    expect(leaderRetry).not.toBeNull();
    expect(follower.engine.status.getState()).toMatchObject({ pendingCount: 1, unreachable: true, nextRetryAt: leaderRetry });

    browser.setUnreachable(false);
    await browser.advance(leaderRetry! - leader.fake.time);
    expect(serverEmails(server)).toEqual(['ann@x.io']);
    expect(follower.engine.status.getState()).toMatchObject({ pendingCount: 0, unreachable: false, nextRetryAt: null, syncing: false });
    expect(follower.requests).toBe(0);
  });
});
