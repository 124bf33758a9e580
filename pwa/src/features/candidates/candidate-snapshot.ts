/**
 * One published state of the in-memory candidate list (candidate-list.ts): the entries in uid order
 * and what the screens derive from them — sort orders, filter masks, the newest-first list, the
 * pipeline counts — each built on first use and kept for the snapshot's life. A snapshot made by
 * changing rows in place carries the previous one's orders, masks and counts over, adjusted for the
 * changed rows only. Also the merge that makes the next list when rows come or go.
 */
import { StringMap } from '@shared/candidates/string-map';
import type { Candidate } from '@shared/schemas/candidate.schema';
import type { Entry } from '@/db/candidate-mirror/candidate-mirror';
import { pipelineSummary, pipelineSummaryAfter, type PipelineSummary } from './pipeline-summary';
import { createFilterCache, createSortOrders, type FilterCache, type SortOrders } from './table-query';

export type { Entry };

export interface CandidateListSnapshot {
  status: 'loading' | 'ready' | 'error';
  /** Why the last load failed (status 'error'). */
  error: Error | null;
  /** The live candidates in uid order, with their index entries. Empty until loaded. */
  entries: readonly Entry[];
  /** The same candidates, in the same order. */
  readonly candidates: readonly Candidate[];
  /** Sort orders over `entries`, shared by every screen. */
  orders: SortOrders;
  /** The entries newest application first (the table's default order). */
  readonly newestFirst: readonly Entry[];
  /** The Recruitment Pipeline card's counts. */
  readonly summary: PipelineSummary;
  /** Filter masks over `entries` for a time zone (the day a date filter means depends on it). */
  filterCache(timeZone: string): FilterCache;
  /**
   * When this snapshot is the one published right after `previous` and only replaced some of its
   * entries (no row came or went): those entries before and after, in the same order; else null.
   */
  inPlaceChangesSince(previous: CandidateListSnapshot): InPlaceChanges | null;
}

export interface InPlaceChanges {
  before: readonly Entry[];
  after: readonly Entry[];
}

/** In-place change from the previous snapshot: what the next one can carry over. */
interface Carried {
  filterCaches: Map<string, FilterCache>;
  summary: PipelineSummary | undefined;
  changed: readonly number[];
  /** The previous entries at the changed positions. */
  before: readonly Entry[];
  /** The previous snapshot's serial (a number: holding the snapshot would keep its lists alive). */
  from: number;
}

/** Snapshots made so far: each one's serial. */
let serials = 0;

export class Snapshot implements CandidateListSnapshot {
  private readonly serial = ++serials;
  private list: Candidate[] | undefined;
  private newest: Entry[] | undefined;
  private pipeline: PipelineSummary | undefined;
  private readonly filterCaches = new Map<string, FilterCache>();

  constructor(
    readonly status: CandidateListSnapshot['status'],
    readonly error: Error | null,
    readonly entries: readonly Entry[],
    readonly orders: SortOrders,
    private carried: Carried | null = null,
  ) {}

  get candidates(): readonly Candidate[] {
    return (this.list ??= this.entries.map((entry) => entry.candidate));
  }

  get newestFirst(): readonly Entry[] {
    return (this.newest ??= Array.from(this.orders.order('appliedDate', 'desc'), (position) => this.entries[position]!));
  }

  get summary(): PipelineSummary {
    if (!this.pipeline) {
      const carried = this.carried;
      const recount = () => pipelineSummary(this.entries);
      this.pipeline = carried?.summary
        ? pipelineSummaryAfter(carried.summary, carried.before, carried.changed.map((p) => this.entries[p]!), recount)
        : recount();
    }
    return this.pipeline;
  }

  inPlaceChangesSince(previous: CandidateListSnapshot): InPlaceChanges | null {
    const carried = this.carried;
    if (!carried || !(previous instanceof Snapshot) || carried.from !== previous.serial) return null;
    return { before: carried.before, after: carried.changed.map((position) => this.entries[position]!) };
  }

  filterCache(timeZone: string): FilterCache {
    let cache = this.filterCaches.get(timeZone);
    if (!cache) {
      const previous = this.carried?.filterCaches.get(timeZone);
      cache = previous ? previous.updated(this.entries, this.carried!.changed) : createFilterCache(this.entries, timeZone);
      this.filterCaches.set(timeZone, cache);
    }
    return cache;
  }

  /** The next snapshot: same rows, the entries at `changed` replaced. */
  updatedInPlace(entries: readonly Entry[], changed: readonly number[]): Snapshot {
    const before = changed.map((position) => this.entries[position]!);
    const carried = { filterCaches: this.filterCaches, summary: this.pipeline, changed, before, from: this.serial };
    const next = new Snapshot('ready', null, entries, this.orders.updated(entries, changed), carried);
    // Only one step back is ever carried over, so old snapshots do not chain in memory.
    this.carried = null;
    return next;
  }
}

export function snapshotOf(status: CandidateListSnapshot['status'], entries: readonly Entry[], error: Error | null = null): Snapshot {
  return new Snapshot(status, error, entries, createSortOrders(entries));
}

/**
 * Where `uid` is, or would go, in entries sorted by uid, at or after `from`: gallops forward from
 * `from`, then searches the bracket found. Sorted additions are placed one after another, each near
 * the last, so this compares far fewer uids than a search over the whole list.
 */
export function positionOf(entries: readonly Entry[], uid: string, from = 0): number {
  let low = from;
  let high = from;
  let step = 1;
  while (high < entries.length && entries[high]!.candidate.uid < uid) {
    low = high + 1;
    high = from + step;
    step *= 2;
  }
  high = Math.min(high, entries.length);
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (entries[middle]!.candidate.uid < uid) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A row of a published list that changed: its uid, and its entry now (undefined: gone). */
export interface Change {
  readonly uid: string;
  readonly now: Entry | undefined;
}

const uidOfEntry = (entry: Entry) => entry.candidate.uid;
const uidOfChange = (change: Change) => change.uid;

/**
 * The items in the order of their (distinct) uids: a native sort of the uids (no comparator calls:
 * 20,000 in a few ms). Keyed by a StringMap, as the mirror keeps these uids (string-map.ts).
 */
function inUidOrder<T>(items: readonly T[], uidOf: (item: T) => string): T[] {
  const byId = new StringMap<T>();
  for (const item of items) byId.set(uidOf(item), item);
  return [...byId.keys()].sort().map((uid) => byId.get(uid)!);
}

/** The entries in uid order. */
export const sortedByUid = (entries: readonly Entry[]): Entry[] => inUidOrder(entries, uidOfEntry);

/** A uid's first two UTF-16 code units as one number, in the order strings compare (a missing one first). */
function leadOf(uid: string): number {
  const unit = (i: number) => (i < uid.length ? uid.charCodeAt(i) + 1 : 0);
  return unit(0) * 65_537 + unit(1);
}

/**
 * The items in uid order, sorted about `sliceRows` at a time with `pause` between (the page's turn):
 * grouped by their uids' first two characters, the groups in order, each sorted on its own. Strings
 * compare unit by unit, so that is uid order; random uids (UUIDs) make 256 groups of about equal size.
 * 100,000 sorted at once were one task of 110–150 ms, most of a publish that adds an import's rows.
 */
async function inUidOrderInSlices<T>(items: readonly T[], uidOf: (item: T) => string, sliceRows: number, pause: () => Promise<void>): Promise<T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const lead = leadOf(uidOf(item));
    const group = groups.get(lead);
    if (group) group.push(item);
    else groups.set(lead, [item]);
  }
  const sorted: T[] = [];
  // Grouping 100,000 rows is a slice's work of its own: with the first group sorted after it, in the
  // task that took the changes, it was part of one task of 97 ms of CPU (bench:import's online run,
  // CPU profile, 2 December 2026).
  if (items.length > sliceRows) await pause();
  let sinceTurn = 0;
  for (const lead of [...groups.keys()].sort((a, b) => a - b)) {
    const group = groups.get(lead)!;
    if (sinceTurn > 0 && sinceTurn + group.length > sliceRows) {
      await pause();
      sinceTurn = 0;
    }
    for (const item of inUidOrder(group, uidOf)) sorted.push(item);
    sinceTurn += group.length;
  }
  return sorted;
}

/** The entries in uid order, sorted a slice at a time (inUidOrderInSlices). */
export const sortedByUidInSlices = (entries: readonly Entry[], sliceRows: number, pause: () => Promise<void>): Promise<Entry[]> =>
  inUidOrderInSlices(entries, uidOfEntry, sliceRows, pause);

/**
 * Where each changed row is in `entries` (sorted by uid), with its entry now, in uid order: the changes
 * sorted by uid, then found in one forward pass, each search starting where the last ended.
 */
export function placed(entries: readonly Entry[], changes: readonly Change[]): Array<[number, Entry | undefined]> {
  return placedInOrder(entries, inUidOrder(changes, uidOfChange));
}

/**
 * The same, the changes sorted a slice at a time (inUidOrderInSlices). Sorted at once, the 100,000
 * rows an import's sync gives their ids were one task of 120 ms of CPU (bench:import, 28 November 2026).
 */
export async function placedInSlices(entries: readonly Entry[], changes: readonly Change[], sliceRows: number, pause: () => Promise<void>): Promise<Array<[number, Entry | undefined]>> {
  return placedInOrder(entries, await inUidOrderInSlices(changes, uidOfChange, sliceRows, pause));
}

function placedInOrder(entries: readonly Entry[], sorted: readonly Change[]): Array<[number, Entry | undefined]> {
  let from = 0;
  return sorted.map(({ uid, now }) => {
    from = positionOf(entries, uid, from);
    return [from, now];
  });
}

/**
 * `previous` with the entries at `replaced` positions swapped for new ones (or removed: undefined)
 * and `added` (in uid order) inserted. Copies runs between the changes rather than comparing every
 * uid: ten times faster at 100,000 rows.
 */
export function merged(previous: readonly Entry[], replaced: Array<[number, Entry | undefined]>, added: readonly Entry[]): Entry[] {
  replaced.sort((a, b) => a[0] - b[0]);
  const entries: Entry[] = new Array(previous.length + added.length);
  let size = 0;
  let change = 0;
  const copy = (from: number, to: number) => {
    for (let i = from; i < to; i += 1) {
      if (change < replaced.length && replaced[change]![0] === i) {
        const now = replaced[change++]![1];
        if (now) entries[size++] = now;
      } else entries[size++] = previous[i]!;
    }
  };
  let from = 0;
  for (const entry of added) {
    const at = positionOf(previous, entry.candidate.uid, from);
    copy(from, at);
    entries[size++] = entry;
    from = at;
  }
  copy(from, previous.length);
  entries.length = size;
  return entries;
}
