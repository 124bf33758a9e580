/**
 * What the sync indicator shows, as a plain zustand store (no React here; the UI subscribes with
 * `useStore`). Durable parts (pending count, rejected list, last sync, last error, "sign in again")
 * are read from the device database, so every open tab shows the same thing whichever tab syncs;
 * `online`, `syncing` and `pushProgress` belong to this tab.
 */
import { liveQuery } from 'dexie';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { OutboxEntry, RejectedEntry, RepHireDb } from '@/db/database';
import { getMeta, setMeta } from '@/db/meta';
import type { PushProgress } from './push';
import type { PullProgress } from './pull';

export interface PendingChange {
  id: number;
  label: string;
  createdAt: string;
  count: number;
}

export interface RejectedChange extends PendingChange {
  reason: string;
  rejectedAt: string;
}

export interface SyncStatus {
  online: boolean;
  syncing: boolean;
  /** Outbox entries not yet included in a pull (an import chunk counts once). */
  pendingCount: number;
  /** While a push runs: changes (records) sent so far out of those it started with. */
  pushProgress: PushProgress | null;
  /** While a pull of more than one page runs: rows taken in so far. */
  pullProgress: PullProgress | null;
  lastSyncAt: string | null;
  /** The last failure the server answered with, for people to read; null after a successful sync. */
  error: string | null;
  /** The last sync got no answer from the server (see DeviceMeta.unreachable); retried by itself. */
  unreachable: boolean;
  /** The server answered 401: sync is paused until the user signs in again. Nothing is dropped. */
  needsSignIn: boolean;
  rejected: RejectedChange[];
  /** When the next automatic attempt after a failure is due (epoch ms), or null. */
  nextRetryAt: number | null;
}

export type SyncStatusStore = StoreApi<SyncStatus>;

export const initialSyncStatus = (online: boolean): SyncStatus => ({
  online,
  syncing: false,
  pendingCount: 0,
  pushProgress: null,
  pullProgress: null,
  lastSyncAt: null,
  error: null,
  unreachable: false,
  needsSignIn: false,
  rejected: [],
  nextRetryAt: null,
});

export function createSyncStatusStore(online = true): SyncStatusStore {
  return createStore<SyncStatus>(() => initialSyncStatus(online));
}

function toPendingChange(entry: OutboxEntry): PendingChange {
  return { id: entry.id, label: entry.label, createdAt: entry.createdAt, count: entry.count };
}

export function toRejectedChange(entry: RejectedEntry): RejectedChange {
  return { ...toPendingChange(entry), reason: entry.reason, rejectedAt: entry.rejectedAt };
}

/** The parts of the status every tab reads from the database. */
export async function readDurableStatus(db: RepHireDb) {
  const [pendingCount, rejected, lastSyncAt, error, unreachable, needsSignIn] = await db.transaction('r', db.outbox, db.rejected, db.meta, () =>
    Promise.all([
      db.outbox.count(),
      db.rejected.toArray(),
      getMeta(db, 'lastSyncAt'),
      getMeta(db, 'lastError'),
      getMeta(db, 'unreachable'),
      getMeta(db, 'needsSignIn'),
    ]),
  );
  return { pendingCount, rejected: rejected.map(toRejectedChange), lastSyncAt, error, unreachable, needsSignIn };
}

/** Puts the durable parts into `status` now, without waiting for the live query to notice. */
export async function refreshDurableStatus(db: RepHireDb, status: SyncStatusStore): Promise<void> {
  status.setState(await readDurableStatus(db));
}

/** Pending changes for the indicator's panel (oldest first). */
export async function readPendingChanges(db: RepHireDb, limit: number): Promise<PendingChange[]> {
  return (await db.outbox.orderBy('id').limit(limit).toArray()).map(toPendingChange);
}

/** Forgets one rejected change (or all), and shows it at once. */
export async function dismissRejected(db: RepHireDb, status: SyncStatusStore, id?: number): Promise<void> {
  if (id === undefined) await db.rejected.clear();
  else await db.rejected.delete(id);
  await refreshDurableStatus(db, status);
}

/** Keeps the durable parts of `status` current, whichever tab writes them; returns the unsubscribe. */
export function followDurableStatus(db: RepHireDb, status: SyncStatusStore): () => void {
  const subscription = liveQuery(() => readDurableStatus(db)).subscribe({
    next: (values) => status.setState(values),
    error: () => undefined,
  });
  return () => subscription.unsubscribe();
}

export interface DurableSyncState {
  lastSyncAt?: string | null;
  lastError?: string | null;
  unreachable?: boolean;
  needsSignIn?: boolean;
}

/**
 * The status that shows durable values just saved: the live query brings them a moment later, and
 * until then the indicator would tell the state before (after a sync that reached the server: "Can't
 * reach the server — retrying").
 */
export function shownDurableState({ lastSyncAt, lastError, unreachable, needsSignIn }: DurableSyncState): Partial<SyncStatus> {
  return {
    ...(lastSyncAt !== undefined && { lastSyncAt }),
    ...(lastError !== undefined && { error: lastError }),
    ...(unreachable !== undefined && { unreachable }),
    ...(needsSignIn !== undefined && { needsSignIn }),
  };
}

export async function saveDurableState(db: RepHireDb, values: DurableSyncState): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    if (values.lastSyncAt !== undefined) await setMeta(db, 'lastSyncAt', values.lastSyncAt);
    if (values.lastError !== undefined) await setMeta(db, 'lastError', values.lastError);
    if (values.unreachable !== undefined) await setMeta(db, 'unreachable', values.unreachable);
    if (values.needsSignIn !== undefined) await setMeta(db, 'needsSignIn', values.needsSignIn);
  });
}
