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
 * - It is also the app's email directory (db/email-directory.ts): live candidates by normalised email,
 *   kept with the rows. It knows the write version it is at — the load's, then each change's in turn
 *   (changes from other tabs may arrive out of order: a later one waits for the earlier) — and answers
 *   only at exactly that version. A change that could not count itself (version null) leaves it
 *   unsure until the next load.
 */
import { indexCandidate } from '@shared/candidates/candidate-index';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { appDb } from '@/db/app-db';
import { watchCandidateChanges, type CandidateChange, type WriteVersion } from '@/db/candidate-changes';
import { emailKey, fromLocalCandidate } from '@/db/database';
import { provideEmailDirectory, type EmailDirectory } from '@/db/email-directory';
import { yieldToMain } from '@/lib/yield-to-main';
import { byUid, merged, positionOf, snapshotOf, type CandidateListSnapshot, type Entry, type Snapshot } from './candidate-snapshot';
import { candidatesRepo, type LoadedCandidates } from './repo';

export const PUBLISH_INTERVAL_MS = 250;
/** Bulk changes spend at most 1/(1+25) of the main thread on publishing (an import's own work is the rest). */
const PUBLISH_COST_FACTOR = 25;
const MAX_PUBLISH_INTERVAL_MS = 6000;
const SMALL_CHANGE_ROWS = 50;
const INDEX_SLICE_ROWS = 10_000;
/** Rows of one committed change applied before the page gets a turn: 1,000 take about 15 ms here. */
const CHANGE_SLICE_ROWS = 1000;

/** Where the store reads from (the repo and the change feed in the app; fakes in tests). */
export interface CandidateSource {
  load(): Promise<LoadedCandidates>;
  /** These candidates as stored now; undefined when missing or deleted. */
  read(uids: readonly string[]): Promise<Array<Candidate | undefined>>;
  /** Committed changes, in commit order; returns the unsubscribe function. */
  watch(listener: (change: CandidateChange) => void): () => void;
}

type Job = CandidateChange | { type: 'load' };

export class CandidateStore implements EmailDirectory {
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
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private lastPublish = Number.NEGATIVE_INFINITY;
  private lastPublishCost = 0;
  /** Live rows' uids by email key, the key the directory is asked in (the email directory). */
  private readonly byEmail = new Map<string, Set<string>>();
  /** The write version every change up to which is applied; null when unsure (see the module comment). */
  private version: WriteVersion = null;
  /** Versions applied beyond `version`, waiting for the ones before them. */
  private readonly ahead = new Set<number>();
  private readonly drainWaiters: Array<() => void> = [];

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

  /**
   * Resolves once every change received so far is applied to the rows (publishing may wait); at once
   * while the list is not loaded.
   */
  applied(): Promise<void> {
    if (this.state !== 'ready' || (!this.draining && !this.queue.length)) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  liveCandidatesByEmail(keys: readonly string[], version: number): Candidate[] | null {
    if (this.state !== 'ready' || this.version !== version) return null;
    const found: Candidate[] = [];
    for (const key of new Set(keys)) for (const uid of this.byEmail.get(key) ?? []) found.push(this.rows.get(uid)!.candidate);
    return found;
  }

  /**
   * How many of these (distinct, normalised) email keys a live candidate has; null while the list is
   * not loaded. Answers from the rows applied so far: wait for `applied()` first to include every change.
   */
  countKnownEmails(keys: readonly string[]): number | null {
    if (this.state !== 'ready') return null;
    let known = 0;
    for (const key of keys) if (this.byEmail.get(key)?.size) known += 1;
    return known;
  }

  private checkIdle() {
    if (this.draining || this.queue.length) return;
    for (const resolve of this.drainWaiters.splice(0)) resolve();
    if (this.publishTimer || this.notifyTimer) return;
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
      let done = 0;
      for (const [uid, row] of job.rows) {
        this.set(uid, row && !row.deletedAt ? fromLocalCandidate(row) : undefined);
        // An import's transaction brings thousands of rows: indexed a slice per task.
        if (++done % CHANGE_SLICE_ROWS === 0 && done < job.rows.size) await yieldToMain();
      }
    } else {
      const read = await this.source.read(job.uids);
      job.uids.forEach((uid, i) => this.set(uid, read[i]));
    }
    this.appliedVersion(job.version);
    this.schedulePublish();
  }

  private appliedVersion(version: WriteVersion) {
    if (version === null) {
      this.version = null;
      this.ahead.clear();
      return;
    }
    if (this.version === null || version <= this.version) return;
    this.ahead.add(version);
    while (this.ahead.delete(this.version + 1)) this.version += 1;
  }

  private async load() {
    this.version = null;
    this.ahead.clear();
    try {
      const started = performance.now();
      const { candidates: list, version } = await this.source.load();
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
      this.byEmail.clear();
      for (const entry of entries) this.addEmail(entry.candidate);
      this.version = version;
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
    this.byEmail.clear();
    this.version = null;
    this.ahead.clear();
    this.dirty.clear();
    this.published = snapshotOf('loading', []);
  }

  private set(uid: string, candidate: Candidate | undefined) {
    const before = this.rows.get(uid);
    if (!before && !candidate) return;
    if (!this.dirty.has(uid)) this.dirty.set(uid, before !== undefined);
    if (before) this.byEmail.get(emailKey(before.candidate.email))?.delete(uid);
    if (candidate) {
      this.rows.set(uid, indexCandidate(candidate));
      this.addEmail(candidate);
    } else this.rows.delete(uid);
  }

  private addEmail(candidate: Candidate) {
    const key = emailKey(candidate.email);
    let uids = this.byEmail.get(key);
    if (!uids) this.byEmail.set(key, (uids = new Set()));
    uids.add(candidate.uid);
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
    const inPlace = !added.length && replaced.every(([, now]) => now);
    if (inPlace) {
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
    if (inPlace) this.notify();
    else {
      // Rows came or went: the screens re-sort and re-count 100,000 rows in their render — a task of its
      // own, after this one's merge, so neither holds the main thread long.
      this.notifyTimer = setTimeout(() => {
        this.notifyTimer = null;
        this.notify();
        this.checkIdle();
      }, 0);
    }
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

/** The app's store: the app database's candidates through its repo; also that database's email directory. */
export const candidateStore = createCandidateStore({
  load: () => candidatesRepo.loadCandidates(),
  read: (uids) => candidatesRepo.getCandidates(uids),
  watch: (listener) => watchCandidateChanges(appDb.name, listener),
});
provideEmailDirectory(appDb.name, candidateStore);
