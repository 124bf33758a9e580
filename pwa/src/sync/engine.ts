/**
 * The sync engine: pushes the outbox and pulls changes (push.ts, pull.ts, rebase.ts) on start, on
 * `online`, when the tab becomes visible, shortly after local writes, every 30 s while visible (5 s
 * while a screen asks for it), and retries failures with backoff. One tab at a time runs a sync (a
 * named lock); other tabs see the results through the shared database.
 *
 * Invariants: nothing is ever removed from the outbox except by a pull's lastMutationId or a server
 * rejection (kept in `rejected` with its reason); a 401 pauses syncing until `signedIn` — the queue
 * waits; the engine syncs only for a device that has a signed-in owner.
 */
import { liveQuery, type Subscription } from 'dexie';
import { DEFAULT_DB_NAME, allTables, type RepHireDb } from '@/db/database';
import { onLocalWrite } from '@/db/local-writes';
import { getMeta, setMeta, type DeviceUser } from '@/db/meta';
import { browserEnvironment, type SyncEnvironment } from './environment';
import { pullAll } from './pull';
import { isClientOfAnotherUser, pushOutbox, renumberOutbox } from './push';
import { DEFAULT_TIMING, SyncScheduler, backoffDelay, type SyncTiming } from './scheduler';
import {
  createSyncStatusStore,
  initialSyncStatus,
  readDurableStatus,
  saveDurableState,
  toPendingChange,
  type DurableSyncState,
  type PendingChange,
  type SyncStatusStore,
} from './status-store';
import { SyncError, httpTransport, type HttpTransportOptions, type SyncTransport } from './transport';

export interface SyncEngineOptions {
  db: RepHireDb;
  /** Defaults to HTTP against this origin (or `http`'s baseUrl/fetch). */
  transport?: SyncTransport;
  http?: HttpTransportOptions;
  env?: Partial<SyncEnvironment>;
  timing?: Partial<SyncTiming>;
  maxPushBytes?: number;
  pullPageSize?: number;
}

export type SyncOutcome =
  | { ok: true }
  | { ok: false; reason: 'offline' | 'signedOut' | 'needsSignIn' | 'error'; message?: string };

export type FlushResult = { ok: true } | { ok: false; unsynced: number };

export interface SyncEngine {
  readonly status: SyncStatusStore;
  /** Listens for triggers and syncs now. Idempotent. */
  start(): void;
  /** Stops listening and cancels timers; a running sync finishes. */
  stop(): void;
  /** Syncs as soon as no other sync runs; resolves when done. */
  syncNow(): Promise<SyncOutcome>;
  /** Resolves once this engine has no sync running or queued. */
  settled(): Promise<void>;
  /**
   * While held, syncs every fastPollMs (5 s), also in the background, instead of every pollMs while
   * visible (the Candidates page holds it while open). Call the returned function to release it.
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

const NETWORK_MESSAGE = "Can't reach the server";
export const UPGRADED_MESSAGE = 'RepHire was updated in another tab. Reload this tab to keep working.';

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db } = options;
  const env: SyncEnvironment = { ...browserEnvironment(), ...options.env };
  const timing: SyncTiming = { ...DEFAULT_TIMING, ...options.timing };
  const transport = options.transport ?? httpTransport(options.http);
  const status = createSyncStatusStore(env.isOnline());
  const lockName = db.name === DEFAULT_DB_NAME ? 'rephire-sync' : `rephire-sync:${db.name}`;
  const scheduler = new SyncScheduler(env, timing, () => void syncNow());

  let started = false;
  let failures = 0;
  let lastRetryAfterMs = 0;
  let fastRequests = 0;
  let current: Promise<SyncOutcome> | null = null;
  let queued: Promise<SyncOutcome> | null = null;
  let cleanups: Array<() => void> = [];

  const readStatus = () => readDurableStatus(db);

  async function refreshStatus() {
    status.setState(await readStatus());
  }

  const setMetaValues = (values: DurableSyncState) => saveDurableState(db, values);

  async function runSync(): Promise<SyncOutcome> {
    status.setState({ online: env.isOnline() });
    if (!env.isOnline()) return { ok: false, reason: 'offline' };
    if (!(await getMeta(db, 'owner'))) return { ok: false, reason: 'signedOut' };
    if (await getMeta(db, 'needsSignIn')) return { ok: false, reason: 'needsSignIn' };
    return env.withLock(lockName, async () => {
      status.setState({ syncing: true });
      try {
        await pushOutbox(db, transport, {
          maxBodyBytes: options.maxPushBytes,
          onProgress: (pushProgress) => status.setState({ pushProgress }),
        });
        status.setState({ pushProgress: null });
        await pullAll(db, transport, options.pullPageSize, (pullProgress) => status.setState({ pullProgress }));
        failures = 0;
        lastRetryAfterMs = 0;
        await setMetaValues({ lastSyncAt: new Date(env.now()).toISOString(), lastError: null, unreachable: false });
        return { ok: true } as const;
      } catch (error) {
        if (!(error instanceof SyncError)) throw error;
        // Another user signed in on this device: continue under a client id of their own.
        if (isClientOfAnotherUser(error)) await renumberOutbox(db, { dropProcessed: true });
        if (error.kind === 'unauthorized') {
          await setMetaValues({ needsSignIn: true, lastError: null, unreachable: false });
          return { ok: false, reason: 'needsSignIn', message: error.message } as const;
        }
        failures += 1;
        lastRetryAfterMs = (error.retryAfterSeconds ?? 0) * 1000;
        const message = error.kind === 'network' ? NETWORK_MESSAGE : error.message;
        // No answer is not an error: the changes wait, and the indicator says so in the offline colour.
        await setMetaValues(error.kind === 'network' ? { lastError: null, unreachable: true } : { lastError: message, unreachable: false });
        return { ok: false, reason: 'error', message } as const;
      } finally {
        status.setState({ syncing: false, pushProgress: null, pullProgress: null });
      }
    });
  }

  async function scheduleAfter(outcome: SyncOutcome) {
    status.setState({ nextRetryAt: null });
    if (!started) return;
    if (!outcome.ok) {
      if (outcome.reason === 'error') {
        scheduler.schedule('retry', backoffDelay(failures, timing, env.random, lastRetryAfterMs));
        status.setState({ nextRetryAt: scheduler.dueAt });
      }
      return;
    }
    // Writes made while this sync ran still wait; otherwise the regular pull while visible — or the
    // fast one a screen asked for, which goes on in the background (the spec's Candidates polling).
    const unsent = await unpushedCount();
    if (unsent > 0) scheduler.schedule('write', timing.debounceMs);
    else if (fastRequests > 0) scheduler.schedule('poll', timing.fastPollMs);
    else if (env.isVisible()) scheduler.schedule('poll', timing.pollMs);
  }

  function startRun(): Promise<SyncOutcome> {
    scheduler.clear();
    const run = runSync()
      .catch((error: unknown): SyncOutcome => {
        // A bug or a storage failure: report it and retry later rather than stop syncing for good.
        failures += 1;
        const message = `Sync failed: ${(error as Error)?.message ?? String(error)}`;
        void setMetaValues({ lastError: message }).catch(() => undefined);
        return { ok: false, reason: 'error', message };
      })
      .then(async (outcome) => {
        current = null;
        await refreshStatus().catch(() => undefined);
        await scheduleAfter(outcome).catch(() => undefined);
        return outcome;
      });
    current = run;
    return run;
  }

  function syncNow(): Promise<SyncOutcome> {
    if (queued) return queued;
    if (current) {
      queued = current.then(() => {
        queued = null;
        return startRun();
      });
      return queued;
    }
    return startRun();
  }

  function start() {
    if (started) return;
    started = true;
    cleanups.push(
      env.listen({
        online: () => {
          failures = 0;
          status.setState({ online: true });
          scheduler.schedule('now', 0);
        },
        offline: () => status.setState({ online: false }),
        visibilityChange: () => {
          if (env.isVisible()) scheduler.schedule('now', 0);
          else if (fastRequests === 0) scheduler.cancelPoll();
        },
      }),
    );
    cleanups.push(onLocalWrite(db, () => scheduler.schedule('write', timing.debounceMs)));
    // A newer app version in another tab upgrades the database: Dexie closes ours (the upgrade keeps
    // the outbox); this tab must reload to run the new code.
    const onVersionChange = () => {
      stop();
      status.setState({ error: UPGRADED_MESSAGE });
    };
    db.on('versionchange', onVersionChange);
    cleanups.push(() => db.on('versionchange').unsubscribe(onVersionChange));
    const subscription: Subscription = liveQuery(readStatus).subscribe({
      next: (values) => status.setState(values),
      error: () => undefined,
    });
    cleanups.push(() => subscription.unsubscribe());
    // Ask the browser not to evict this device's data (Safari may, after 7 days without use).
    void globalThis.navigator?.storage?.persist?.().catch(() => false);
    scheduler.schedule('now', 0);
  }

  function stop() {
    started = false;
    scheduler.clear();
    for (const cleanup of cleanups) cleanup();
    cleanups = [];
  }

  function requestFastPolling() {
    fastRequests += 1;
    if (started && (scheduler.kind === null || scheduler.kind === 'poll')) {
      scheduler.clear();
      scheduler.schedule('poll', 0);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      fastRequests -= 1;
    };
  }

  async function signedIn(user: DeviceUser) {
    const previous = await getMeta(db, 'owner');
    if (previous && previous.id !== user.id) {
      // A client id belongs to one user on the server: pending changes go on under a new one.
      await env.withLock(lockName, () => renumberOutbox(db, { dropProcessed: true }));
    }
    await db.transaction('rw', db.meta, async () => {
      await setMeta(db, 'owner', user);
      await setMeta(db, 'needsSignIn', false);
      await setMeta(db, 'lastError', null);
    });
    failures = 0;
    await refreshStatus();
    if (started) scheduler.schedule('now', 0);
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
    await env.withLock(lockName, () =>
      db.transaction('rw', [...allTables(db)], async () => {
        for (const table of allTables(db)) await table.clear();
      }),
    );
    status.setState(initialSyncStatus(env.isOnline()));
  }

  return {
    status,
    start,
    stop,
    syncNow,
    async settled() {
      while (current || queued) await (queued ?? current);
    },
    requestFastPolling,
    signedIn,
    deviceOwner: () => getMeta(db, 'owner'),
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
