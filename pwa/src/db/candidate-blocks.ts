/**
 * Candidates kept in blocks: rows a new device pulls from the server are stored BLOCK_ROWS to a record
 * of the candidateBlocks table instead of a record each, and read back as rows of the candidates
 * table. Everything above this layer — Dexie's own layers, the change feed, the sync engine, the
 * screens — sees one candidates table; only where a row is kept changes.
 *
 * Why: IndexedDB charges by the record. 100,000 pulled rows written a record each took the browser's
 * backend 5.6–5.9 s on a 2-core machine, in blocks of 500 0.21–0.27 s, and read back 1.1–1.3 s against
 * 0.16–0.19 s (`npm run bench:stored-row`, 30 November 2026): a new device's first pull, the tablet a
 * recruiter opens on a weak connection, waited on those records.
 *
 * Which rows: a put of a server row (an id, no pending own writes, not made here) for a candidate the
 * device does not hold yet, while the candidates table holds no row of its own (a new device, until it
 * writes). A block row that is written again stays in its block when the new version could have gone
 * there too, and moves to the candidates table otherwise (a change of this device's own); a block row
 * deleted leaves its block. So a candidate is in one place only, and the table's indexes keep every row
 * with own writes (OWN_RUN_INDEX): block rows have none.
 *
 * Reads: every candidates read — by uid, by any index, a count, a cursor — answers from both places,
 * in the order IndexedDB would: a block row's index keys (uid, emailKey, inInterview) are kept in
 * memory, in a BlockIndex loaded from the blocks when a transaction first needs it.
 *
 * Transactions: a transaction that takes the candidates table takes the blocks too. The blocks carry a
 * version (record 0), a new one each time they change; a transaction reads it first and loads the
 * blocks again when another tab (or an aborted write) left the one in memory behind. This layer's own
 * steps within one transaction run one after the other, in the order they were asked: a write's
 * requests are all sent before the next step reads.
 */
import Dexie, { cmp, type DBCore, type DBCoreCursor, type DBCoreIndex, type DBCoreKeyRange, type DBCoreMutateRequest, type DBCoreMutateResponse, type DBCoreTable, type DBCoreTransaction, type Middleware } from 'dexie';
import { IN_INTERVIEW_INDEX, fromStoredCandidate, inInterviewKey, toStoredCandidate } from './stored-candidate';

const TABLE = 'candidates';
/** The blocks' table (database.ts declares it). */
export const BLOCKS_TABLE = 'candidateBlocks';
/** Rows per block, at most. */
export const BLOCK_ROWS = 500;
/** The key of the blocks' version record; blocks are numbered from 1. */
const VERSION_KEY = 0;
/** A block row's place in memory: block × SLOTS + its position in the block. */
const SLOTS = 1024;

interface BlockRecord {
  n: number;
  /** The rows in their stored form (stored-candidate.ts). */
  rows: unknown[];
}

interface VersionRecord {
  n: typeof VERSION_KEY;
  v: string;
}

/** A row as this layer reads its index keys: the candidate row above it (database.ts, LocalCandidate). */
type Row = Record<string, unknown> & { uid: string };

/** An entry of an index: its key and the row's uid, as a cursor gives them. */
interface Hit {
  key: unknown;
  primaryKey: string;
}

const compareHits = (a: Hit, b: Hit) => cmp(a.key, b.key) || cmp(a.primaryKey, b.primaryKey);

/** Whether `key` lies in `range` (Dexie's DBCoreKeyRange: Equal 1, Range 2, Any 3, Never 4). */
function inRange(key: unknown, range: DBCoreKeyRange): boolean {
  if (range.type === 3) return true;
  if (range.type === 4) return false;
  if (range.lower !== undefined) {
    const c = cmp(key, range.lower);
    if (c < 0 || (c === 0 && range.lowerOpen)) return false;
  }
  if (range.upper !== undefined) {
    const c = cmp(key, range.upper);
    if (c > 0 || (c === 0 && range.upperOpen)) return false;
  }
  return true;
}

/** Whether a row may be kept in a block: the server's version of a candidate, with nothing of this device's on it. */
function isServerRow(value: unknown): value is Row {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Row;
  return typeof row.uid === 'string' && typeof row.id === 'number' && row.localOnly === undefined && row.ownWrites === undefined;
}

/**
 * The block rows' places and index keys, in memory. A sorted list of each index's entries is made when
 * a range is first asked of it; rows leaving blocks stay in the lists and are skipped when read (their
 * place or key no longer matches), rows coming in make a list again.
 */
export class BlockIndex {
  readonly places = new Map<string, number>();
  readonly emailKeys = new Map<string, string>();
  readonly inInterview = new Set<string>();
  lastBlock = 0;
  private sorted = new Map<string, Hit[]>();
  /** Entries made since each sorted list was: merged into it when it is next read. */
  private pending = new Map<string, Hit[]>();

  constructor(public version: string) {}

  static fromRecords(version: string, records: BlockRecord[]): BlockIndex {
    const index = new BlockIndex(version);
    for (const record of records) index.setBlock(record.n, record.rows.map((row) => fromStoredCandidate(row) as Row));
    return index;
  }

  get size(): number {
    return this.places.size;
  }

  has(uid: string): boolean {
    return this.places.has(uid);
  }

  blockOf(uid: string): number | undefined {
    const place = this.places.get(uid);
    return place === undefined ? undefined : Math.floor(place / SLOTS);
  }

  /** Records block `n` as holding `rows` (none: the block is gone), forgetting the rows it held before. */
  setBlock(n: number, rows: Row[], before: Row[] = []): void {
    for (const row of before) {
      if (this.blockOf(row.uid) !== n) continue;
      this.places.delete(row.uid);
      this.emailKeys.delete(row.uid);
      this.inInterview.delete(row.uid);
    }
    rows.forEach((row, slot) => {
      const uid = row.uid;
      const emailKey = row.emailKey as string;
      const interview = Boolean(inInterviewKey(row.status));
      if (!this.places.has(uid)) this.listed('', { key: uid, primaryKey: uid });
      if (this.emailKeys.get(uid) !== emailKey) this.listed('emailKey', { key: emailKey, primaryKey: uid });
      if (interview && !this.inInterview.has(uid)) this.listed(IN_INTERVIEW_INDEX, { key: 1, primaryKey: uid });
      this.places.set(uid, n * SLOTS + slot);
      this.emailKeys.set(uid, emailKey);
      if (interview) this.inInterview.add(uid);
      else this.inInterview.delete(uid);
    });
    this.lastBlock = Math.max(this.lastBlock, n);
  }

  /** The block rows' entries in `index` within `range`, in key order (then uid). Indexes block rows have no key in give none. */
  hits(index: DBCoreIndex, range: DBCoreKeyRange): Hit[] {
    if (!this.places.size || range.type === 4) return [];
    const name = index.isPrimaryKey ? '' : index.name;
    if (name !== '' && name !== 'emailKey' && name !== IN_INTERVIEW_INDEX) return [];
    if (range.type === 1 && name === '') return this.places.has(range.lower) ? [{ key: range.lower, primaryKey: range.lower }] : [];
    const list = this.sortedFor(name!);
    const out: Hit[] = [];
    let i = range.lower === undefined || range.type === 3 ? 0 : lowerBound(list, range.lower);
    for (; i < list.length; i++) {
      const hit = list[i]!;
      if (!inRange(hit.key, range)) {
        if (range.type !== 3 && range.upper !== undefined && cmp(hit.key, range.upper) > 0) break;
        continue;
      }
      // A row listed again after leaving and coming back: one entry.
      const previous = out[out.length - 1];
      if (this.current(name!, hit) && !(previous && compareHits(previous, hit) === 0)) out.push(hit);
    }
    return out;
  }

  /** Notes a new entry for the sorted list `name`, if it was made. */
  private listed(name: string, hit: Hit): void {
    if (!this.sorted.has(name)) return;
    const pending = this.pending.get(name);
    if (pending) pending.push(hit);
    else this.pending.set(name, [hit]);
  }

  /** Whether a listed entry is still the row's (see the class comment). */
  private current(name: string, hit: Hit): boolean {
    if (!this.places.has(hit.primaryKey)) return false;
    if (name === 'emailKey') return this.emailKeys.get(hit.primaryKey) === hit.key;
    if (name === IN_INTERVIEW_INDEX) return this.inInterview.has(hit.primaryKey);
    return true;
  }

  private sortedFor(name: string): Hit[] {
    let list = this.sorted.get(name);
    // Made again once rows that left outnumber the ones listed.
    if (list && list.length > 2 * this.places.size + BLOCK_ROWS) {
      this.sorted.delete(name);
      this.pending.delete(name);
      list = undefined;
    }
    if (!list) {
      if (name === '') list = [...this.places.keys()].map((uid) => ({ key: uid, primaryKey: uid }));
      else if (name === 'emailKey') list = [...this.emailKeys].map(([uid, key]) => ({ key, primaryKey: uid }));
      else list = [...this.inInterview].map((uid) => ({ key: 1, primaryKey: uid }));
      list.sort(compareHits);
      this.sorted.set(name, list);
    }
    const pending = this.pending.get(name);
    if (pending) {
      this.pending.delete(name);
      list = mergeSorted(list, pending.sort(compareHits));
      this.sorted.set(name, list);
    }
    return list;
  }
}

/** Two lists sorted by compareHits as one. */
function mergeSorted(a: Hit[], b: Hit[]): Hit[] {
  const out: Hit[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compareHits(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/** The first position in `list` whose key is not below `key`. */
function lowerBound(list: Hit[], key: unknown): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cmp(list[mid]!.key, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Dexie's promise: its callbacks run in the transaction's zone, where a native promise's would not
 * (Dexie would take the caller's next step for one outside the transaction). Every chain here is one.
 */
const P = Dexie.Promise;

const FULL_RANGE: DBCoreKeyRange = { type: 3, lower: -Infinity, lowerOpen: false, upper: [[]], upperOpen: false };
const newVersion = () => crypto.randomUUID();

/** The IndexedDB transaction under Dexie's (Dexie's DBCore passes it as it is). */
const idbOf = (trans: DBCoreTransaction) => trans as unknown as IDBTransaction;

/**
 * A step that must wait before it sends all its requests (a write into blocks reads the blocks it
 * changes first): `sent` once they are all sent, `done` with its answer.
 */
class Later<T> {
  readonly sent: Promise<unknown>;
  readonly done: Promise<T>;
  constructor(step: Promise<{ done: Promise<T> }>) {
    this.sent = step;
    this.done = step.then(({ done }) => done);
  }
}

const later = <T>(step: Promise<{ done: Promise<T> }>): Later<T> => new Later(step);

/** A DBCore table over the candidates table and its blocks. */
function blockedCandidates(rows: DBCoreTable, blocks: DBCoreTable): DBCoreTable {
  let memory: BlockIndex | null = null;
  /** Each transaction's view of the blocks, once read (see indexFor). */
  const ready = new WeakMap<DBCoreTransaction, BlockIndex>();
  /** A transaction's steps not yet sent: the next one waits for them (see run). */
  const busy = new WeakMap<DBCoreTransaction, Promise<unknown>>();
  const loading = new WeakMap<DBCoreTransaction, Promise<unknown>>();
  /** Transactions that found a row in the row table (rowsEmpty). */
  const holdsRows = new WeakSet<DBCoreTransaction>();
  const primary = blocks.schema.primaryKey;

  const hasBlocks = (trans: DBCoreTransaction) => idbOf(trans).objectStoreNames?.contains(BLOCKS_TABLE) ?? false;

  /** Reads the blocks' version in this transaction, and the blocks when the ones in memory are not that version. */
  function indexFor(trans: DBCoreTransaction): Promise<unknown> {
    let load = loading.get(trans);
    if (!load) {
      load = P.resolve(blocks.get({ trans, key: VERSION_KEY })).then((record: VersionRecord | undefined) => {
        const version = record?.v ?? '';
        if (memory && memory.version === version) return void ready.set(trans, memory);
        if (!record) return void ready.set(trans, (memory = new BlockIndex('')));
        const range: DBCoreKeyRange = { type: 2, lower: VERSION_KEY, lowerOpen: true, upper: undefined };
        return P.resolve(blocks.query({ trans, values: true, query: { index: primary, range } })).then((stored) => {
          ready.set(trans, (memory = BlockIndex.fromRecords(version, stored.result as BlockRecord[])));
        });
      });
      loading.set(trans, load);
    }
    return load;
  }

  /**
   * Runs `step` with the transaction's blocks once its steps asked before have sent their requests.
   * When nothing is pending it runs at once, in the caller's turn: most steps send their requests
   * before they return, and Dexie follows the transaction across a caller's await for a few turns only.
   */
  function run<T>(trans: DBCoreTransaction, step: (index: BlockIndex) => Promise<T> | Later<T>): Promise<T> {
    const track = (sent: Promise<unknown>) => {
      busy.set(trans, sent);
      void sent.then(
        () => busy.get(trans) === sent && busy.delete(trans),
        () => busy.get(trans) === sent && busy.delete(trans),
      );
    };
    const start = () => {
      // (Not `instanceof Promise`: within a Dexie transaction the global Promise may be Dexie's.)
      const result = step(ready.get(trans)!);
      return result instanceof Later ? result : { sent: null, done: result };
    };
    const before = busy.get(trans) ?? (ready.has(trans) ? null : indexFor(trans));
    if (!before) {
      const { sent, done } = start();
      if (sent) track(sent);
      return done;
    }
    let markSent!: () => void;
    track(new P<void>((resolve) => (markSent = resolve)));
    return before.then(() => {
      const { sent, done } = start();
      if (sent) void sent.then(markSent, markSent);
      else markSent();
      return done;
    });
  }

  /** The rows of these block rows, by uid. */
  function blockRows(trans: DBCoreTransaction, index: BlockIndex, uids: Iterable<string>): Promise<Map<string, Row>> {
    const wanted = new Map<number, string[]>();
    for (const uid of uids) {
      const n = index.blockOf(uid);
      if (n === undefined) continue;
      const list = wanted.get(n);
      if (list) list.push(uid);
      else wanted.set(n, [uid]);
    }
    const numbers = [...wanted.keys()];
    return P.resolve(blocks.getMany({ trans, keys: numbers })).then((records: Array<BlockRecord | undefined>) => {
      const found = new Map<string, Row>();
      records.forEach((record, i) => {
        if (!record) return;
        for (const uid of wanted.get(numbers[i]!)!) {
          const stored = record.rows[index.places.get(uid)! % SLOTS];
          if (stored) found.set(uid, fromStoredCandidate(stored) as Row);
        }
      });
      return found;
    });
  }

  /**
   * Writes what a write changes in blocks: rows replaced or removed in the blocks they are in (read
   * first), new rows in new blocks of their own. Sends every request before it answers. New rows are
   * not added to the last block: reading it back for that cost a pull more than its writes (a pull's
   * writes come in slices of a few hundred rows: write-slices.ts).
   */
  function writeBlocks(trans: DBCoreTransaction, index: BlockIndex, changes: Map<string, Row | null>, added: Row[]): Promise<{ written: Promise<unknown> }> {
    const byBlock = new Map<number, Map<string, Row | null>>();
    for (const [uid, row] of changes) {
      const n = index.blockOf(uid)!;
      if (!byBlock.has(n)) byBlock.set(n, new Map());
      byBlock.get(n)!.set(uid, row);
    }
    const numbers = [...byBlock.keys()];
    const read = numbers.length ? P.resolve(blocks.getMany({ trans, keys: numbers })) : P.resolve([]);
    return read.then((records: Array<BlockRecord | undefined>) => sendBlocks(trans, index, numbers.map((n, i) => [n, records[i], byBlock.get(n)!]), added));
  }

  /** writeBlocks' writes, once the blocks it changes are read. */
  function sendBlocks(trans: DBCoreTransaction, index: BlockIndex, changed: Array<[number, BlockRecord | undefined, Map<string, Row | null>]>, added: Row[]) {
    const puts: BlockRecord[] = [];
    const deletes: number[] = [];
    for (const [n, record, changes] of changed) {
      const before = (record?.rows ?? []).map((row) => fromStoredCandidate(row) as Row);
      const after = before.flatMap((row) => (changes.has(row.uid) ? (changes.get(row.uid) ? [changes.get(row.uid)!] : []) : [row]));
      index.setBlock(n, after, before);
      if (after.length) puts.push({ n, rows: after.map(toStoredCandidate) });
      else deletes.push(n);
    }
    for (let from = 0; from < added.length; from += BLOCK_ROWS) {
      const n = index.lastBlock + 1;
      const rowsOfBlock = added.slice(from, from + BLOCK_ROWS);
      index.setBlock(n, rowsOfBlock);
      puts.push({ n, rows: rowsOfBlock.map(toStoredCandidate) });
    }
    if (!puts.length && !deletes.length) return { written: P.resolve() };
    index.version = newVersion();
    // An aborted write leaves the blocks as they were, not as this index now says: read them again.
    idbOf(trans).addEventListener('abort', () => {
      if (memory === index) memory = null;
    });
    const version: VersionRecord = { n: VERSION_KEY, v: index.version };
    const written = P.all([
      blocks.mutate({ type: 'put', trans, values: [...puts, version] }),
      deletes.length ? blocks.mutate({ type: 'delete', trans, keys: deletes }) : null,
    ]).then(([put, deleted]) => {
      const failure = put.numFailures ? Object.values(put.failures)[0] : deleted?.numFailures ? Object.values(deleted.failures)[0] : null;
      if (failure) throw failure;
    });
    return { written };
  }

  /**
   * Whether the row table holds no row: a new device's, until it writes (see the module comment). A
   * transaction that found one does not ask again: a row kept in the table is never wrong.
   */
  function rowsEmpty(trans: DBCoreTransaction): Promise<boolean> {
    if (holdsRows.has(trans)) return P.resolve(false);
    return P.resolve(rows.count({ trans, query: { index: rows.schema.primaryKey, range: FULL_RANGE } })).then((count) => {
      if (count > 0) holdsRows.add(trans);
      return count === 0;
    });
  }

  function putOrAdd(req: Extract<DBCoreMutateRequest, { type: 'put' | 'add' }>, index: BlockIndex): Promise<{ done: Promise<DBCoreMutateResponse> }> {
    const { trans } = req;
    const keys: string[] = req.keys ?? req.values.map((value: Row) => value.uid);
    const repeated = new Set(keys).size !== keys.length;
    const blockable = (value: unknown, uid: string): value is Row => !repeated && req.type === 'put' && isServerRow(value) && value.uid === uid;
    const couldStartBlocks = keys.some((uid, i) => !index.has(uid) && blockable(req.values[i], uid));
    return (couldStartBlocks ? rowsEmpty(trans) : P.resolve(false)).then((empty) => {
      const failures: Record<number, Error> = {};
      const changes = new Map<string, Row | null>();
      const added: Row[] = [];
      const down: number[] = [];
      keys.forEach((uid, i) => {
        const value = req.values[i] as unknown;
        if (index.has(uid)) {
          if (req.type === 'add') failures[i] = new DOMException('A candidate with this uid exists', 'ConstraintError');
          else if (blockable(value, uid)) changes.set(uid, value);
          else {
            changes.set(uid, null);
            down.push(i);
          }
        } else if (empty && blockable(value, uid)) added.push(value);
        else down.push(i);
      });
      return writeBlocks(trans, index, changes, added).then(({ written }) => {
        const all = down.length === keys.length;
        const put = down.length
          ? rows.mutate(all ? req : { ...req, values: down.map((i) => req.values[i]), keys: req.keys && down.map((i) => req.keys![i]) })
          : P.resolve<DBCoreMutateResponse>({ numFailures: 0, failures: {}, lastResult: undefined, results: [] });
        const done = P.all([put, written]).then(([response]) => {
          if (all) return response;
          for (const [j, failure] of Object.entries(response.failures)) failures[down[Number(j)]!] = failure;
          return {
            numFailures: Object.keys(failures).length,
            failures,
            results: keys.map((uid, i) => (i in failures ? undefined : uid)),
            lastResult: keys.at(-1),
          };
        });
        return { done };
      });
    });
  }

  /** A write: straight to the row table when it touches no block (nor could start one), else through writeBlocks. */
  function mutate(req: DBCoreMutateRequest, index: BlockIndex): Promise<DBCoreMutateResponse> | Later<DBCoreMutateResponse> {
    if (req.type === 'put' || req.type === 'add') {
      const blockable = req.type === 'put' && !holdsRows.has(req.trans);
      const touches = req.values.some((value: unknown, i: number) => index.has(req.keys?.[i] ?? (value as Row).uid) || (blockable && isServerRow(value)));
      return touches ? later(putOrAdd(req, index)) : rows.mutate(req);
    }
    if (req.type === 'delete' && !req.keys.some((uid) => index.has(uid))) return rows.mutate(req);
    if (req.type === 'deleteRange' && !index.size) return rows.mutate(req);
    return later(removeFromBlocks(req, index));
  }

  function removeFromBlocks(req: Extract<DBCoreMutateRequest, { type: 'delete' | 'deleteRange' }>, index: BlockIndex): Promise<{ done: Promise<DBCoreMutateResponse> }> {
    const removed: string[] = req.type === 'delete' ? (req.keys as string[]).filter((uid) => index.has(uid)) : index.hits(rows.schema.primaryKey, req.range).map((hit) => hit.primaryKey);
    return writeBlocks(req.trans, index, new Map(removed.map((uid) => [uid, null])), []).then(({ written }) => ({
      done: P.all([rows.mutate(req), written]).then(([response]) => response),
    }));
  }

  /** The block rows' entries and the row table's, merged in the query's order, the first `limit`. */
  function merged(req: { trans: DBCoreTransaction; values?: boolean; limit?: number; query: { index: DBCoreIndex; range: DBCoreKeyRange }; direction?: string }, hits: Hit[]) {
    const { index } = req.query;
    const reverse = req.direction?.startsWith('prev') ?? false;
    const unique = req.direction?.endsWith('unique') ?? false;
    const needKeys = !index.isPrimaryKey;
    const down = rows.query({ trans: req.trans, values: Boolean(req.values) || needKeys, limit: req.limit, query: req.query, direction: req.direction as 'next' });
    return P.resolve(down).then(({ result }) => {
      const downHits = result.map((item: Row | string) => {
        const uid = typeof item === 'string' ? item : item.uid;
        return { key: needKeys ? index.extractKey!(item) : uid, primaryKey: uid, value: item };
      });
      const all: Array<Hit & { value?: unknown }> = [...downHits, ...hits].sort((a, b) => (reverse ? -compareHits(a, b) : compareHits(a, b)));
      const kept = unique ? all.filter((hit, i) => i === 0 || cmp(hit.key, all[i - 1]!.key) !== 0) : all;
      return req.limit !== undefined ? kept.slice(0, req.limit) : kept;
    });
  }

  return {
    ...rows,
    mutate: (req) => (hasBlocks(req.trans) ? run(req.trans, (index) => mutate(req, index)) : rows.mutate(req)),
    get: (req) =>
      hasBlocks(req.trans)
        ? run(req.trans, (index) => (index.has(req.key) ? blockRows(req.trans, index, [req.key]).then((found) => found.get(req.key)) : rows.get(req)))
        : rows.get(req),
    getMany: (req) =>
      hasBlocks(req.trans)
        ? run(req.trans, (index) => {
            if (!index.size || !req.keys.some((key) => index.has(key))) return rows.getMany(req);
            const fromRows = req.keys.filter((key) => !index.has(key));
            return P.all([rows.getMany({ ...req, keys: fromRows }), blockRows(req.trans, index, req.keys)]).then(([values, found]) => {
              const byUid = new Map(fromRows.map((uid, i) => [uid, values[i]]));
              return req.keys.map((key) => (index.has(key) ? found.get(key) : byUid.get(key)));
            });
          })
        : rows.getMany(req),
    count: (req) =>
      hasBlocks(req.trans)
        ? run(req.trans, (index) => {
            const inBlocks = index.hits(req.query.index, req.query.range).length;
            return inBlocks ? rows.count(req).then((count) => count + inBlocks) : rows.count(req);
          })
        : rows.count(req),
    query: (req) =>
      hasBlocks(req.trans)
        ? run(req.trans, (index) => {
            const hits = index.hits(req.query.index, req.query.range);
            if (!hits.length) return rows.query(req);
            // Only the first `limit` block rows can be in the answer: theirs are read with the row table's.
            const reverse = req.direction?.startsWith('prev') ?? false;
            const candidates = req.limit === undefined ? hits : reverse ? hits.slice(-req.limit) : hits.slice(0, req.limit);
            const values = req.values ? blockRows(req.trans, index, candidates.map((hit) => hit.primaryKey)) : null;
            return P.all([merged(req, candidates), values]).then(([entries, found]) => ({
              result: entries.map((e) => (!req.values ? e.primaryKey : 'value' in e ? e.value : found!.get(e.primaryKey))),
            }));
          })
        : rows.query(req),
    openCursor: (req) =>
      hasBlocks(req.trans)
        ? run(req.trans, (index) => {
            const hits = index.hits(req.query.index, req.query.range);
            if (!hits.length) return rows.openCursor(req);
            if (req.reverse) hits.reverse();
            const values = req.values ? blockRows(req.trans, index, hits.map((hit) => hit.primaryKey)) : null;
            return P.all([rows.openCursor(req), values]).then(
              ([cursor, found]) => new MergedCursor(req.trans, cursor, hits.map((hit) => ({ ...hit, value: found?.get(hit.primaryKey) })), req.reverse ? -1 : 1, Boolean(req.unique)),
            );
          })
        : rows.openCursor(req),
  };
}

/**
 * A cursor over the row table's cursor and the block rows' entries together, in the order one
 * IndexedDB cursor over both would go (Dexie's DBCoreCursor protocol: start, continue, stop…).
 */
class MergedCursor implements DBCoreCursor {
  done = false;
  private at = 0;
  private onReal = false;
  private realDone: boolean;
  private finished = false;
  private skip = 0;
  /** The row table's cursor's move the current step asked for, made when the step returns. */
  private realMove: (() => void) | null = null;
  private lastKey: unknown = undefined;
  private resolve: (value: unknown) => void = () => {};
  private reject: (error: unknown) => void = () => {};

  constructor(
    readonly trans: DBCoreTransaction,
    private readonly real: DBCoreCursor | null,
    private readonly hits: Array<Hit & { value?: unknown }>,
    private readonly direction: 1 | -1,
    private readonly unique: boolean,
  ) {
    this.realDone = !real;
  }

  get key(): unknown {
    return this.onReal ? this.real!.key : this.hits[this.at]!.key;
  }
  get primaryKey(): unknown {
    return this.onReal ? this.real!.primaryKey : this.hits[this.at]!.primaryKey;
  }
  get value(): unknown {
    return this.onReal ? this.real!.value : this.hits[this.at]!.value;
  }

  private order(key: unknown, primaryKey: unknown, other: Hit): number {
    return this.direction * (cmp(key, other.key) || cmp(primaryKey, other.primaryKey));
  }

  /** Points at the nearer of the two sides' entries; false when both are done. */
  private pick(): boolean {
    const hit = this.hits[this.at];
    if (this.realDone && !hit) return false;
    this.onReal = !hit || (!this.realDone && this.order(this.real!.key, this.real!.primaryKey, hit) <= 0);
    return true;
  }

  /** Moves on to the next position at or past (key, primaryKey) in the cursor's direction (both undefined: the next). */
  private moveTo(key?: unknown, primaryKey?: unknown): void {
    if (key === undefined) {
      if (this.onReal) this.realMove = () => this.real!.continue();
      else this.at += 1;
      return;
    }
    const before = (k: unknown, pk: unknown) => {
      const c = this.direction * cmp(k, key);
      return c < 0 || (c === 0 && primaryKey !== undefined && this.direction * cmp(pk, primaryKey) < 0);
    };
    while (this.at < this.hits.length && before(this.hits[this.at]!.key, this.hits[this.at]!.primaryKey)) this.at += 1;
    if (!this.realDone && before(this.real!.key, this.real!.primaryKey)) {
      this.realMove = primaryKey === undefined ? () => this.real!.continue(key) : () => this.real!.continuePrimaryKey(key, primaryKey);
    }
  }

  continue(key?: unknown): void {
    this.moveTo(key);
  }
  continuePrimaryKey(key: unknown, primaryKey: unknown): void {
    this.moveTo(key, primaryKey);
  }
  advance(count: number): void {
    this.skip = count - 1;
    this.moveTo();
  }

  stop(value?: unknown): void {
    if (this.finished) return;
    this.finished = true;
    if (!this.realDone) this.real!.stop();
    this.resolve(value);
  }

  fail(error: Error): void {
    if (this.finished) return;
    this.finished = true;
    if (!this.realDone) this.real!.stop();
    this.reject(error);
  }

  next(): Promise<DBCoreCursor> {
    let gotOne = 1;
    return this.start(() => (gotOne-- ? this.continue() : this.stop())).then(() => this);
  }

  start(onNext: () => void): Promise<unknown> {
    return new P((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      // Runs positions until the row table's cursor must move (its next answer runs the rest) or the end.
      const run = () => {
        while (!this.finished) {
          if (!this.pick()) {
            this.done = true;
            this.stop();
            return;
          }
          const duplicate = this.unique && this.lastKey !== undefined && cmp(this.key, this.lastKey) === 0;
          if (duplicate || this.skip > 0) {
            if (!duplicate) this.skip -= 1;
            this.moveTo();
          } else {
            this.lastKey = this.key;
            try {
              onNext();
            } catch (error) {
              this.fail(error as Error);
              return;
            }
          }
          const move = this.realMove;
          if (move) {
            this.realMove = null;
            move();
            return;
          }
        }
      };
      if (!this.real) return run();
      P.resolve(this.real.start(run)).then(
        () => {
          this.realDone = true;
          run();
        },
        (error: unknown) => {
          this.realDone = true;
          this.fail(error as Error);
        },
      );
    });
  }
}

/**
 * Registered by RepHireDb before it opens, above the stored form (stored-candidate.ts) and below every
 * other layer, so each of them sees one candidates table.
 */
export const candidateBlocksMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'CandidateBlocks',
  level: -5,
  create(down) {
    if (!down.schema.tables.some((table) => table.name === BLOCKS_TABLE)) return down;
    // One for the database: it holds the blocks' index.
    const candidates = blockedCandidates(down.table(TABLE), down.table(BLOCKS_TABLE));
    return {
      ...down,
      transaction: (stores, mode, options) => down.transaction(stores.includes(TABLE) && !stores.includes(BLOCKS_TABLE) ? [...stores, BLOCKS_TABLE] : stores, mode, options),
      table: (tableName) => (tableName === TABLE ? candidates : down.table(tableName)),
    };
  },
};
