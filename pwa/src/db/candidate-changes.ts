/**
 * What changed in the `candidates` table, as committed: the feed that keeps the in-memory candidate
 * list (features/candidates/candidate-store.ts) in step with IndexedDB without re-reading 100,000 rows
 * after every write.
 *
 * - This tab's writes are seen by a DBCore middleware (registered by RepHireDb before the database
 *   opens): every put, add and delete of a transaction is recorded with its values, and the final
 *   state of each touched row is announced once the transaction commits — never for one that aborts.
 *   A range delete (`clear()`, e.g. the sign-out wipe) is announced as "everything changed".
 * - Other tabs' writes arrive through a BroadcastChannel per database name, as the uids they touched
 *   (the listener reads those rows again).
 *
 * Listeners get changes in commit order. Every path that writes candidates (repos, import, pull,
 * rebase, wipe) goes through Dexie, so nothing can change the table without a change here.
 */
import type { DBCore, DBCoreMutateRequest, DBCoreTransaction, Middleware } from 'dexie';
import type { LocalCandidate } from './database';

export type CandidateChange =
  /** This tab: each touched uid with its row as committed (null: the row is gone from the table). */
  | { type: 'rows'; rows: ReadonlyMap<string, LocalCandidate | null> }
  /** Another tab: these uids changed; read them again. */
  | { type: 'uids'; uids: readonly string[] }
  /** Anything may have changed (a range delete here or in another tab): read the table again. */
  | { type: 'all' };

type Listener = (change: CandidateChange) => void;

interface Feed {
  listeners: Set<Listener>;
  channel: BroadcastChannel | null;
}

const TABLE = 'candidates';
const feeds = new Map<string, Feed>();

function feedFor(dbName: string): Feed {
  let feed = feeds.get(dbName);
  if (!feed) {
    feed = { listeners: new Set(), channel: null };
    feeds.set(dbName, feed);
  }
  return feed;
}

function openChannel(dbName: string, feed: Feed) {
  if (feed.channel || typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(`rephire:candidate-changes:${dbName}`);
  channel.onmessage = (event: MessageEvent<{ uids: string[] } | { all: true }>) => {
    const change: CandidateChange = 'all' in event.data ? { type: 'all' } : { type: 'uids', uids: event.data.uids };
    for (const listener of feed.listeners) listener(change);
  };
  // Node (unit tests) would otherwise keep the process alive for the channel.
  (channel as { unref?: () => void }).unref?.();
  feed.channel = channel;
}

function announce(dbName: string, change: CandidateChange) {
  const feed = feeds.get(dbName);
  if (!feed) return;
  for (const listener of feed.listeners) listener(change);
  if (!feed.channel) return;
  feed.channel.postMessage(change.type === 'rows' ? { uids: [...change.rows.keys()] } : { all: true });
}

/** The writes of one transaction so far: the latest row per uid, or everything after a range delete. */
interface Pending {
  rows: Map<string, LocalCandidate | null>;
  all: boolean;
}

const pendingByTransaction = new WeakMap<DBCoreTransaction, Pending>();

/**
 * Starts recording a read-write transaction over candidates. Its 'complete' listener is added before
 * Dexie's own, so the change is announced before `await db.transaction(…)` resumes in the writer.
 */
function track(dbName: string, trans: DBCoreTransaction) {
  const pending: Pending = { rows: new Map(), all: false };
  pendingByTransaction.set(trans, pending);
  (trans as unknown as IDBTransaction).addEventListener('complete', () => {
    if (pending.all) announce(dbName, { type: 'all' });
    else if (pending.rows.size) announce(dbName, { type: 'rows', rows: pending.rows });
  });
}

function record(pending: Pending, req: DBCoreMutateRequest, failures: Record<number, unknown>) {
  if (req.type === 'deleteRange') {
    pending.all = true;
    pending.rows.clear();
  } else if (req.type === 'delete') {
    for (const uid of req.keys as string[]) pending.rows.set(uid, null);
  } else {
    req.values.forEach((value: LocalCandidate, i) => {
      if (!failures[i]) pending.rows.set(value.uid, value);
    });
  }
}

/** Registered by RepHireDb before it opens; sits below Dexie's hooks, so it sees the values as stored. */
export const candidateChangesMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'CandidateChanges',
  level: 1,
  create(down) {
    const dbName = down.schema.name;
    return {
      ...down,
      transaction(stores, mode, options) {
        const trans = down.transaction(stores, mode, options);
        if (mode === 'readwrite' && stores.includes(TABLE) && feeds.get(dbName)?.listeners.size) track(dbName, trans);
        return trans;
      },
      table(tableName) {
        const table = down.table(tableName);
        if (tableName !== TABLE) return table;
        return {
          ...table,
          mutate(req) {
            return table.mutate(req).then((result) => {
              const pending = pendingByTransaction.get(req.trans);
              if (pending) record(pending, req, result.failures);
              return result;
            });
          },
        };
      },
    };
  },
};

/**
 * Calls `listener` with every committed change to the candidates of the database called `dbName`
 * (this tab's and other tabs'). Returns the unsubscribe function.
 */
export function watchCandidateChanges(dbName: string, listener: Listener): () => void {
  const feed = feedFor(dbName);
  feed.listeners.add(listener);
  openChannel(dbName, feed);
  return () => {
    feed.listeners.delete(listener);
    if (feed.listeners.size === 0) {
      feed.channel?.close();
      feed.channel = null;
      feeds.delete(dbName);
    }
  };
}
