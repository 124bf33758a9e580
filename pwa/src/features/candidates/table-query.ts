/**
 * Sorting, filtering and paging the Candidates table fast enough for 100,000 candidates (issue 5:
 * a filter, sort or page change updates the table in well under 150 ms). Same results as
 * `sortIndexedCandidates` → `filterIndexedCandidates` → `paginate` (a property test checks it), but:
 *
 * - Sort orders are arrays of positions into the index, built per column without a comparator: the
 *   column's distinct values are sorted once (natively; merged in steps when warmed at idle time:
 *   sort-in-steps.ts), then a stable counting sort by rank runs
 *   over the default order (appliedDate newest first, then list position). Stability gives exactly
 *   the shared tie-breaks; empty values go last in either direction. Asc and desc come from the same
 *   ranks, and each order is built once per data change and kept (`SortOrders`).
 * - A filter is a mask over positions, kept for the last few filter states (`FilterCache`), so a sort
 *   change never re-filters and toggling a filter back is instant.
 * - A page is read by walking the sort order through the mask, stopping once the page is full.
 * - When rows change in place (same rows at the same positions, e.g. a status change), `updated` carries
 *   orders and masks over to the new index: a column's order is kept when no changed row's key for it
 *   changed, and a mask re-tests only the changed rows. So a one-row change costs next to nothing.
 */
import { StringMap, StringSet } from '@shared/candidates/string-map';
import { nameSortKey, type IndexedCandidate } from '@shared/candidates/candidate-index';
import type { CandidateView } from '@shared/candidates/candidate-view';
import { candidateFilterPredicate, hasActiveFilters, type CandidateFilters } from '@shared/candidates/filters';
import { phoneDigits } from '@shared/candidates/phone';
import type { SortColumn, SortDirection } from '@shared/candidates/sort';
import { pageCountFor, type Page } from '@shared/list/pagination';
import { sortInSteps } from './sort-in-steps';

type Key = string | number | null;

/** The column's sort key of an entry, or null when empty (sorts last). */
function keyOf(entry: IndexedCandidate, column: SortColumn): Key {
  switch (column) {
    case 'name':
      return nameSortKey(entry.candidate) || null;
    case 'email':
      return entry.email || null;
    case 'phone':
      return phoneDigits(entry.phone) || null;
    case 'status':
      return entry.statusRank;
    case 'appliedDate':
      return Number.isFinite(entry.appliedAt.ms) ? entry.appliedAt.ms : null;
  }
}

interface Ranks {
  /** Rank of each position's key among the distinct keys (ascending), -1 when empty. */
  rank: Int32Array;
  distinct: number;
}

/** A column's ranks, at once. */
function ranksFor(index: readonly IndexedCandidate[], column: SortColumn): Ranks {
  const steps = rankSteps(index, column, index.length);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

type NumericColumn = 'status' | 'appliedDate';

/** A column's ranks, `rowsPerStep` entries read per step (the generator yields between steps). */
function rankSteps(index: readonly IndexedCandidate[], column: SortColumn, rowsPerStep: number): Generator<void, Ranks> {
  return column === 'status' || column === 'appliedDate' ? numericRankSteps(index, column, rowsPerStep) : stringRankSteps(index, column, rowsPerStep);
}

/**
 * The ranks of a text column (name, email, phone digits), `rowsPerStep` entries per step, the sort of
 * the distinct keys too (sort-in-steps.ts). Built at once for 100,000 candidates, a column was one task
 * of 200–290 ms on a 2-core machine (a CPU profile of bench:import's new device, the idle-time warming
 * of the Candidates page's orders: useCandidateTableModel.ts, 2 December 2026). Names, emails and phone
 * digits go in a StringSet and StringMap: the candidate mirror keeps them, and in a Set or Map each
 * would join V8's string table (string-map.ts).
 */
function* stringRankSteps(index: readonly IndexedCandidate[], column: SortColumn, rowsPerStep: number): Generator<void, Ranks> {
  const sliceRows = Math.max(1, rowsPerStep);
  const keys: Key[] = new Array<Key>(index.length);
  const values = new StringSet();
  for (let from = 0; from < index.length; from += sliceRows) {
    if (from > 0) yield;
    for (let position = from; position < Math.min(index.length, from + sliceRows); position += 1) {
      const key = keyOf(index[position]!, column);
      keys[position] = key;
      if (key !== null) values.add(key as string);
    }
  }
  if (index.length > sliceRows) yield;
  const sorted = yield* sortInSteps(Array.from(values), sliceRows); // code-unit order, as `<` compares strings
  const rankOf = new StringMap<number>();
  for (let from = 0; from < sorted.length; from += sliceRows) {
    if (index.length > sliceRows) yield;
    for (let at = from; at < Math.min(sorted.length, from + sliceRows); at += 1) rankOf.set(sorted[at]!, at);
  }
  const rank = new Int32Array(index.length);
  for (let from = 0; from < index.length; from += sliceRows) {
    if (index.length > sliceRows) yield;
    for (let position = from; position < Math.min(index.length, from + sliceRows); position += 1) {
      const key = keys[position];
      rank[position] = key === null || key === undefined ? -1 : rankOf.get(key as string)!;
    }
  }
  return { rank, distinct: sorted.length };
}

/**
 * The ranks of a numeric column, `sliceRows` entries read per step (the generator yields between
 * steps): the keys go in a Float64Array, and each one's rank is found by binary search among the
 * sorted distinct keys. Reading the key of 200,000 entries spread over the heap is most of the work
 * (in a CPU profile of bench:import's XLSX sync, 35–50 ms of the 60–80 ms task that built the default
 * order), so the candidate list builds that order a slice per task (warmInSlices). An array of 200,000
 * boxed numbers ranked through a Map was replaced; for 200,000 indexed candidates in Node the default
 * order went 31 → 19 ms with the loop in `baseOrder` (29 November 2026).
 */
function* numericRankSteps(index: readonly IndexedCandidate[], column: NumericColumn, rowsPerStep: number): Generator<void, Ranks> {
  const sliceRows = Math.max(1, rowsPerStep);
  const keys = new Float64Array(index.length);
  const values = new Set<number>();
  for (let from = 0; from < index.length; from += sliceRows) {
    if (from > 0) yield;
    for (let position = from; position < Math.min(index.length, from + sliceRows); position += 1) {
      const key = keyOf(index[position]!, column) as number | null;
      keys[position] = key ?? NaN;
      if (key !== null) values.add(key);
    }
  }
  const sorted = Float64Array.from(values).sort();
  const rank = new Int32Array(index.length);
  for (let from = 0; from < index.length; from += sliceRows) {
    if (from > 0) yield;
    for (let position = from; position < Math.min(index.length, from + sliceRows); position += 1) {
      const key = keys[position]!;
      rank[position] = Number.isNaN(key) ? -1 : lowerBound(sorted, key);
    }
  }
  return { rank, distinct: sorted.length };
}

/** The first place in `sorted` holding a value not below `key`. */
function lowerBound(sorted: Float64Array, key: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Stable counting sort of `over` by rank (asc or desc); empties (-1) last, in `over`'s order. */
function orderByRank({ rank, distinct }: Ranks, over: Uint32Array, direction: SortDirection): Uint32Array {
  const counts = new Uint32Array(distinct + 1); // last bucket: empties
  const bucketOf = (position: number) => {
    const r = rank[position]!;
    return r < 0 ? distinct : direction === 'asc' ? r : distinct - 1 - r;
  };
  for (const position of over) counts[bucketOf(position)]! += 1;
  let start = 0;
  for (let bucket = 0; bucket <= distinct; bucket += 1) {
    const size = counts[bucket]!;
    counts[bucket] = start;
    start += size;
  }
  const out = new Uint32Array(over.length);
  for (const position of over) out[counts[bucketOf(position)]!++] = position;
  return out;
}

export interface SortOrders {
  /** Positions into the index, in this column's order (built on first use, then kept). */
  order(column: SortColumn, direction: SortDirection): Uint32Array;
  /**
   * Builds a column's ranks ahead of use, reading `sliceRows` entries per task (`pause` between
   * them); resolves once they are built (at once when they were).
   */
  warmInSlices(column: SortColumn, sliceRows: number, pause: () => Promise<void>): Promise<void>;
  /**
   * The orders of `next`: this index with the entries at `changed` positions replaced. Keeps every
   * column whose key no changed entry altered; the others are built again on use.
   */
  updated(next: readonly IndexedCandidate[], changed: readonly number[]): SortOrders;
}

function sortOrders(index: readonly IndexedCandidate[], ranks: Map<SortColumn, Ranks>, orders: Map<string, Uint32Array>): SortOrders {
  const ranksOf = (column: SortColumn) => {
    let r = ranks.get(column);
    if (!r) ranks.set(column, (r = ranksFor(index, column)));
    return r;
  };
  let identity: Uint32Array | undefined;
  let base: Uint32Array | undefined;
  const baseOrder = () => {
    if (!identity) {
      // A loop, not Uint32Array.from with a function: 0.3 ms instead of 9 ms for 200,000 positions.
      identity = new Uint32Array(index.length);
      for (let position = 0; position < identity.length; position += 1) identity[position] = position;
    }
    return (base ??= orders.get('appliedDate:desc') ?? orderByRank(ranksOf('appliedDate'), identity, 'desc'));
  };
  return {
    order(column, direction) {
      const key = `${column}:${direction}`;
      let order = orders.get(key);
      if (!order) orders.set(key, (order = column === 'appliedDate' && direction === 'desc' ? baseOrder() : orderByRank(ranksOf(column), baseOrder(), direction)));
      return order;
    },
    async warmInSlices(column, sliceRows, pause) {
      if (ranks.has(column)) return;
      const steps = rankSteps(index, column, sliceRows);
      for (let step = steps.next(); ; step = steps.next()) {
        if (step.done) {
          // Another caller may have built them meanwhile: the first built stays (orders use it).
          if (!ranks.has(column)) ranks.set(column, step.value);
          return;
        }
        await pause();
      }
    },
    updated(next, changed) {
      const keptRanks = new Map<SortColumn, Ranks>();
      const keptOrders = new Map<string, Uint32Array>();
      const unchanged = (column: SortColumn) => changed.every((p) => keyOf(index[p]!, column) === keyOf(next[p]!, column));
      // Every order is built on the applied-date order: if that moved, nothing can be kept.
      if (next.length === index.length && unchanged('appliedDate')) {
        for (const [column, r] of ranks) if (unchanged(column)) keptRanks.set(column, r);
        for (const [key, order] of orders) if (keptRanks.has(key.slice(0, key.indexOf(':')) as SortColumn)) keptOrders.set(key, order);
      }
      return sortOrders(next, keptRanks, keptOrders);
    },
  };
}

export function createSortOrders(index: readonly IndexedCandidate[]): SortOrders {
  return sortOrders(index, new Map(), new Map());
}

/** Which positions pass the filters: null means all of them. */
export interface FilterMatch {
  mask: Uint8Array | null;
  count: number;
}

export interface FilterCache {
  match(filters: CandidateFilters): FilterMatch;
  /** The cache for `next`: this index with the entries at `changed` positions replaced (only those are re-tested). */
  updated(next: readonly IndexedCandidate[], changed: readonly number[]): FilterCache;
}

const FILTER_CACHE_SIZE = 8;

interface CachedMatch extends FilterMatch {
  mask: Uint8Array;
  test: (entry: IndexedCandidate) => boolean;
}

function filterCache(index: readonly IndexedCandidate[], timeZone: string, cache: Map<string, CachedMatch>): FilterCache {
  return {
    match(filters) {
      if (!hasActiveFilters(filters)) return { mask: null, count: index.length };
      const key = JSON.stringify(filters);
      let found = cache.get(key);
      if (!found) {
        const test = candidateFilterPredicate(filters, timeZone);
        const mask = new Uint8Array(index.length);
        let count = 0;
        index.forEach((entry, position) => {
          if (test(entry)) {
            mask[position] = 1;
            count += 1;
          }
        });
        found = { mask, count, test };
        if (cache.size >= FILTER_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      } else cache.delete(key); // re-insert: most recently used last
      cache.set(key, found);
      return found;
    },
    updated(next, changed) {
      const kept = new Map<string, CachedMatch>();
      if (next.length === index.length) {
        for (const [key, { mask, count, test }] of cache) {
          const copy = mask.slice();
          let total = count;
          for (const position of changed) {
            const now = test(next[position]!) ? 1 : 0;
            total += now - copy[position]!;
            copy[position] = now;
          }
          kept.set(key, { mask: copy, count: total, test });
        }
      }
      return filterCache(next, timeZone, kept);
    },
  };
}

export function createFilterCache(index: readonly IndexedCandidate[], timeZone: string): FilterCache {
  return filterCache(index, timeZone, new Map());
}

/** One page of the filtered, sorted rows (the same numbers `paginate` gives). */
export function readPage<C extends CandidateView>(
  index: readonly IndexedCandidate<C>[],
  order: Uint32Array,
  match: FilterMatch,
  page: number,
  pageSize: number,
): Page<IndexedCandidate<C>> {
  const total = match.count;
  const pageCount = pageCountFor(total, pageSize);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * pageSize;
  const items: IndexedCandidate<C>[] = [];
  if (!match.mask) {
    for (let i = start; i < Math.min(start + pageSize, order.length); i += 1) items.push(index[order[i]!]!);
  } else {
    let seen = 0;
    for (let i = 0; i < order.length && items.length < pageSize; i += 1) {
      const position = order[i]!;
      if (!match.mask[position]) continue;
      if (seen >= start) items.push(index[position]!);
      seen += 1;
    }
  }
  return { items, page: current, pageSize, pageCount, total, from: items.length ? start + 1 : 0, to: start + items.length };
}

/** Every filtered row in sort order (the kanban board). */
export function readAll<C extends CandidateView>(
  index: readonly IndexedCandidate<C>[],
  order: Uint32Array,
  match: FilterMatch,
): IndexedCandidate<C>[] {
  const out: IndexedCandidate<C>[] = [];
  for (const position of order) if (!match.mask || match.mask[position]) out.push(index[position]!);
  return out;
}
