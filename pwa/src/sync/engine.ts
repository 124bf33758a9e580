/**
 * The sync engine, composed of three parts with their own state:
 *   - the device session (device-session.ts): the signed-in user and the client id;
 *   - the loop (loop.ts): a round (round.ts: push the outbox, pull, which ends with the rebase), then
 *     the next one scheduled (scheduler.ts) — on start, on `online`, when a tab comes into view,
 *     shortly after local writes, every 30 s while a tab is in view (5 s while a screen asks for it,
 *     also in the background), and after failures with backoff;
 *   - this tab's leadership (tab-leadership.ts, over tabs.ts): one tab per browser drives that
 *     schedule — the leader, or a follower standing in when no leader answers; the others hand it
 *     their reasons to sync and read the results through the shared database.
 * The status the UI shows is a store of its own (status-store.ts: durable parts read from the
 * database in every tab, the live parts of the driving tab relayed to the others).
 *
 * A sync a person asks for (Refresh, Sync now, sign-out) runs in the tab they asked in. Any tab's
 * round runs under the sync lock, so rounds never overlap, whoever drives.
 *
 * Invariants: nothing is ever removed from the outbox except by a pull's includedThrough or a server
 * rejection (kept in `rejected` with its reason); a 401 pauses syncing until `signedIn` — the queue
 * waits; the engine syncs only for a device that has a signed-in owner.
 */
import { DEFAULT_DB_NAME, type RepHireDb } from '@/db/database';
import { onLocalWrite } from '@/db/local-writes';
import type { DeviceUser } from '@/db/meta';
import { createDeviceSession } from './device-session';
import { browserEnvironment, type SyncEnvironment } from './environment';
import { createSyncLoop } from './loop';
import { unpushedCount } from './push';
import type { SyncOutcome } from './round';
import { DEFAULT_TIMING, type SyncTiming } from './scheduler';
import {
  createSyncStatusStore,
  dismissRejected,
  followDurableStatus,
  initialSyncStatus,
  readPendingChanges,
  refreshDurableStatus,
  type PendingChange,
  type SyncStatusStore,
} from './status-store';
import { createTabLeadership } from './tab-leadership';
import { DEFAULT_TABS_TIMING, type TabsTiming } from './tabs';
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
  const status = createSyncStatusStore(env.isOnline());
  const lockName = db.name === DEFAULT_DB_NAME ? 'rephire-sync' : `rephire-sync:${db.name}`;
  const withSyncLock = <T>(task: () => Promise<T>) => env.withLock(lockName, task);
  const session = createDeviceSession(db, withSyncLock);
  // The loop asks the leadership whether this tab schedules the rounds and what to poll for; the
  // leadership steers the loop as this tab's role and the tabs' wishes change.
  const transport = options.transport ?? httpTransport(options.http);
  const loop = createSyncLoop({
    db,
    transport,
    env,
    status,
    withSyncLock,
    maxPushBytes: options.maxPushBytes,
    pullPageSize: options.pullPageSize,
    timing: { ...DEFAULT_TIMING, ...options.timing },
    driver: {
      driving: () => leadership.driving(),
      wantsFast: () => leadership.wantsFast(),
      wantsPoll: () => leadership.wantsPoll(),
    },
  });
  const leadership = createTabLeadership({ env, name: lockName, timing: { ...DEFAULT_TABS_TIMING, ...options.tabsTiming }, status, loop });
  /** While started: what start() set up, which stop() undoes. */
  const lifecycle = { started: false, cleanups: [] as Array<() => void> };

  function start() {
    if (lifecycle.started) return;
    lifecycle.started = true;
    const { cleanups } = lifecycle;
    cleanups.push(
      env.listen({
        online: () => {
          loop.resetBackoff();
          status.setState({ online: true });
          leadership.trigger('now');
        },
        offline: () => {
          status.setState({ online: false });
          // A request on its way may never be answered now: the round fails at once and its changes
          // wait, rather than holding the sync (and the round back online) until its timeout.
          transport.dropInFlight?.();
        },
        visibilityChange: () => {
          leadership.wishesChanged();
          if (env.isVisible()) leadership.trigger('now');
        },
        pageHide: () => leadership.hide(),
        pageShow: () => {
          leadership.show();
          leadership.trigger('now');
        },
      }),
    );
    cleanups.push(onLocalWrite(db, (kind) => leadership.trigger(kind === 'batch' ? 'now' : 'write')));
    // A newer app version in another tab upgrades the database: Dexie closes ours (the upgrade keeps
    // the outbox); this tab must reload to run the new code.
    const onVersionChange = () => {
      stop();
      status.setState({ error: UPGRADED_MESSAGE });
    };
    db.on('versionchange', onVersionChange);
    cleanups.push(() => db.on('versionchange').unsubscribe(onVersionChange));
    cleanups.push(followDurableStatus(db, status));
    // Ask the browser not to evict this device's data (Safari may, after 7 days without use).
    void globalThis.navigator?.storage?.persist?.().catch(() => false);
    // Last: leading may be granted at once, and then it uses the listeners above.
    cleanups.push(leadership.join());
    leadership.trigger('now');
  }

  function stop() {
    lifecycle.started = false;
    loop.cancel();
    // Leaving the tabs (the last cleanup, so the first undone) hands leading to the next tab in line.
    for (const cleanup of lifecycle.cleanups.reverse()) cleanup();
    lifecycle.cleanups = [];
  }

  async function signedIn(user: DeviceUser) {
    await session.signIn(user);
    loop.resetBackoff();
    await refreshDurableStatus(db, status);
    leadership.trigger('now');
  }

  /**
   * Before signing out: push, then count what the server does not have. Entries it processed but a
   * pull has not yet confirmed (a long transaction elsewhere holds the pull's horizon back) are not
   * lost by wiping the device, so they are not offered for discarding.
   */
  async function flushBeforeSignOut(): Promise<FlushResult> {
    await loop.syncNow();
    const unsynced = await unpushedCount(db);
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
    syncNow: () => loop.syncNow(),
    settled: () => loop.settled(),
    requestFastPolling: () => leadership.requestFastPolling(),
    signedIn,
    deviceOwner: () => session.owner(),
    flushBeforeSignOut,
    wipeDeviceData,
    pendingChanges: (limit = 200) => readPendingChanges(db, limit),
    dismissRejected: (id) => dismissRejected(db, status, id),
  };
}
