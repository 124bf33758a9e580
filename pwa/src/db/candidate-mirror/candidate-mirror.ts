/**
 * The device's candidates in memory: every live row with its index entry, and the same rows by email.
 * Each RepHireDb makes one over its own table (`db.candidateMirror`); the candidate list screens read
 * it through their store (features/candidates/candidate-list.ts), writes ask it for candidates by email
 * (sync/dexie-rows.ts), and the import asks it which emails are known. IndexedDB stays the only source
 * of truth and repos the only writers: this follows every committed write (change-feed.ts), so nothing
 * re-reads 100,000 rows after a change.
 *
 * Invariants:
 * - Loaded when a screen first shows the list (`open()`), then kept while the app runs. After the load
 *   the rows equal a fresh read: the live candidates, each with its index entry (candidate-index.ts).
 * - Changes are applied one after another in the order they were committed. This tab's changes carry
 *   their rows; another tab's changes are read again, and "everything changed" (a wipe) reloads, or,
 *   with no screen showing the list, drops the rows until the next `open()`.
 * - An index entry is built once per row version: a change re-indexes only the rows it touched.
 * - The write version: it knows the one it is at — the load's, then each change's in turn (changes
 *   from other tabs may arrive out of order: a later one waits for the earlier) — and answers email
 *   lookups only at exactly that version, so a writer that read that version inside its own transaction
 *   gets the answer IndexedDB would give. A change that could not count itself (version null) leaves it
 *   unsure until the next load.
 * - The runs of own writes (database.ts: OwnWrites): which rows, deleted ones too, hold each run, as the
 *   run index would answer (own-writes-index.ts: holdersOfRun), at exactly that version too. Known from
 *   a load whose source tells them and from this tab's changes (their rows carry them); another tab's
 *   change leaves them unknown until the next load (its rows are read again as candidates only).
 */
import { indexCandidate, reindexCandidate, type IndexedCandidate } from '@shared/candidates/candidate-index';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { StringMap, StringSet } from '@shared/candidates/string-map';
import { yieldToMain } from '@/lib/yield-to-main';
import { emailKey, fromLocalCandidate, fromLocalCandidateAfter, type LocalCandidate, type OwnWrites } from '../database';
import type { CandidateChange, WriteVersion } from './change-feed';
import { EmailIndex } from './email-index';
import { RunHolders } from './run-holders';

export type Entry = IndexedCandidate<Candidate>;

export interface LoadedCandidates {
  candidates: Candidate[];
  version: WriteVersion;
  /**
   * Each row holding a run of own writes (deleted ones too) with its run, when the source tells them;
   * without, the mirror does not answer for runs.
   */
  runs?: ReadonlyArray<readonly [uid: string, run: OwnWrites]>;
}

/** Where the mirror reads from (the database's table and change feed; fakes in tests). */
export interface MirrorSource {
  load(): Promise<LoadedCandidates>;
  /** These candidates as stored now; undefined when missing or deleted. */
  read(uids: readonly string[]): Promise<Array<Candidate | undefined>>;
  /** Committed changes, in commit order; returns the unsubscribe function. */
  watch(listener: (change: CandidateChange) => void): () => void;
}

/** The one reader that shows the rows (the candidate list's store), told of each step as it happens. */
export interface MirrorReader {
  /** Whether a screen shows the rows now: a wipe while none does drops them instead of reloading. */
  watched(): boolean;
  loaded(entries: readonly Entry[]): void;
  failed(error: Error): void;
  /**
   * Row `uid` changed: `had`, whether the mirror held it before; `now`, its entry after (undefined:
   * gone). Told after the rows hold the change.
   */
  changed(uid: string, had: boolean, now: Entry | undefined): void;
  /** A committed change is applied to the rows. */
  changeApplied(): void;
  /** The rows were dropped (a wipe while no screen showed them). */
  dropped(): void;
  /** Every change received so far is applied. */
  drained(): void;
}

const NO_READER: MirrorReader = {
  watched: () => false,
  loaded() {},
  failed() {},
  changed() {},
  changeApplied() {},
  dropped() {},
  drained() {},
};

const INDEX_SLICE_ROWS = 10_000;
/**
 * Rows applied before the page gets a turn, within one committed change or across the changes that
 * queued up meanwhile: 1,000 take about 15 ms here.
 */
const CHANGE_SLICE_ROWS = 1000;
/** Rows from which rebuilding the mirror's tables gets a turn of its own (20,000: a few ms). */
const BIG_TABLE_ROWS = 20_000;
/** Email keys looked up per task by countKnownEmailsInSlices. */
const COUNT_SLICE_KEYS = 20_000;

type Job = CandidateChange | { type: 'load' };

export const byUid = (a: Entry, b: Entry) => (a.candidate.uid < b.candidate.uid ? -1 : a.candidate.uid > b.candidate.uid ? 1 : 0);

export class CandidateMirror {
  private state: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  private stopWatching: (() => void) | null = null;
  private reader: MirrorReader = NO_READER;
  /** Keyed without V8's hash tables (string-map.ts): each uid and email would join the string table. */
  private rows = new StringMap<Entry>();
  /** Live rows' uids by email key (email-index.ts). */
  private byEmail = new EmailIndex();
  /** Which rows hold each run of own writes (run-holders.ts). */
  private readonly runs = new RunHolders();
  /** Whether `runs` is what the table holds (see the module comment). */
  private runsKnown = false;
  /** The write version every change up to which is applied; null when unsure (see the module comment). */
  private version: WriteVersion = null;
  /** Versions applied beyond `version`, waiting for the ones before them. */
  private readonly ahead = new Set<number>();
  private readonly queue: Job[] = [];
  private draining = false;
  /** Rows applied since the page last had a turn (see CHANGE_SLICE_ROWS). */
  private rowsThisTurn = 0;
  private readonly drainWaiters: Array<() => void> = [];

  constructor(private readonly source: MirrorSource) {}

  /** Sets the reader that shows the rows; returns the function that detaches it. */
  attach(reader: MirrorReader): () => void {
    this.reader = reader;
    return () => {
      if (this.reader === reader) this.reader = NO_READER;
    };
  }

  /** Loads the rows and follows changes, unless loaded or loading; true when this starts a load. */
  open(): boolean {
    if (this.state !== 'idle' && this.state !== 'error') return false;
    this.stopWatching ??= this.source.watch((change) => this.enqueue(change));
    this.state = 'loading';
    this.enqueue({ type: 'load' });
    return true;
  }

  get ready(): boolean {
    return this.state === 'ready';
  }

  /** Whether changes received are still being applied. */
  get busy(): boolean {
    return this.draining || this.queue.length > 0;
  }

  /**
   * Resolves once every change received so far is applied to the rows; at once while they are not
   * loaded.
   */
  applied(): Promise<void> {
    if (this.state !== 'ready' || !this.busy) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  /** The live candidates with these email keys at write version `version`; null unless exactly there. */
  liveCandidatesByEmail(keys: readonly string[], version: number): Candidate[] | null {
    if (this.state !== 'ready' || this.version !== version) return null;
    const found: Candidate[] = [];
    for (const key of new StringSet(keys)) for (const uid of this.byEmail.uids(key)) found.push(this.rows.get(uid)!.candidate);
    return found;
  }

  /**
   * The live candidates with these uids at write version `version`, each or undefined (not held: no
   * such row, or deleted); null unless exactly there (as liveCandidatesByEmail).
   */
  liveCandidatesByUid(uids: readonly string[], version: number): Array<Candidate | undefined> | null {
    if (this.state !== 'ready' || this.version !== version) return null;
    return uids.map((uid) => this.rows.get(uid)?.candidate);
  }

  /**
   * The uids of the rows holding exactly this run of own writes, deleted ones too, at write version
   * `version` (what holdersOfRun reads from the run index); null unless exactly there with the runs
   * known.
   */
  holdersOfRun(run: OwnWrites, version: number): string[] | null {
    if (this.state !== 'ready' || !this.runsKnown || this.version !== version) return null;
    return this.runs.of(run);
  }

  /**
   * How many of these (distinct, normalised) email keys a live candidate has; null while not loaded.
   * Answers from the rows applied so far: wait for `applied()` first to include every change.
   */
  countKnownEmails(keys: readonly string[], from = 0, to = keys.length): number | null {
    if (this.state !== 'ready') return null;
    let known = 0;
    for (let i = from; i < to; i += 1) if (this.byEmail.has(keys[i]!)) known += 1;
    return known;
  }

  /**
   * The same, `sliceKeys` keys per task (a file's 100,000 in one were a task of 60–80 ms); null when
   * not loaded at any turn. Rows applied between turns count for the keys after them.
   */
  async countKnownEmailsInSlices(keys: readonly string[], sliceKeys = COUNT_SLICE_KEYS): Promise<number | null> {
    let known = 0;
    for (let from = 0; from < keys.length || from === 0; from += sliceKeys) {
      if (from > 0) await yieldToMain();
      const some = this.countKnownEmails(keys, from, Math.min(keys.length, from + sliceKeys));
      if (some === null) return null;
      known += some;
    }
    return known;
  }

  private enqueue(job: Job) {
    this.queue.push(job);
    if (!this.draining) void this.drain();
  }

  private async drain() {
    this.draining = true;
    this.rowsThisTurn = 0;
    try {
      while (this.queue.length) {
        // Changes committed while a long one was being applied queue up and are applied one after
        // another: counted together, they too give the page a turn every CHANGE_SLICE_ROWS rows.
        if (this.rowsThisTurn >= CHANGE_SLICE_ROWS) await this.giveTurn();
        await this.run(this.queue.shift()!);
      }
    } finally {
      this.draining = false;
      if (!this.busy) {
        for (const resolve of this.drainWaiters.splice(0)) resolve();
        this.reader.drained();
      }
    }
  }

  private async run(job: Job) {
    if (job.type === 'load' || job.type === 'all') {
      if (job.type === 'all' && this.state !== 'ready') return; // a load is queued or nobody is looking
      if (job.type === 'all' && !this.reader.watched()) return this.unload();
      return this.load();
    }
    if (this.state !== 'ready') return; // the load that is queued or running reads it anyway
    if (job.type === 'rows') {
      let done = 0;
      for (const [uid, row] of job.rows) {
        // A slice begins (the change's first row, or the first after a turn): its rows could fill the
        // maps' tables, rebuilt first, then the page gets a turn.
        const sliceBegins = done === 0 || this.rowsThisTurn === 0;
        if (sliceBegins) {
          const sliceRows = Math.min(CHANGE_SLICE_ROWS, job.rows.size - done);
          // Each map's rebuild has a turn of its own: the two at once, from 262,144 to 524,288 rows,
          // were a task of 76 ms of CPU (bench:import's online run, CPU profile, 29 November 2026).
          if (this.madeRoom(this.rows, sliceRows)) await this.giveTurn();
          if (this.madeRoom(this.byEmail, sliceRows)) await this.giveTurn();
        }
        this.setStored(uid, row);
        done += 1;
        this.rowsThisTurn += 1;
        // An import's transaction brings thousands of rows: indexed a slice per task.
        if (this.rowsThisTurn >= CHANGE_SLICE_ROWS && done < job.rows.size) await this.giveTurn();
      }
    } else {
      // Read again as candidates: their runs are not known (see the module comment).
      if (this.runsKnown) this.forgetRuns(false);
      const read = await this.source.read(job.uids);
      job.uids.forEach((uid, i) => this.set(uid, read[i]));
      this.rowsThisTurn += job.uids.length;
    }
    this.appliedVersion(job.version);
    this.reader.changeApplied();
  }

  /**
   * Room in one of the maps for `rows` more rows; true when a big table was rebuilt for it (a small
   * one's rebuild is quick: the slice goes on in the same turn). Growing from 200,000 to 300,000 rows, a
   * rebuild inside a slice made it one microtask checkpoint of 61 ms (50 ms of CPU, most of it the
   * rebuild: bench:import's online run, CPU profile, 29 November 2026).
   */
  private madeRoom(map: { size: number; reserve(count: number): boolean }, rows: number): boolean {
    return map.reserve(map.size + rows) && this.rows.size >= BIG_TABLE_ROWS;
  }

  private async giveTurn() {
    await yieldToMain();
    this.rowsThisTurn = 0;
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
      const { candidates: list, version, runs } = await this.source.load();
      const read = performance.now();
      const entries: Entry[] = new Array(list.length);
      const rows = new StringMap<Entry>();
      const byEmail = new EmailIndex();
      for (let i = 0; i < list.length; i += 1) {
        const entry = indexCandidate(list[i]!);
        entries[i] = entry;
        rows.set(entry.candidate.uid, entry);
        byEmail.add(entry.candidate);
        // Indexing 100,000 rows at once would be one long task: the browser gets a turn now and then.
        if (i % INDEX_SLICE_ROWS === INDEX_SLICE_ROWS - 1) await yieldToMain();
      }
      // The source gives uid order already; sorting a sorted list is one cheap pass.
      entries.sort(byUid);
      // For profiling (and the table benchmark): reading and indexing every candidate.
      performance.measure('candidates:read', { start: started, end: read });
      performance.measure('candidates:index', { start: read, end: performance.now() });
      this.rows = rows;
      this.byEmail = byEmail;
      this.forgetRuns(runs !== undefined);
      for (const [uid, run] of runs ?? []) this.runs.set(uid, run);
      this.version = version;
      this.state = 'ready';
      this.reader.loaded(entries);
    } catch (error) {
      this.state = 'error';
      this.reader.failed(error instanceof Error ? error : new Error(String(error ?? '')));
    }
  }

  private unload() {
    this.stopWatching?.();
    this.stopWatching = null;
    this.state = 'idle';
    this.rows = new StringMap();
    this.byEmail.clear();
    this.forgetRuns(false);
    this.version = null;
    this.ahead.clear();
    this.reader.dropped();
  }

  private set(uid: string, candidate: Candidate | undefined) {
    this.apply(uid, this.rows.get(uid), candidate);
  }

  /**
   * The same for a row as stored. A new version of a held row keeps the held row's texts that did not
   * change (fromLocalCandidateAfter): the 100,000 rows an import's sync gives their ids are read back
   * whole, and the copies of their uids, names, emails and phones the reads made would otherwise
   * replace the held ones, 400,000 strings more to move to the old generation and mark.
   */
  private setStored(uid: string, row: LocalCandidate | null) {
    // A deleted row keeps its run (the run index lists it) though it leaves the live rows.
    if (this.runsKnown) this.runs.set(uid, row?.ownWrites);
    if (row?.deletedAt) row = null;
    const before = this.rows.get(uid);
    this.apply(uid, before, row ? (before ? fromLocalCandidateAfter(row, before.candidate) : fromLocalCandidate(row)) : undefined);
  }

  private apply(uid: string, before: Entry | undefined, candidate: Candidate | undefined) {
    if (!before && !candidate) return;
    // A row keeping its email keeps its place by email: taken out and put back, 100,000 rows given
    // their ids grew and rebuilt the map's table again and again (garbage for the collections).
    const sameEmail = before !== undefined && candidate !== undefined && before.candidate.email === candidate.email;
    if (before && !sameEmail) this.byEmail.remove(emailKey(before.candidate.email), uid);
    let now: Entry | undefined;
    if (candidate) {
      now = before ? reindexCandidate(before, candidate) : indexCandidate(candidate);
      this.rows.set(uid, now);
      if (!sameEmail) this.byEmail.add(candidate);
    } else this.rows.delete(uid);
    this.reader.changed(uid, before !== undefined, now);
  }

  /** Drops the runs; `known`: whether the table holds none but those set next. */
  private forgetRuns(known: boolean) {
    this.runs.clear();
    this.runsKnown = known;
  }
}

export function createCandidateMirror(source: MirrorSource): CandidateMirror {
  return new CandidateMirror(source);
}
