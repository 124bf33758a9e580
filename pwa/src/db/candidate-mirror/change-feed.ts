/**
 * What changed in the `candidates` table, as committed: the feed that keeps the database's candidate
 * mirror (candidate-mirror.ts) in step with IndexedDB without re-reading 100,000 rows after every write.
 *
 * - This tab's writes are seen by a DBCore middleware (registered by RepHireDb before the database
 *   opens): every put, add and delete of a transaction is recorded with its values, and the final
 *   state of each touched row is announced once the transaction commits — never for one that aborts.
 *   A range delete (`clear()`, e.g. the sign-out wipe) is announced as "everything changed".
 * - Other tabs' writes arrive through a BroadcastChannel per database name, as the uids they touched
 *   (the listener reads those rows again). Every tab posts its writes there, listening or not.
 * - The write version: every transaction that writes candidates also counts itself in
 *   `meta.candidatesVersion` (1, 2, 3… — the middleware does it, so no writer can forget), and its
 *   change carries that number. A reader that has applied every version up to the one stored knows it
 *   holds exactly what IndexedDB holds (the mirror answers email lookups this way, instead of one index
 *   read per email). A transaction without `meta` in its scope cannot count itself: its
 *   change carries version null, which tells readers they can no longer be sure.
 *
 * Listeners get changes in commit order. Every path that writes candidates (repos, import, pull,
 * rebase, wipe) goes through Dexie, so nothing can change the table without a change here.
 */
import type { DBCore, DBCoreMutateRequest, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie';
import { StringMap, type ReadonlyStringMap } from '@shared/candidates/string-map';
import type { LocalCandidate } from '../database';
import type { MetaKey } from '../meta';

/** The committed write's number (see the module comment); null when it could not count itself. */
export type WriteVersion = number | null;

export type CandidateChange =
  /**
   * This tab: each touched uid with its row as committed (null: the row is gone from the table); keyed
   * without V8's hash tables, as the mirror keeps these uids (string-map.ts).
   */
  | { type: 'rows'; rows: ReadonlyStringMap<LocalCandidate | null>; version: WriteVersion }
  /** Another tab: these uids changed; read them again. */
  | { type: 'uids'; uids: readonly string[]; version: WriteVersion }
  /** Anything may have changed (a range delete here or in another tab): read the table again. */
  | { type: 'all'; version: WriteVersion };

type Listener = (change: CandidateChange) => void;
type Message = { uids: string[]; version: WriteVersion } | { all: true; version: WriteVersion };

interface Feed {
  listeners: Set<Listener>;
  channel: BroadcastChannel | null;
}

const TABLE = 'candidates';
const META = 'meta';
/** The meta row holding the write version. */
export const CANDIDATES_VERSION_KEY = 'candidatesVersion' satisfies MetaKey;

const feeds = new Map<string, Feed>();

function feedFor(dbName: string): Feed {
  let feed = feeds.get(dbName);
  if (!feed) {
    feed = { listeners: new Set(), channel: null };
    feeds.set(dbName, feed);
  }
  return feed;
}

const channelName = (dbName: string) => `rephire:candidate-changes:${dbName}`;

function openChannel(dbName: string, feed: Feed) {
  if (feed.channel || typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(channelName(dbName));
  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    // A tab of an older version sends no version: nothing to be sure of.
    const version = typeof message.version === 'number' ? message.version : null;
    const change: CandidateChange = 'all' in message ? { type: 'all', version } : { type: 'uids', uids: message.uids, version };
    for (const listener of feed.listeners) listener(change);
  };
  // Node (unit tests) would otherwise keep the process alive for the channel.
  (channel as { unref?: () => void }).unref?.();
  feed.channel = channel;
}

/** Tells other tabs (a short-lived channel when this tab has no feed open: posting needs no listener). */
function post(dbName: string, message: Message) {
  if (typeof BroadcastChannel === 'undefined') return;
  const open = feeds.get(dbName)?.channel;
  if (open) return open.postMessage(message);
  const channel = new BroadcastChannel(channelName(dbName));
  channel.postMessage(message);
  channel.close();
}

function announce(dbName: string, change: CandidateChange) {
  for (const listener of feeds.get(dbName)?.listeners ?? []) listener(change);
  post(dbName, change.type === 'rows' ? { uids: [...change.rows.keys()], version: change.version } : { all: true, version: change.version });
}

/** The writes of one transaction so far: the latest row per uid, or everything after a range delete. */
interface Pending {
  rows: StringMap<LocalCandidate | null>;
  all: boolean;
  /** Whether `meta` is in the transaction's scope (it can count itself). */
  counted: boolean;
  /** Its version, once counted (the count starts with its first candidates write). */
  version: Promise<WriteVersion> | null;
  settledVersion: WriteVersion;
}

const pendingByTransaction = new WeakMap<DBCoreTransaction, Pending>();

/**
 * Starts recording a read-write transaction over candidates. Its 'complete' listener is added before
 * Dexie's own, so the change is announced before `await db.transaction(…)` resumes in the writer.
 */
function track(dbName: string, trans: DBCoreTransaction, counted: boolean) {
  const pending: Pending = { rows: new StringMap(), all: false, counted, version: null, settledVersion: null };
  pendingByTransaction.set(trans, pending);
  (trans as unknown as IDBTransaction).addEventListener('complete', () => {
    const version = pending.settledVersion;
    if (pending.all) announce(dbName, { type: 'all', version });
    // A counted transaction always tells its number, rows or not: readers wait for every number.
    else if (pending.rows.size || version !== null) announce(dbName, { type: 'rows', rows: pending.rows, version });
  });
}

/** Counts the transaction in meta (read the version, store the next): once, at its first write. */
function countWrite(meta: DBCoreTable, trans: DBCoreTransaction, pending: Pending): Promise<WriteVersion> {
  if (!pending.counted) return Promise.resolve(null);
  return meta.get({ trans, key: CANDIDATES_VERSION_KEY }).then((row: { value?: unknown } | undefined) => {
    const version = (typeof row?.value === 'number' ? row.value : 0) + 1;
    return meta.mutate({ type: 'put', trans, values: [{ key: CANDIDATES_VERSION_KEY, value: version }] }).then(() => {
      pending.settledVersion = version;
      return version;
    });
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
    const hasMeta = down.schema.tables.some((table) => table.name === META);
    return {
      ...down,
      transaction(stores, mode, options) {
        const trans = down.transaction(stores, mode, options);
        if (mode === 'readwrite' && stores.includes(TABLE)) track(dbName, trans, hasMeta && stores.includes(META));
        return trans;
      },
      table(tableName) {
        const table = down.table(tableName);
        if (tableName !== TABLE) return table;
        return {
          ...table,
          mutate(req) {
            const pending = pendingByTransaction.get(req.trans);
            // A write of nothing (bulkPut([]), as a pull of an empty page makes) changes nothing to count.
            const changes = req.type === 'deleteRange' || (req.type === 'delete' ? req.keys.length : req.values.length) > 0;
            const counting = pending && changes ? (pending.version ??= countWrite(down.table(META), req.trans, pending)) : null;
            return Promise.all([table.mutate(req), counting]).then(([result]) => {
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
