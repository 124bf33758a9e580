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
 * deleted leaves its block. A row that moves to the table is named in its block's gone list, the
 * block's record left as it is, until more than half of it has left; a delete writes the block again
 * without it, and without any older copy of it a gone list names (writeBlocks). So a candidate is in
 * one place only, and the table's indexes keep every row with own writes (OWN_RUN_INDEX): block rows
 * have none.
 *
 * Reads: every candidates read — by uid, by any index, a count, a cursor — answers from both places,
 * in the order IndexedDB would: a block row's index keys (uid, emailKey, inInterview) are kept in
 * memory, in a BlockIndex (block-index.ts) loaded from the blocks when a transaction first needs it;
 * a cursor over both is a MergedCursor (merged-cursor.ts).
 *
 * Transactions: a transaction that takes the candidates table takes the blocks too. The blocks carry a
 * version (record 0), a new one each time they change; a transaction reads it first and loads the
 * blocks again when another tab (or an aborted write) left the one in memory behind. This layer's own
 * steps within one transaction run one after the other, in the order they were asked: a write's
 * requests are all sent before the next step reads.
 */
import Dexie, { cmp, type DBCore, type DBCoreCursor, type DBCoreIndex, type DBCoreKeyRange, type DBCoreMutateRequest, type DBCoreMutateResponse, type DBCoreTable, type DBCoreTransaction, type Middleware } from 'dexie';
import { fromStoredCandidate, toStoredCandidate } from './stored-candidate';
import { BLOCK_ROWS, BlockIndex, compareHits, type Hit, type Row } from './block-index';
import { BLOCK_KEYS, GONE_KEYS, VERSION_KEY, isServerRow, planBlockWrites, rowsAfter, type BlockRecord, type GoneRecord, type VersionRecord } from './block-records';
import { MergedCursor } from './merged-cursor';

const TABLE = 'candidates';
/** The blocks' table (database.ts declares it). */
export const BLOCKS_TABLE = 'candidateBlocks';
export { BLOCK_ROWS };
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

/** A DBCore table over the candidates table and its blocks. */
function blockedCandidates(rows: DBCoreTable, blocks: DBCoreTable): DBCoreTable {
  let memory: BlockIndex | null = null;
  /** Each transaction's view of the blocks, once read (see indexFor). */
  const ready = new WeakMap<DBCoreTransaction, BlockIndex>();
  /** A transaction's steps not yet sent: the next one waits for them (see run). */
  const busy = new WeakMap<DBCoreTransaction, Promise<unknown>>();
  const loading = new WeakMap<DBCoreTransaction, Promise<unknown>>();
  /**
   * Whether the row table is empty, per transaction, once asked (rowsEmpty): false once it found a row
   * or this layer put one there. Every write in a transaction comes through here, so a true answer
   * holds until this layer puts a row down.
   */
  const emptyRows = new WeakMap<DBCoreTransaction, boolean>();
  /** Transactions that wrote the blocks' version (sendBlocks): one new version a transaction is enough. */
  const versioned = new WeakSet<DBCoreTransaction>();
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
        const read = (range: DBCoreKeyRange) => blocks.query({ trans, values: true, query: { index: primary, range } });
        return P.all([read(BLOCK_KEYS), read(GONE_KEYS)]).then(([stored, gone]) => {
          const goneLists = (gone.result as GoneRecord[]).map((list) => ({ block: -list.n, gone: list.gone }));
          ready.set(trans, (memory = BlockIndex.fromRecords(version, stored.result as BlockRecord[], goneLists)));
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
          const stored = record.rows[index.slotOf(uid)!];
          if (stored) found.set(uid, fromStoredCandidate(stored) as Row);
        }
      });
      return found;
    });
  }

  /**
   * Writes what a write changes in blocks (planned by planBlockWrites): rows replaced in the blocks
   * they are in (read first), rows moved to the table named in their blocks' gone lists, blocks a
   * delete touches written again, new rows in new blocks of their own. Sends every request before it
   * answers. New rows are not added to the last block: reading it back for that cost a pull more than
   * its writes (a pull's writes come in slices of a few hundred rows: write-slices.ts).
   */
  function writeBlocks(trans: DBCoreTransaction, index: BlockIndex, changes: Map<string, Row | null>, added: Row[], purge: readonly number[] = []): Promise<{ written: Promise<unknown> }> {
    const { byBlock, rewritten, leaving } = planBlockWrites(index, changes, purge);
    const read = rewritten.length ? P.resolve(blocks.getMany({ trans, keys: rewritten })) : P.resolve([]);
    return read.then((records: Array<BlockRecord | undefined>) =>
      sendBlocks(
        trans,
        index,
        rewritten.map((n, i) => [n, records[i], byBlock.get(n)!]),
        leaving,
        added,
      ),
    );
  }

  /** writeBlocks' writes, once the blocks it writes again are read. */
  function sendBlocks(trans: DBCoreTransaction, index: BlockIndex, changed: Array<[number, BlockRecord | undefined, Map<string, Row | null>]>, leaving: Array<[number, string[]]>, added: Row[]) {
    const puts: Array<BlockRecord | GoneRecord> = [];
    const deletes: number[] = [];
    // The rows a write leaves as they were stay in their stored form: only the changed ones are made again.
    const stored = (row: Row) => toStoredCandidate(row) as Row;
    for (const [n, record, changes] of changed) {
      const before = record?.rows ?? [];
      const gone = new Set(index.goneFrom(n));
      const after = rowsAfter(before, gone, changes, stored);
      index.setBlock(n, after, before);
      if (after.length) puts.push({ n, rows: after });
      else deletes.push(n);
      if (gone.size) deletes.push(-n);
    }
    for (const [n, uids] of leaving) {
      index.leave(n, uids);
      if (index.goneFrom(n).length < index.storedRows(n)) puts.push({ n: -n, gone: [...index.goneFrom(n)] });
      else {
        index.setBlock(n, []);
        deletes.push(n, -n);
      }
    }
    for (let from = 0; from < added.length; from += BLOCK_ROWS) {
      const n = index.lastBlock + 1;
      const rowsOfBlock = added.slice(from, from + BLOCK_ROWS).map(stored);
      index.setBlock(n, rowsOfBlock);
      puts.push({ n, rows: rowsOfBlock });
    }
    if (!puts.length && !deletes.length) return { written: P.resolve() };
    // Other transactions read the version before anything else, so they see this one's only once it
    // commits: its first write of the blocks gives them a new version, and the later ones keep it.
    if (!versioned.has(trans)) {
      versioned.add(trans);
      index.version = newVersion();
      puts.push({ n: VERSION_KEY, v: index.version } satisfies VersionRecord as unknown as BlockRecord);
      // An aborted write leaves the blocks as they were, not as this index now says: read them again.
      idbOf(trans).addEventListener('abort', () => {
        if (memory === index) memory = null;
      });
    }
    const written = P.all([
      blocks.mutate({ type: 'put', trans, values: puts }),
      deletes.length ? blocks.mutate({ type: 'delete', trans, keys: deletes }) : null,
    ]).then(([put, deleted]) => {
      const failure = put.numFailures ? Object.values(put.failures)[0] : deleted?.numFailures ? Object.values(deleted.failures)[0] : null;
      if (failure) throw failure;
    });
    return { written };
  }

  /**
   * Whether the row table holds no row: a new device's, until it writes (see the module comment). A
   * transaction asks once (emptyRows): a row kept in the table is never wrong.
   */
  function rowsEmpty(trans: DBCoreTransaction): Promise<boolean> {
    const known = emptyRows.get(trans);
    if (known !== undefined) return P.resolve(known);
    return P.resolve(rows.count({ trans, query: { index: rows.schema.primaryKey, range: FULL_RANGE } })).then((count) => {
      emptyRows.set(trans, count === 0);
      return count === 0;
    });
  }

  /** A put or add sent down to the row table: the transaction holds rows from now on (rowsEmpty). */
  function putDown(req: DBCoreMutateRequest): Promise<DBCoreMutateResponse> {
    if (req.type === 'put' || req.type === 'add') emptyRows.set(req.trans, false);
    return rows.mutate(req);
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
          ? putDown(all ? req : { ...req, values: down.map((i) => req.values[i]), keys: req.keys && down.map((i) => req.keys![i]) })
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
      const blockable = req.type === 'put' && emptyRows.get(req.trans) !== false;
      const touches = req.values.some((value: unknown, i: number) => index.has(req.keys?.[i] ?? (value as Row).uid) || (blockable && isServerRow(value)));
      return touches ? new Later(putOrAdd(req, index)) : putDown(req);
    }
    const deleted = req.type === 'delete' ? (req.keys as string[]) : index.staleWithin(req.range);
    const stale = index.staleBlocksOf(deleted);
    if (req.type === 'delete' && !stale.length && !req.keys.some((uid) => index.has(uid))) return rows.mutate(req);
    if (req.type === 'deleteRange' && !stale.length && !index.size) return rows.mutate(req);
    return new Later(removeFromBlocks(req, index, stale));
  }

  /** A delete: its block rows removed, and every block holding a stale copy of a deleted row written again (`stale`). */
  function removeFromBlocks(req: Extract<DBCoreMutateRequest, { type: 'delete' | 'deleteRange' }>, index: BlockIndex, stale: number[]): Promise<{ done: Promise<DBCoreMutateResponse> }> {
    const removed: string[] = req.type === 'delete' ? (req.keys as string[]).filter((uid) => index.has(uid)) : index.hits(rows.schema.primaryKey, req.range).map((hit) => hit.primaryKey);
    const purge = [...new Set([...removed.map((uid) => index.blockOf(uid)!), ...stale])];
    return writeBlocks(req.trans, index, new Map(removed.map((uid) => [uid, null])), [], purge).then(({ written }) => ({
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

  /**
   * One of the table's methods: through the blocks when the transaction has them (see run), straight to
   * the row table when it does not (an upgrade from a version before the blocks').
   */
  const over =
    <Req extends { trans: DBCoreTransaction }, R>(direct: (req: Req) => Promise<R>, step: (req: Req, index: BlockIndex) => Promise<R> | Later<R>) =>
    (req: Req): Promise<R> =>
      hasBlocks(req.trans) ? run(req.trans, (index) => step(req, index)) : direct(req);

  return {
    ...rows,
    mutate: over((req) => rows.mutate(req), mutate),
    get: over(
      (req) => rows.get(req),
      (req, index) => (index.has(req.key) ? blockRows(req.trans, index, [req.key]).then((found) => found.get(req.key)) : rows.get(req)),
    ),
    getMany: over(
      (req) => rows.getMany(req),
      (req, index) => {
        if (!req.keys.some((key) => index.has(key))) return rows.getMany(req);
        const fromRows = req.keys.filter((key) => !index.has(key));
        return P.all([rows.getMany({ ...req, keys: fromRows }), blockRows(req.trans, index, req.keys)]).then(([values, found]) => {
          const byUid = new Map(fromRows.map((uid, i) => [uid, values[i]]));
          return req.keys.map((key) => (index.has(key) ? found.get(key) : byUid.get(key)));
        });
      },
    ),
    count: over(
      (req) => rows.count(req),
      (req, index) => {
        const inBlocks = index.hits(req.query.index, req.query.range).length;
        return inBlocks ? rows.count(req).then((count) => count + inBlocks) : rows.count(req);
      },
    ),
    query: over(
      (req) => rows.query(req),
      (req, index) => {
        const hits = index.hits(req.query.index, req.query.range);
        if (!hits.length) return rows.query(req);
        // Only the first `limit` block rows can be in the answer: theirs are read with the row table's.
        const reverse = req.direction?.startsWith('prev') ?? false;
        const candidates = req.limit === undefined ? hits : reverse ? hits.slice(-req.limit) : hits.slice(0, req.limit);
        const values = req.values ? blockRows(req.trans, index, candidates.map((hit) => hit.primaryKey)) : null;
        return P.all([merged(req, candidates), values]).then(([entries, found]) => ({
          result: entries.map((e) => (!req.values ? e.primaryKey : 'value' in e ? e.value : found!.get(e.primaryKey))),
        }));
      },
    ),
    openCursor: over(
      (req) => rows.openCursor(req),
      (req, index) => {
        const hits = index.hits(req.query.index, req.query.range);
        if (!hits.length) return rows.openCursor(req);
        if (req.reverse) hits.reverse();
        const values = req.values ? blockRows(req.trans, index, hits.map((hit) => hit.primaryKey)) : null;
        return P.all([rows.openCursor(req), values]).then(
          ([cursor, found]) => new MergedCursor(req.trans, cursor, hits.map((hit) => ({ ...hit, value: found?.get(hit.primaryKey) })), req.reverse ? -1 : 1, Boolean(req.unique)),
        );
      },
    ),
  };
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
