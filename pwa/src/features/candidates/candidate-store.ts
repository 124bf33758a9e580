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
 * - Subscribers hear of changes at most every PUBLISH_INTERVAL_MS (an import's chunks arrive in quick
 *   succession; each would otherwise re-summarise every screen), and at once after a quiet spell.
 * - Loaded on first subscription, then kept while the app runs (coming back to a screen is instant);
 *   a wipe with nobody subscribed drops the rows.
 */
import { indexCandidate, type IndexedCandidate } from '@shared/candidates/candidate-index';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { appDb } from '@/db/app-db';
import { watchCandidateChanges, type CandidateChange } from '@/db/candidate-changes';
import { fromLocalCandidate } from '@/db/database';
import { candidatesRepo } from './repo';
import { createFilterCache, createSortOrders, type FilterCache, type SortOrders } from './table-query';

export const PUBLISH_INTERVAL_MS = 250;

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
  /** Filter masks over `entries` for a time zone (the day a date filter means depends on it). */
  filterCache(timeZone: string): FilterCache;
}

/** In-place change from the previous snapshot: what the next one can carry over. */
interface Carried {
  filterCaches: Map<string, FilterCache>;
  changed: readonly number[];
}

class Snapshot implements CandidateListSnapshot {
  private list: Candidate[] | undefined;
  private newest: Entry[] | undefined;
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
    const next = new Snapshot('ready', null, entries, this.orders.updated(entries, changed), { filterCaches: this.filterCaches, changed });
    // Only one step back is ever carried over, so old snapshots do not chain in memory.
    this.carried = null;
    return next;
  }
}

function snapshotOf(status: CandidateListSnapshot['status'], entries: readonly Entry[], error: Error | null = null): Snapshot {
  return new Snapshot(status, error, entries, createSortOrders(entries));
}

const byUid = (a: Entry, b: Entry) => (a.candidate.uid < b.candidate.uid ? -1 : a.candidate.uid > b.candidate.uid ? 1 : 0);

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
  /** uid → position in the published entries; built when first needed, dropped when rows come or go. */
  private positions: Map<string, number> | null = null;
  private readonly idleWaiters: Array<() => void> = [];
  private readonly queue: Job[] = [];
  private draining = false;
  private publishTimer: ReturnType<typeof setTimeout> | null = null;
  private lastPublish = Number.NEGATIVE_INFINITY;

  constructor(private readonly source: CandidateSource) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.state === 'idle' || this.state === 'error') this.start();
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
      const list = await this.source.load();
      const entries = list.map((candidate) => indexCandidate(candidate));
      // The source gives uid order already; sorting a sorted list is one cheap pass.
      entries.sort(byUid);
      this.rows = new Map(entries.map((entry) => [entry.candidate.uid, entry]));
      this.dirty.clear();
      this.positions = null;
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
    this.positions = null;
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
    if (this.publishTimer || !this.dirty.size) return;
    const wait = Math.max(0, this.lastPublish + PUBLISH_INTERVAL_MS - performance.now());
    this.publishTimer = setTimeout(() => {
      this.publishTimer = null;
      this.publish();
      this.checkIdle();
    }, wait);
  }

  private publish() {
    if (!this.dirty.size || this.state !== 'ready') return;
    const previous = this.published;
    const comeOrGone = [...this.dirty].some(([uid, had]) => had !== this.rows.has(uid));
    if (!comeOrGone) {
      const positions = (this.positions ??= new Map(previous.entries.map((entry, i) => [entry.candidate.uid, i])));
      const entries = previous.entries.slice();
      const changed: number[] = [];
      for (const [uid, had] of this.dirty) {
        if (!had) continue; // came and went since the last publish
        const position = positions.get(uid)!;
        entries[position] = this.rows.get(uid)!;
        changed.push(position);
      }
      this.published = previous.updatedInPlace(entries, changed);
    } else {
      this.published = snapshotOf('ready', this.merged(previous.entries));
      this.positions = null;
    }
    this.dirty.clear();
    this.notify();
  }

  /** The published entries with the dirty rows replaced, removed or added, in uid order. */
  private merged(previous: readonly Entry[]): Entry[] {
    const added: Entry[] = [];
    let touchesPublished = false;
    for (const [uid, had] of this.dirty) {
      if (had) touchesPublished = true;
      else if (this.rows.has(uid)) added.push(this.rows.get(uid)!); // (a row may have come and gone)
    }
    added.sort(byUid);
    const entries: Entry[] = [];
    let next = 0;
    for (const entry of previous) {
      const uid = entry.candidate.uid;
      while (next < added.length && added[next]!.candidate.uid < uid) entries.push(added[next++]!);
      // An import only adds rows: then no published row needs looking up.
      if (!touchesPublished || !this.dirty.has(uid)) entries.push(entry);
      else if (this.rows.has(uid)) entries.push(this.rows.get(uid)!);
    }
    while (next < added.length) entries.push(added[next++]!);
    return entries;
  }

  private notify() {
    this.lastPublish = performance.now();
    for (const listener of [...this.listeners]) listener();
  }
}

export function createCandidateStore(source: CandidateSource): CandidateStore {
  return new CandidateStore(source);
}

/** The app's store: the app database's candidates through its repo. */
export const candidateStore = createCandidateStore({
  load: () => candidatesRepo.listCandidates(),
  read: (uids) => candidatesRepo.getCandidates(uids),
  watch: (listener) => watchCandidateChanges(appDb.name, listener),
});
