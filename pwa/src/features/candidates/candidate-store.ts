/**
 * The device's candidates in memory, for the list screens (Candidates, Dashboard, Search, Settings).
 * IndexedDB stays the only source of truth and repos stay the only writers: this is a read cache of
 * the table that follows every committed write (db/candidate-changes.ts), so a screen never re-reads
 * 100,000 rows after a change, and every screen shares one copy instead of reading its own.
 *
 * Invariants:
 * - After the first load, the published list equals a fresh read (`repo.listCandidates()`): the live
 *   candidates in uid order (the table's key order), each with its index entry (candidate-index.ts).
 * - Changes are applied one after another in the order they were committed. This tab's changes carry
 *   their rows; another tab's changes are read again, and "everything changed" (a wipe) reloads.
 * - An index entry is built once per row version: a change re-indexes only the rows it touched. When
 *   rows change in place (no row added or removed) the next snapshot carries the sort orders and
 *   filter masks over (table-query.ts), so a status change does not re-sort 100,000 rows.
 * - Subscribers hear of changes at once after a quiet spell, and while changes keep coming at most
 *   every PUBLISH_INTERVAL_MS; bulk changes (an import's chunks) wait PUBLISH_COST_FACTOR times what
 *   the last publish cost (the screens' re-render included): 100,000 rows re-summarised after each
 *   chunk would otherwise take the main thread from the import itself.
 * - Loaded on first subscription, then kept while the app runs (coming back to a screen is instant);
 *   with nobody subscribed, changes are applied to the rows but published only on the next
 *   subscription, and a wipe drops the rows.
 */
import { indexCandidate, type IndexedCandidate } from '@shared/candidates/candidate-index';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { yieldToMain } from '@/app/yield-to-main';
import { appDb } from '@/db/app-db';
import { watchCandidateChanges, type CandidateChange } from '@/db/candidate-changes';
import { fromLocalCandidate } from '@/db/database';
import { candidatesRepo } from './repo';
import { pipelineSummary, pipelineSummaryAfter, type PipelineSummary } from './pipeline-summary';
import { createFilterCache, createSortOrders, type FilterCache, type SortOrders } from './table-query';

export const PUBLISH_INTERVAL_MS = 250;
const PUBLISH_COST_FACTOR = 8;
const MAX_PUBLISH_INTERVAL_MS = 3000;
const SMALL_CHANGE_ROWS = 50;
const INDEX_SLICE_ROWS = 10_000;

/** Where the store reads from (the repo and the change feed in the app; fakes in tests). */
export interface CandidateSource {
  /** Every live candidate, in uid order. */
  load(): Promise<Candidate[]>;
  /** These candidates as stored now; undefined when missing or deleted. */
  read(uids: readonly string[]): Promise<Array<Candidate | undefined>>;
  /** Committed changes, in commit order; returns the unsubscribe function. */
  watch(listener: (change: CandidateChange) => void): () => void;
}

export type Entry = IndexedCandidate<Candidate>;

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
}

/** In-place change from the previous snapshot: what the next one can carry over. */
interface Carried {
  filterCaches: Map<string, FilterCache>;
  summary: PipelineSummary | undefined;
  changed: readonly number[];
  /** The previous entries at the changed positions. */
  before: readonly Entry[];
}

class Snapshot implements CandidateListSnapshot {
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
    const carried = { filterCaches: this.filterCaches, summary: this.pipeline, changed, before };
    const next = new Snapshot('ready', null, entries, this.orders.updated(entries, changed), carried);
    // Only one step back is ever carried over, so old snapshots do not chain in memory.
    this.carried = null;
    return next;
  }
}

function snapshotOf(status: CandidateListSnapshot['status'], entries: readonly Entry[], error: Error | null = null): Snapshot {
  return new Snapshot(status, error, entries, createSortOrders(entries));
}

const byUid = (a: Entry, b: Entry) => (a.candidate.uid < b.candidate.uid ? -1 : a.candidate.uid > b.candidate.uid ? 1 : 0);

/**
 * Where `uid` is, or would go, in entries sorted by uid, at or after `from`: gallops forward from
 * `from`, then searches the bracket found. Sorted additions are placed one after another, each near
 * the last, so this compares far fewer uids than a search over the whole list.
 */
function positionOf(entries: readonly Entry[], uid: string, from = 0): number {
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

/**
 * `previous` with the entries at `replaced` positions swapped for new ones (or removed: undefined)
 * and `added` inserted, in uid order. Copies runs between the changes rather than comparing every
 * uid: ten times faster at 100,000 rows.
 */
function merged(previous: readonly Entry[], replaced: Array<[number, Entry | undefined]>, added: Entry[]): Entry[] {
  replaced.sort((a, b) => a[0] - b[0]);
  added.sort(byUid);
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

type Job = CandidateChange | { type: 'load' };

export class CandidateStore {
  private readonly listeners = new Set<() => void>();
  private published: Snapshot = snapshotOf('loading', []);
  private state: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  private stopWatching: (() => void) | null = null;
  /** Live rows now (ahead of the published snapshot until the next publish). */
  private rows = new Map<string, Entry>();
  /** Rows changed since the last publish, each with whether the published snapshot has it. */
  private readonly dirty = new Map<string, boolean>();
  private readonly idleWaiters: Array<() => void> = [];
  private readonly queue: Job[] = [];
  private draining = false;
  private publishTimer: ReturnType<typeof setTimeout> | null = null;
  private lastPublish = Number.NEGATIVE_INFINITY;
  private lastPublishCost = 0;

  private readonly minInterval: number;

  constructor(
    private readonly source: CandidateSource,
    options: { publishIntervalMs?: number } = {},
  ) {
    this.minInterval = options.publishIntervalMs ?? PUBLISH_INTERVAL_MS;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.state === 'idle' || this.state === 'error') this.start();
    // Changes that came while nobody was looking are published now, not on a timer.
    else if (!this.publishTimer) this.publish();
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): CandidateListSnapshot => this.published;

  /** Resolves once every change received so far is applied and published. */
  settled(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.checkIdle();
    });
  }

  private checkIdle() {
    if (this.draining || this.queue.length || this.publishTimer) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private start() {
    this.stopWatching ??= this.source.watch((change) => this.enqueue(change));
    this.state = 'loading';
    this.enqueue({ type: 'load' });
  }

  private enqueue(job: Job) {
    this.queue.push(job);
    if (!this.draining) void this.drain();
  }

  private async drain() {
    this.draining = true;
    try {
      while (this.queue.length) await this.run(this.queue.shift()!);
    } finally {
      this.draining = false;
      this.checkIdle();
    }
  }

  private async run(job: Job) {
    if (job.type === 'load' || job.type === 'all') {
      if (job.type === 'all' && this.state !== 'ready') return; // a load is queued or nobody is looking
      if (job.type === 'all' && !this.listeners.size) return this.unload();
      return this.load();
    }
    if (this.state !== 'ready') return; // the load that is queued or running reads it anyway
    if (job.type === 'rows') {
      for (const [uid, row] of job.rows) this.set(uid, row && !row.deletedAt ? fromLocalCandidate(row) : undefined);
    } else {
      const read = await this.source.read(job.uids);
      job.uids.forEach((uid, i) => this.set(uid, read[i]));
    }
    this.schedulePublish();
  }

  private async load() {
    try {
      const started = performance.now();
      const list = await this.source.load();
      const read = performance.now();
      const entries: Entry[] = new Array(list.length);
      for (let i = 0; i < list.length; i += 1) {
        entries[i] = indexCandidate(list[i]!);
        // Indexing 100,000 rows at once would be one long task: the browser gets a turn now and then.
        if (i % INDEX_SLICE_ROWS === INDEX_SLICE_ROWS - 1) await yieldToMain();
      }
      // The source gives uid order already; sorting a sorted list is one cheap pass.
      entries.sort(byUid);
      // For profiling (and the table benchmark): reading and indexing every candidate.
      performance.measure('candidates:read', { start: started, end: read });
      performance.measure('candidates:index', { start: read, end: performance.now() });
      this.rows = new Map(entries.map((entry) => [entry.candidate.uid, entry]));
      this.dirty.clear();
      this.state = 'ready';
      this.published = snapshotOf('ready', entries);
    } catch (error) {
      this.state = 'error';
      this.published = snapshotOf('error', this.published.entries, error instanceof Error ? error : new Error(String(error ?? '')));
    }
    this.notify();
  }

  private unload() {
    this.stopWatching?.();
    this.stopWatching = null;
    this.state = 'idle';
    this.rows = new Map();
    this.dirty.clear();
    this.published = snapshotOf('loading', []);
  }

  private set(uid: string, candidate: Candidate | undefined) {
    const had = this.rows.has(uid);
    if (!had && !candidate) return;
    if (!this.dirty.has(uid)) this.dirty.set(uid, had);
    if (candidate) this.rows.set(uid, indexCandidate(candidate));
    else this.rows.delete(uid);
  }

  private schedulePublish() {
    if (this.publishTimer || !this.dirty.size || !this.listeners.size) return;
    // A few rows (a status change, an edit) go out at the shortest interval; bulk changes wait longer.
    const bulk = this.dirty.size > SMALL_CHANGE_ROWS;
    const interval = bulk ? Math.min(MAX_PUBLISH_INTERVAL_MS, Math.max(this.minInterval, PUBLISH_COST_FACTOR * this.lastPublishCost)) : this.minInterval;
    const wait = Math.max(0, this.lastPublish + interval - performance.now());
    this.publishTimer = setTimeout(() => {
      this.publishTimer = null;
      this.publish();
      this.checkIdle();
    }, wait);
  }

  private publish() {
    if (!this.dirty.size || this.state !== 'ready') return;
    const started = performance.now();
    const previous = this.published;
    // Published rows that changed (found by binary search: the entries are in uid order), and new rows.
    const replaced: Array<[number, Entry | undefined]> = [];
    const added: Entry[] = [];
    for (const [uid, had] of this.dirty) {
      const now = this.rows.get(uid);
      if (had) replaced.push([positionOf(previous.entries, uid), now]);
      else if (now) added.push(now); // (a row may have come and gone since the last publish)
    }
    if (!added.length && replaced.every(([, now]) => now)) {
      const entries = previous.entries.slice();
      for (const [position, now] of replaced) entries[position] = now!;
      this.published = previous.updatedInPlace(
        entries,
        replaced.map(([position]) => position),
      );
    } else {
      this.published = snapshotOf('ready', merged(previous.entries, replaced, added));
    }
    this.dirty.clear();
    performance.measure('candidates:publish', { start: started, end: performance.now() });
    this.notify();
    // React renders what subscribers scheduled before the next task: this measures that too.
    setTimeout(() => (this.lastPublishCost = performance.now() - started), 0);
  }

  private notify() {
    this.lastPublish = performance.now();
    for (const listener of [...this.listeners]) listener();
  }
}

/** `publishIntervalMs`: the shortest time between two publishes (tests use 0). */
export function createCandidateStore(source: CandidateSource, options: { publishIntervalMs?: number } = {}): CandidateStore {
  return new CandidateStore(source, options);
}

/** The app's store: the app database's candidates through its repo. */
export const candidateStore = createCandidateStore({
  load: () => candidatesRepo.listCandidates(),
  read: (uids) => candidatesRepo.getCandidates(uids),
  watch: (listener) => watchCandidateChanges(appDb.name, listener),
});
