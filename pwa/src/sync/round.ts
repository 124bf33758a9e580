/**
 * One sync round: push the outbox, then pull (which ends with the rebase: pull.ts, rebase.ts), then —
 * shown as synced by then — give the rows the pull confirmed their server ids (confirmations.ts), under
 * the sync lock so rounds of any tab never overlap; records in the database how it went (the last
 * sync, "can't reach the server", the error people read, "sign in again"), which every tab shows.
 */
import type { RepHireDb } from '@/db/database';
import { getMeta } from '@/db/meta';
import type { SyncEnvironment } from './environment';
import { settleConfirmations } from './confirmations';
import { firstPageSize, pullAll } from './pull';
import { isClientOfAnotherUser, pushOutbox, renumberOutbox, unpushedCount } from './push';
import { saveDurableState, shownDurableState, type SyncStatusStore } from './status-store';
import { SyncError, type SyncTransport } from './transport';

export type SyncOutcome =
  | { ok: true }
  | { ok: false; reason: 'offline' | 'signedOut' | 'needsSignIn' | 'error'; message?: string };

export interface RoundContext {
  db: RepHireDb;
  transport: SyncTransport;
  env: Pick<SyncEnvironment, 'isOnline' | 'now'>;
  /** This tab's live status: online, syncing, push and pull progress. */
  status: SyncStatusStore;
  withSyncLock<T>(task: () => Promise<T>): Promise<T>;
  maxPushBytes?: number;
  pullPageSize?: number;
}

/** `retryAfterMs`: how long the server asked to wait (Retry-After), 0 when it did not. */
export interface RoundResult {
  outcome: SyncOutcome;
  retryAfterMs: number;
}

const NETWORK_MESSAGE = "Can't reach the server";

/**
 * Gives the kept confirmations to their rows (confirmations.ts) while nothing waits to be sent: not at
 * all when something does (an import still writing: the next round's push would wait for these writes,
 * and the import's batches with it), and a change written meanwhile stops it after the transaction on
 * its way. After a 100,000-row import the ids take half a minute here, and an edit made then waited
 * for all of them before the next round could send it; the rest are given after that round's pull.
 */
export async function settleWhileNothingToSend(db: RepHireDb, rowsPerTransaction?: number): Promise<number> {
  const waiting = async () => (await unpushedCount(db)) > 0;
  if (await waiting()) return 0;
  return settleConfirmations(db, { stopWhen: waiting, rowsPerTransaction });
}

export async function runRound({ db, transport, env, status, withSyncLock, maxPushBytes, pullPageSize }: RoundContext): Promise<RoundResult> {
  const done = (outcome: SyncOutcome, retryAfterMs = 0): RoundResult => ({ outcome, retryAfterMs });
  status.setState({ online: env.isOnline() });
  if (!env.isOnline()) return done({ ok: false, reason: 'offline' });
  // One read: an import writing meanwhile makes each transaction wait for one of its batches.
  const [owner, needsSignIn] = await db.transaction('r', db.meta, () => Promise.all([getMeta(db, 'owner'), getMeta(db, 'needsSignIn')]));
  if (!owner) return done({ ok: false, reason: 'signedOut' });
  if (needsSignIn) return done({ ok: false, reason: 'needsSignIn' });
  return withSyncLock(async () => {
    status.setState({ syncing: true });
    try {
      const pushed = await pushOutbox(db, transport, {
        maxBodyBytes: maxPushBytes,
        onProgress: (pushProgress) => status.setState({ pushProgress }),
      });
      status.setState({ pushProgress: null });
      // The rows just pushed come back first, as confirmations: the first page asks for them all at once.
      await pullAll(db, transport, pullPageSize, (pullProgress) => status.setState({ pullProgress }), firstPageSize(pushed.records, pullPageSize));
      const synced = { lastSyncAt: new Date(env.now()).toISOString(), lastError: null, unreachable: false };
      await saveDurableState(db, synced);
      // Synced: the rows the pull confirmed take their server ids now, still under the lock.
      status.setState({ syncing: false, pullProgress: null, ...shownDurableState(synced) });
      await settleWhileNothingToSend(db);
      return done({ ok: true });
    } catch (error) {
      if (!(error instanceof SyncError)) throw error;
      // Another user signed in on this device: continue under a client id of their own.
      if (isClientOfAnotherUser(error)) await renumberOutbox(db, { dropProcessed: true });
      if (error.kind === 'unauthorized') {
        const paused = { needsSignIn: true, lastError: null, unreachable: false };
        await saveDurableState(db, paused);
        status.setState(shownDurableState(paused));
        return done({ ok: false, reason: 'needsSignIn', message: error.message });
      }
      const message = error.kind === 'network' ? NETWORK_MESSAGE : error.message;
      // No answer is not an error: the changes wait, and the indicator says so in the offline colour.
      const failed = error.kind === 'network' ? { lastError: null, unreachable: true } : { lastError: message, unreachable: false };
      await saveDurableState(db, failed);
      status.setState(shownDurableState(failed));
      return done({ ok: false, reason: 'error', message }, (error.retryAfterSeconds ?? 0) * 1000);
    } finally {
      status.setState({ syncing: false, pushProgress: null, pullProgress: null });
    }
  });
}
