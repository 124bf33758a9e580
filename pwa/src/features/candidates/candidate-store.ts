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
import { indexCandidate } from '@shared/candidates/candidate-index';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { yieldToMain } from '@/app/yield-to-main';
import { appDb } from '@/db/app-db';
import { watchCandidateChanges, type CandidateChange } from '@/db/candidate-changes';
import { fromLocalCandidate } from '@/db/database';
import { byUid, merged, positionOf, snapshotOf, type CandidateListSnapshot, type Entry, type Snapshot } from './candidate-snapshot';
import { candidatesRepo } from './repo';

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

  /** Resolves once every change received so far is applied (and published, when a screen subscribes). */
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
