/**
 * The block rows' places and index keys, in memory (candidate-blocks.ts): where each row kept in a block
 * is, and its entries in the candidates table's indexes, in the order IndexedDB would give them.
 */
import { cmp, type DBCoreIndex, type DBCoreKeyRange } from 'dexie';
import { IN_INTERVIEW_INDEX, inInterviewKey } from './stored-candidate';

/** Rows per block, at most. */
export const BLOCK_ROWS = 500;
/** A block row's place in memory: block × SLOTS + its position in the block (BLOCK_ROWS or fewer). */
const SLOTS = 1024;

/**
 * A row as the blocks' index reads it: its uid, emailKey and status, named the same in the candidate row
 * (database.ts, LocalCandidate) and in its stored form (stored-candidate.ts).
 */
export type Row = Record<string, unknown> & { uid: string };

/** An entry of an index: its key and the row's uid, as a cursor gives them. */
export interface Hit {
  key: unknown;
  primaryKey: string;
}

export const compareHits = (a: Hit, b: Hit) => cmp(a.key, b.key) || cmp(a.primaryKey, b.primaryKey);

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
  /** Rows each block's record holds as stored, its gone rows included. */
  private readonly stored = new Map<number, number>();
  /** Rows that left each block without its record being written again: they are still in it, skipped. */
  private readonly gone = new Map<number, string[]>();
  /** The blocks whose records still hold a row that left them, by the row's uid (the gone lists, turned round). */
  private readonly stale = new Map<string, number[]>();
  private sorted = new Map<string, Hit[]>();
  /** Entries made since each sorted list was: merged into it when it is next read. */
  private pending = new Map<string, Hit[]>();

  constructor(public version: string) {}

  /** The index of these blocks, their rows as stored, less the rows each block's gone list names. */
  static fromRecords(version: string, records: Array<{ n: number; rows: Row[] }>, goneLists: Array<{ block: number; gone: string[] }> = []): BlockIndex {
    const index = new BlockIndex(version);
    for (const record of records) index.setBlock(record.n, record.rows);
    for (const { block, gone } of goneLists) index.leave(block, gone);
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

  /** The row's position in its block. */
  slotOf(uid: string): number | undefined {
    const place = this.places.get(uid);
    return place === undefined ? undefined : place % SLOTS;
  }

  /** The blocks whose records still hold a copy of these rows, left there when the rows left them. */
  staleBlocksOf(uids: Iterable<string>): number[] {
    const blocks = new Set<number>();
    for (const uid of uids) for (const n of this.stale.get(uid) ?? []) blocks.add(n);
    return [...blocks];
  }

  /** The uids in `range` (of the primary key) that some block's record still holds a copy of. */
  staleWithin(range: DBCoreKeyRange): string[] {
    return [...this.stale.keys()].filter((uid) => inRange(uid, range));
  }

  /** How many rows block `n`'s record holds, gone ones included. */
  storedRows(n: number): number {
    return this.stored.get(n) ?? 0;
  }

  /** The rows that left block `n` while its record still holds them. */
  goneFrom(n: number): readonly string[] {
    return this.gone.get(n) ?? [];
  }

  /**
   * Rows leave block `n` while its record stays as it is: they are named in its gone list, and no
   * longer found here. (A row listed that lives elsewhere now, as after a reload, keeps its place.)
   */
  leave(n: number, uids: Iterable<string>): void {
    const gone = this.gone.get(n) ?? [];
    for (const uid of uids) {
      gone.push(uid);
      this.stale.set(uid, [...(this.stale.get(uid) ?? []), n]);
      if (this.blockOf(uid) !== n) continue;
      this.places.delete(uid);
      this.emailKeys.delete(uid);
      this.inInterview.delete(uid);
    }
    this.gone.set(n, gone);
  }

  /**
   * Records block `n` as holding `rows` (none: the block is gone), forgetting the rows it held before;
   * a block written anew has no gone rows.
   */
  setBlock(n: number, rows: Row[], before: Row[] = []): void {
    for (const uid of this.gone.get(n) ?? []) {
      const blocks = this.stale.get(uid)?.filter((block) => block !== n) ?? [];
      if (blocks.length) this.stale.set(uid, blocks);
      else this.stale.delete(uid);
    }
    this.gone.delete(n);
    if (rows.length) this.stored.set(n, rows.length);
    else this.stored.delete(n);
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
