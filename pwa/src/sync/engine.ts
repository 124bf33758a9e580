/**
 * The sync engine: one explicit loop — a round (round.ts: push the outbox, pull, which ends with the
 * rebase), then schedule the next one (scheduler.ts) — with all of its state in `loop`. Rounds
 * are scheduled on start, on `online`, when a tab comes into view, shortly after local writes, every
 * 30 s while a tab is in view (5 s while a screen asks for it, also in the background), and after
 * failures with backoff.
 *
 * One tab per browser drives that schedule (tabs.ts): the leader, or a follower standing in when no
 * leader answers. Other tabs hand it their reasons to sync and read the results through the shared
 * database. A sync a person asks for (Refresh, Sync now, sign-out) runs in the tab they asked in. Any
 * tab's round runs under the sync lock, so rounds never overlap, whoever drives.
 *
 * Separate from the loop: the device session (device-session.ts: the signed-in user, the client id)
 * and the status the UI shows (status-store.ts: durable parts read from the database in every tab,
 * the live parts of the driving tab relayed to the others).
 *
 * Invariants: nothing is ever removed from the outbox except by a pull's lastMutationId or a server
 * rejection (kept in `rejected` with its reason); a 401 pauses syncing until `signedIn` — the queue
 * waits; the engine syncs only for a device that has a signed-in owner.
 */
import { liveQuery, type Subscription } from 'dexie';
import { DEFAULT_DB_NAME, type RepHireDb } from '@/db/database';
import { onLocalWrite } from '@/db/local-writes';
import { getMeta, type DeviceUser } from '@/db/meta';
import { createDeviceSession } from './device-session';
import { browserEnvironment, type SyncEnvironment } from './environment';
import { runRound, type SyncOutcome } from './round';
import { DEFAULT_TIMING, SyncScheduler, backoffDelay, type SyncTiming } from './scheduler';
import {
  createSyncStatusStore,
  initialSyncStatus,
  readDurableStatus,
  saveDurableState,
  toPendingChange,
  type PendingChange,
  type SyncStatusStore,
} from './status-store';
import { DEFAULT_TABS_TIMING, joinTabs, type LeaderStatus, type Tabs, type TabsTiming } from './tabs';
import { httpTransport, type HttpTransportOptions, type SyncTransport } from './transport';

export interface SyncEngineOptions {
  db: RepHireDb;
  /** Defaults to HTTP against this origin (or `http`'s baseUrl/fetch). */
  transport?: SyncTransport;
  http?: HttpTransportOptions;
  env?: Partial<SyncEnvironment>;
  timing?: Partial<SyncTiming>;
  tabsTiming?: Partial<TabsTiming>;
  maxPushBytes?: number;
  pullPageSize?: number;
}

export type { SyncOutcome };

export type FlushResult = { ok: true } | { ok: false; unsynced: number };

export interface SyncEngine {
  readonly status: SyncStatusStore;
  /** Joins the browser's tabs, listens for triggers and syncs (or asks the leader to). Idempotent. */
  start(): void;
  /** Stops listening, cancels timers and hands leading on; a running sync finishes. */
  stop(): void;
  /** Syncs in this tab as soon as no other sync runs; resolves when done. */
  syncNow(): Promise<SyncOutcome>;
  /** Resolves once this engine has no sync running or queued. */
  settled(): Promise<void>;
  /**
   * While held, the browser syncs every fastPollMs (5 s), also in the background, instead of every
   * pollMs while visible (the Candidates page holds it while open). Call the returned function to release it.
   */
  requestFastPolling(): () => void;
  /**
   * The user signed in (or again, after a 401): remembers them on the device and resumes syncing. When
   * another user than the remembered one signs in, the device's pending changes are kept and sent
   * under a new client id (a client id belongs to one user).
   */
  signedIn(user: DeviceUser): Promise<void>;
  /** The remembered signed-in user, so the app can open offline. */
  deviceOwner(): Promise<DeviceUser | null>;
  /** Before signing out: syncs; `unsynced` counts changes that would be lost by wiping now. */
  flushBeforeSignOut(): Promise<FlushResult>;
  /** Removes every row, the queue and the remembered user from this device, and stops syncing. */
  wipeDeviceData(): Promise<void>;
  /** Pending changes for the indicator's panel (oldest first). */
  pendingChanges(limit?: number): Promise<PendingChange[]>;
  /** Forgets one rejected change (or all). */
  dismissRejected(id?: number): Promise<void>;
}

export const UPGRADED_MESSAGE = 'RepHire was updated in another tab. Reload this tab to keep working.';

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db } = options;
  const env: SyncEnvironment = { ...browserEnvironment(), ...options.env };
  const timing: SyncTiming = { ...DEFAULT_TIMING, ...options.timing };
  const tabsTiming: TabsTiming = { ...DEFAULT_TABS_TIMING, ...options.tabsTiming };
  const transport = options.transport ?? httpTransport(options.http);
  const status = createSyncStatusStore(env.isOnline());
  const lockName = db.name === DEFAULT_DB_NAME ? 'rephire-sync' : `rephire-sync:${db.name}`;
  const withSyncLock = <T>(task: () => Promise<T>) => env.withLock(lockName, task);
  const session = createDeviceSession(db, withSyncLock);
  const scheduler = new SyncScheduler(env, timing, () => void syncNow());

  /** The loop's state, all of it. */
  const loop = {
    started: false,
    /** This tab among the browser's tabs, while started. */
    tabs: null as Tabs | null,
    /** Failed rounds in a row and the server's last Retry-After, for the backoff. */
    failures: 0,
    retryAfterMs: 0,
    /** Screens of this tab asking for fast polling. */
    fastScreens: 0,
    /** Whether some tab's screen wanted fast polling when the wishes last changed. */
    fastWanted: false,
    running: null as Promise<SyncOutcome> | null,
    queued: null as Promise<SyncOutcome> | null,
    cleanups: [] as Array<() => void>,
  };

  /** This tab schedules the rounds. */
  const driving = () => loop.started && (loop.tabs?.driving ?? false);
  /**
   * What this tab's screens want from polling: the regular poll while the tab is in view; the fast one
   * while a screen asks for it, in view or not (the spec's Candidates page polls "also in the
   * background"; one tab leading keeps that to one poll for the browser).
   */
  const wishHere = () => ({ visible: env.isVisible(), fast: loop.fastScreens > 0 });
  /** Polling serves the screens of this tab or (when leading) of the others. */
  const wantsFast = () => wishHere().fast || (loop.tabs?.wishElsewhere.fast ?? false);
  const wantsPoll = () => env.isVisible() || (loop.tabs?.wishElsewhere.visible ?? false);

  const readStatus = () => readDurableStatus(db);

  async function refreshStatus() {
    status.setState(await readStatus());
  }

  /** One round (round.ts); the loop keeps count of failures for the backoff. */
  async function round(): Promise<SyncOutcome> {
    const { outcome, retryAfterMs } = await runRound({
      db,
      transport,
      env,
      status,
      withSyncLock,
      maxPushBytes: options.maxPushBytes,
      pullPageSize: options.pullPageSize,
    });
    if (outcome.ok) {
      loop.failures = 0;
      loop.retryAfterMs = 0;
    } else if (outcome.reason === 'error') {
      loop.failures += 1;
      loop.retryAfterMs = retryAfterMs;
    }
    return outcome;
  }

  /** After a round: when the next one runs, if this tab drives. */
  async function scheduleNext(outcome: SyncOutcome) {
    status.setState({ nextRetryAt: null });
    if (!driving()) return;
    if (!outcome.ok) {
      if (outcome.reason === 'error') {
        scheduler.schedule('retry', backoffDelay(loop.failures, timing, env.random, loop.retryAfterMs));
        status.setState({ nextRetryAt: scheduler.dueAt });
      }
      return;
    }
    // Writes made while this round ran still wait; otherwise the regular pull while a tab is in view —
    // or the fast one a screen (here or in another tab, in view or not) asked for.
    const unsent = await unpushedCount();
    if (unsent > 0) scheduler.schedule('write', timing.debounceMs);
    else if (wantsFast()) scheduler.schedule('poll', timing.fastPollMs);
    else if (wantsPoll()) scheduler.schedule('poll', timing.pollMs);
  }

  function startRound(): Promise<SyncOutcome> {
    scheduler.clear();
    const run = round()
      .catch((error: unknown): SyncOutcome => {
        // A bug or a storage failure: report it and retry later rather than stop syncing for good.
        loop.failures += 1;
        const message = `Sync failed: ${(error as Error)?.message ?? String(error)}`;
        void saveDurableState(db, { lastError: message }).catch(() => undefined);
        return { ok: false, reason: 'error', message };
      })
      .then(async (outcome) => {
        loop.running = null;
        await refreshStatus().catch(() => undefined);
        await scheduleNext(outcome).catch(() => undefined);
        return outcome;
      });
    loop.running = run;
    return run;
  }

  function syncNow(): Promise<SyncOutcome> {
    if (loop.queued) return loop.queued;
    if (loop.running) {
      loop.queued = loop.running.then(() => {
        loop.queued = null;
        return startRound();
      });
      return loop.queued;
    }
    return startRound();
  }

  /** A reason to sync: the driving tab schedules a round; a follower hands it to the leader. */
  function trigger(kind: 'now' | 'write') {
    if (!loop.started) return;
    if (driving()) scheduler.schedule(kind, kind === 'write' ? timing.debounceMs : 0);
    else loop.tabs?.nudge(kind);
  }

  /** Fast polling was asked for (here or in another tab): a due regular poll runs now instead. */
  function pollSoon() {
    if (driving() && wantsFast() && (scheduler.kind === null || scheduler.kind === 'poll')) {
      scheduler.clear();
      scheduler.schedule('poll', 0);
    }
  }

  /** Which tabs are in view, or want fast polling, changed: poll soon for a new fast wish, or stop polling for nobody. */
  function wishesChanged() {
    loop.tabs?.setWish(wishHere());
    const fastBefore = loop.fastWanted;
    loop.fastWanted = wantsFast();
    if (!wantsPoll() && !loop.fastWanted) scheduler.cancelPoll();
    else if (loop.fastWanted && !fastBefore) pollSoon();
  }

  const liveStatus = (): LeaderStatus => {
    const { syncing, pushProgress, pullProgress, nextRetryAt } = status.getState();
    return { syncing, pushProgress, pullProgress, nextRetryAt };
  };

  function join(): Tabs {
    return joinTabs(
      env,
      lockName,
      {
        roleChanged(role) {
          if (role === 'follower') {
            scheduler.clear();
            if (!loop.running) status.setState({ nextRetryAt: null });
            return;
          }
          // Driving now: whatever the previous driver knew is gone, and nudges may have been missed.
          if (!loop.running) status.setState({ syncing: false, pushProgress: null, pullProgress: null, nextRetryAt: null });
          scheduler.schedule('now', 0);
        },
        nudged: (kind) => trigger(kind),
        wishesChanged,
        leaderStatus(live) {
          // This tab's own round (one a person asked for here) says more than the leader's.
          if (!loop.running) status.setState(live);
        },
      },
      tabsTiming,
    );
  }

  function start() {
    if (loop.started) return;
    loop.started = true;
    loop.cleanups.push(
      env.listen({
        online: () => {
          loop.failures = 0;
          status.setState({ online: true });
          trigger('now');
        },
        offline: () => status.setState({ online: false }),
        visibilityChange: () => {
          wishesChanged();
          if (env.isVisible()) trigger('now');
        },
        pageHide: () => loop.tabs?.hide(),
        pageShow: () => {
          loop.tabs?.show();
          trigger('now');
        },
      }),
    );
    loop.cleanups.push(onLocalWrite(db, () => trigger('write')));
    // A newer app version in another tab upgrades the database: Dexie closes ours (the upgrade keeps
    // the outbox); this tab must reload to run the new code.
    const onVersionChange = () => {
      stop();
      status.setState({ error: UPGRADED_MESSAGE });
    };
    db.on('versionchange', onVersionChange);
    loop.cleanups.push(() => db.on('versionchange').unsubscribe(onVersionChange));
    const subscription: Subscription = liveQuery(readStatus).subscribe({
      next: (values) => status.setState(values),
      error: () => undefined,
    });
    loop.cleanups.push(() => subscription.unsubscribe());
    // The followers' screens show how the leader's rounds go.
    loop.cleanups.push(
      status.subscribe((state, previous) => {
        const changed =
          state.syncing !== previous.syncing ||
          state.pushProgress !== previous.pushProgress ||
          state.pullProgress !== previous.pullProgress ||
          state.nextRetryAt !== previous.nextRetryAt;
        if (changed && loop.tabs?.role === 'leader') loop.tabs.publish(liveStatus());
      }),
    );
    // Ask the browser not to evict this device's data (Safari may, after 7 days without use).
    void globalThis.navigator?.storage?.persist?.().catch(() => false);
    // Last: leading may be granted at once, and then it uses the listeners above.
    const tabs = join();
    loop.tabs = tabs;
    loop.cleanups.push(() => tabs.close());
    tabs.setWish(wishHere());
    trigger('now');
  }

  function stop() {
    loop.started = false;
    scheduler.clear();
    // Closing the tabs' link hands leading to the next tab in line.
    for (const cleanup of loop.cleanups.reverse()) cleanup();
    loop.cleanups = [];
    loop.tabs = null;
  }

  function requestFastPolling() {
    loop.fastScreens += 1;
    wishesChanged();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      loop.fastScreens -= 1;
      wishesChanged();
    };
  }

  async function signedIn(user: DeviceUser) {
    await session.signIn(user);
    loop.failures = 0;
    await refreshStatus();
    trigger('now');
  }

  /** Outbox entries the server has not processed yet (those it has are safe, pulled back or not). */
  async function unpushedCount(): Promise<number> {
    return db.outbox.where('id').above(await getMeta(db, 'pushedThrough')).count();
  }

  /**
   * Before signing out: push, then count what the server does not have. Entries it processed but a
   * pull has not yet confirmed (a long transaction elsewhere holds the pull's horizon back) are not
   * lost by wiping the device, so they are not offered for discarding.
   */
  async function flushBeforeSignOut(): Promise<FlushResult> {
    await syncNow();
    const unsynced = await unpushedCount();
    return unsynced === 0 ? { ok: true } : { ok: false, unsynced };
  }

  async function wipeDeviceData() {
    stop();
    await session.wipe();
    status.setState(initialSyncStatus(env.isOnline()));
  }

  return {
    status,
    start,
    stop,
    syncNow,
    async settled() {
      while (loop.running || loop.queued) await (loop.queued ?? loop.running);
    },
    requestFastPolling,
    signedIn,
    deviceOwner: () => session.owner(),
    flushBeforeSignOut,
    wipeDeviceData,
    async pendingChanges(limit = 200) {
      return (await db.outbox.orderBy('id').limit(limit).toArray()).map(toPendingChange);
    },
    async dismissRejected(id) {
      if (id === undefined) await db.rejected.clear();
      else await db.rejected.delete(id);
      await refreshStatus();
    },
  };
}
