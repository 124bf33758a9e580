/**
 * The device's candidates as the list screens see them (Candidates, Dashboard, Search, Settings): a
 * published snapshot (candidate-snapshot.ts) of the database's candidate mirror
 * (db/candidate-mirror/), shared by every screen instead of each reading its own.
 *
 * Invariants:
 * - After the first load, the published list equals a fresh read (`repo.listCandidates()`): the live
 *   candidates in uid order (the table's key order), each with its index entry (candidate-index.ts).
 * - When rows change in place (no row added or removed) the next snapshot carries the sort orders and
 *   filter masks over (table-query.ts), so a status change does not re-sort 100,000 rows.
 * - Subscribers hear of changes at once after a quiet spell, and while changes keep coming at most
 *   every PUBLISH_INTERVAL_MS; bulk changes (an import's chunks) wait PUBLISH_COST_FACTOR times what
 *   the last publish cost (the screens' re-render included): 100,000 rows re-summarised after each
 *   chunk would otherwise take the main thread from the import itself.
 * - The first subscription opens the mirror (loads it); with nobody subscribed, the mirror still
 *   applies changes, which are published on the next subscription.
 * - While a hold is on (`holdWhile`: an import's file), nothing is published; its changes go out
 *   together once the last hold ends. The screens behind the import dialog would otherwise re-sort and
 *   re-count the growing list every few seconds: measured in a 100,000-row import, about 0.55 s of the
 *   main thread and every one of its 4–7 tasks over 50 ms (none with the hold; the import's time did
 *   not move beyond the runs' noise).
 * - A publish that adds many rows (that one, at an import's end) sorts them a slice per task
 *   (publishSorted) and shows the rows as they were when it began; changes meanwhile go out in the
 *   publish after it. Sorted at once, 100,000 new rows made it one task of 180–210 ms.
 */
import { StringMap } from '@shared/candidates/string-map';
import { appDb } from '@/db/app-db';
import type { CandidateMirror, Entry, MirrorReader } from '@/db/candidate-mirror/candidate-mirror';
import { yieldInTurn } from '@/lib/yield-to-main';
import { merged, placed, placedInSlices, snapshotOf, sortedByUid, sortedByUidInSlices, type CandidateListSnapshot, type Change, type Snapshot } from './candidate-snapshot';

export const PUBLISH_INTERVAL_MS = 250;
/** Bulk changes spend at most 1/(1+25) of the main thread on publishing (an import's own work is the rest). */
const PUBLISH_COST_FACTOR = 25;
const MAX_PUBLISH_INTERVAL_MS = 6000;
const SMALL_CHANGE_ROWS = 50;
/** New rows a publish sorts per task (publishSorted): 5,000 take about 10 ms here. */
const SORT_SLICE_ROWS = 5000;
/**
 * Entries whose dates the default order reads per task (orderThenNotify): 200,000 took 35–50 ms in one
 * task on a 2-core machine, so 25,000 take about 5 ms.
 */
const ORDER_SLICE_ROWS = 25_000;

/** A row changed since the last publish: whether the published snapshot has it, and its entry now. */
interface DirtyRow extends Change {
  readonly had: boolean;
  now: Entry | undefined;
}

export interface ListOptions {
  /** The shortest time between two publishes (tests use 0). */
  publishIntervalMs?: number;
  /** New rows sorted per task when a publish adds more (tests use a few). */
  sortSliceRows?: number;
  /** Entries whose dates the default order reads per task (tests use a few). */
  orderSliceRows?: number;
  /** Between those tasks: the page's turn (yieldInTurn; tests use a timer, to make changes meanwhile). */
  pause?: () => Promise<void>;
}

export class CandidateList implements MirrorReader {
  private readonly listeners = new Set<() => void>();
  private published: Snapshot = snapshotOf('loading', []);
  /**
   * Rows changed since the last publish, each with whether the published snapshot has it and its entry
   * now (keyed without V8's hash tables, as the mirror keeps these uids: string-map.ts).
   */
  private dirty = new StringMap<DirtyRow>();
  private readonly idleWaiters: Array<() => void> = [];
  private publishTimer: ReturnType<typeof setTimeout> | null = null;
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private lastPublish = Number.NEGATIVE_INFINITY;
  private lastPublishCost = 0;
  private holds = 0;
  /** A publish sorting many new rows over several tasks (publishSorted). */
  private sorting = false;
  /** A publish building its default order over several tasks before it notifies (orderThenNotify). */
  private ordering = false;
  /** Counts loads and drops: a publish begun before one of them is dropped. */
  private generation = 0;
  private readonly minInterval: number;
  private readonly sortSliceRows: number;
  private readonly orderSliceRows: number;
  private readonly pause: () => Promise<void>;

  constructor(
    readonly mirror: CandidateMirror,
    options: ListOptions = {},
  ) {
    this.minInterval = options.publishIntervalMs ?? PUBLISH_INTERVAL_MS;
    this.sortSliceRows = options.sortSliceRows ?? SORT_SLICE_ROWS;
    this.orderSliceRows = options.orderSliceRows ?? ORDER_SLICE_ROWS;
    this.pause = options.pause ?? yieldInTurn;
    mirror.attach(this);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    // Changes that came while nobody was looking are published now, not on a timer.
    if (!this.mirror.open() && !this.publishTimer) this.publish();
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): CandidateListSnapshot => this.published;

  /** Resolves once every change received so far is applied and published (when a screen subscribes). */
  settled(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.checkIdle();
    });
  }

  /** Runs `work` with publishing held (see the module comment); what changed meanwhile goes out after it. */
  async holdWhile<T>(work: () => Promise<T>): Promise<T> {
    this.holds += 1;
    try {
      return await work();
    } finally {
      this.holds -= 1;
      if (this.holds === 0) {
        this.schedulePublish();
        this.checkIdle();
      }
    }
  }

  watched(): boolean {
    return this.listeners.size > 0;
  }

  loaded(entries: readonly Entry[]): void {
    this.generation += 1;
    this.dirty.clear();
    this.published = snapshotOf('ready', entries);
    this.notify();
  }

  failed(error: Error): void {
    this.generation += 1;
    this.published = snapshotOf('error', this.published.entries, error);
    this.notify();
  }

  changed(uid: string, had: boolean, now: Entry | undefined): void {
    const known = this.dirty.get(uid);
    if (known) known.now = now;
    else this.dirty.set(uid, { uid, had, now });
  }

  changeApplied(): void {
    this.schedulePublish();
  }

  dropped(): void {
    this.generation += 1;
    this.dirty.clear();
    this.published = snapshotOf('loading', []);
  }

  drained(): void {
    this.checkIdle();
  }

  private checkIdle() {
    if (this.mirror.busy || this.sorting || this.ordering || this.publishTimer || this.notifyTimer || (this.holds > 0 && this.dirty.size > 0 && this.listeners.size > 0)) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private schedulePublish() {
    // One publish at a time: the next waits until the screens heard of the last (notifyTimer).
    if (this.holds > 0 || this.sorting || this.ordering || this.notifyTimer || this.publishTimer || !this.dirty.size || !this.listeners.size) return;
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
    if (this.sorting || this.ordering || !this.dirty.size || !this.mirror.ready) return;
    const started = performance.now();
    const previous = this.published;
    const dirty = this.dirty;
    this.dirty = new StringMap();
    if (dirty.size > this.sortSliceRows) {
      void this.publishSorted(previous, dirty, started);
      return;
    }
    const { changed, added } = takeChanges(dirty);
    this.publishMerged(previous, placed(previous.entries, changed), sortedByUid(added), started, 0);
  }

  /**
   * Many changed or new rows (an import's, published when its hold ends; the ids its sync gives):
   * sorted a slice per task, then published as they were when taken. Changes meanwhile wait for the next
   * publish: they are recorded against the mirror as taken, which is what this publish shows. A load
   * or a drop meanwhile makes it moot.
   */
  private async publishSorted(previous: Snapshot, dirty: StringMap<DirtyRow>, started: number) {
    this.sorting = true;
    const generation = this.generation;
    let busyMs = 0;
    let sliceStart = started;
    const pause = async () => {
      busyMs += performance.now() - sliceStart;
      await this.pause();
      sliceStart = performance.now();
    };
    try {
      const { changed, added } = await takeChangesInSlices(dirty, this.sortSliceRows, pause);
      const replaced = await placedInSlices(previous.entries, changed, this.sortSliceRows, pause);
      const sorted = await sortedByUidInSlices(added, this.sortSliceRows, pause);
      if (generation === this.generation) this.publishMerged(previous, replaced, sorted, sliceStart, busyMs);
    } finally {
      this.sorting = false;
      this.schedulePublish();
      this.checkIdle();
    }
  }

  /** Publishes `previous` with the changes; `earlierMs`: time this publish spent in earlier tasks. */
  private publishMerged(previous: Snapshot, replaced: Array<[number, Entry | undefined]>, added: readonly Entry[], started: number, earlierMs: number) {
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
    performance.measure('candidates:publish', { start: started, end: performance.now() });
    const cost = earlierMs + performance.now() - started;
    if (inPlace && replaced.length <= SMALL_CHANGE_ROWS) {
      this.notifyAndMeasure(cost);
      return;
    }
    // Rows came or went, or many changed: the default order (newest first, which every screen reads)
    // is built in tasks of its own, then the screens re-count 100,000 rows in theirs — so none holds
    // the main thread long.
    void this.orderThenNotify(cost);
  }

  /**
   * Builds the published snapshot's default order, reading `orderSliceRows` entries per task (a
   * publish in progress meanwhile: the next waits), then notifies in a task of its own. Built in one
   * task, it was 60–80 ms of the main thread for 200,000 candidates in bench:import's XLSX sync, most
   * of it reading each entry's date (29 November 2026).
   */
  private async orderThenNotify(cost: number) {
    this.ordering = true;
    const { orders } = this.published;
    let orderedMs = 0;
    try {
      await this.pause();
      let sliceStart = performance.now();
      await orders.warmInSlices('appliedDate', this.orderSliceRows, async () => {
        orderedMs += performance.now() - sliceStart;
        await this.pause();
        sliceStart = performance.now();
      });
      orders.order('appliedDate', 'desc');
      orderedMs += performance.now() - sliceStart;
    } finally {
      this.ordering = false;
    }
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      this.notifyAndMeasure(cost + orderedMs);
      this.schedulePublish();
      this.checkIdle();
    }, 0);
  }

  /** Notifies, and records what the publish cost: `before`, and the screens' renders (React runs them before the next task). */
  private notifyAndMeasure(before: number) {
    const started = performance.now();
    this.notify();
    setTimeout(() => (this.lastPublishCost = before + performance.now() - started), 0);
  }

  private notify() {
    this.lastPublish = performance.now();
    for (const listener of [...this.listeners]) listener();
  }
}

export function createCandidateList(mirror: CandidateMirror, options: ListOptions = {}): CandidateList {
  return new CandidateList(mirror, options);
}

/** The app's list: the app database's mirror. */
export const candidateList = createCandidateList(appDb.candidateMirror);

/**
 * The rows changed since the last publish, as the mirror held them when told: published rows that
 * changed (with their entries now; undefined when gone) and new rows. Their places in the published
 * list are found after (placed). Each row's entry came with its change, so nothing is looked
 * up here: looking up the 100,000 rows an import's sync gives their ids, in the mirror's table of
 * 300,000, was one task of 115–150 ms (bench:import, 28 November 2026).
 */
function takeChanges(dirty: StringMap<DirtyRow>): { changed: Change[]; added: Entry[] } {
  const changes = { changed: [] as Change[], added: [] as Entry[] };
  for (const row of dirty.values()) take(row, changes);
  return changes;
}

/** The same, `sliceRows` rows a task (the map is the publish's own: nothing writes to it meanwhile). */
async function takeChangesInSlices(dirty: StringMap<DirtyRow>, sliceRows: number, pause: () => Promise<void>): Promise<{ changed: Change[]; added: Entry[] }> {
  const changes = { changed: [] as Change[], added: [] as Entry[] };
  let taken = 0;
  for (const row of dirty.values()) {
    if (taken > 0 && taken % sliceRows === 0) await pause();
    taken += 1;
    take(row, changes);
  }
  return changes;
}

function take(row: DirtyRow, into: { changed: Change[]; added: Entry[] }) {
  if (row.had) into.changed.push(row);
  else if (row.now) into.added.push(row.now); // (a row may have come and gone since the last publish)
}
