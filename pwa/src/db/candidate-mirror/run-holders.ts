/**
 * Which rows hold each run of own writes (database.ts: OwnWrites), deleted rows too: what the run index
 * answers (own-writes-index.ts: holdersOfRun), kept by the candidate mirror (candidate-mirror.ts says
 * when it may answer). Rows of one run share one entry, and its uids are a StringSet, so the 100,000
 * rows an import's runs hold until their ids are given cost no object each.
 */
import { StringMap, StringSet } from '@shared/candidates/string-map';
import type { OwnWrites } from '../database';
import { ownRunKey } from '../own-writes-index';

/** The rows (their uids) holding one run of own writes. */
interface Holders {
  readonly run: OwnWrites;
  readonly uids: StringSet;
}

const sameRun = (a: OwnWrites, b: OwnWrites) => a.from === b.from && a.through === b.through && a.count === b.count;

export class RunHolders {
  /** Each row holding a run, by uid: its run's holders. */
  private byUid = new StringMap<Holders>();
  /** The same runs by their key (ownRunKey joined). */
  private readonly byRun = new Map<string, Holders>();
  /** The run a row was last set to hold (set). */
  private last: Holders | null = null;

  /** The uids of the rows holding exactly `run` (none: empty). */
  of(run: OwnWrites): string[] {
    const held = this.byRun.get(ownRunKey(run).join());
    return held ? [...held.uids] : [];
  }

  /** Row `uid` holds `run` now (undefined: none). */
  set(uid: string, run: OwnWrites | undefined) {
    const before = this.byUid.get(uid);
    if (before && run && sameRun(before.run, run)) return;
    if (before) {
      before.uids.delete(uid);
      if (!before.uids.size) {
        this.byRun.delete(ownRunKey(before.run).join());
        if (this.last === before) this.last = null;
      }
      this.byUid.delete(uid);
    }
    if (!run) return;
    // An import's rows come a run at a time: the last one's holders, without making its key again.
    let holders = this.last && sameRun(this.last.run, run) ? this.last : this.byRun.get(ownRunKey(run).join());
    if (!holders) this.byRun.set(ownRunKey(run).join(), (holders = { run: { from: run.from, through: run.through, count: run.count }, uids: new StringSet() }));
    holders.uids.add(uid);
    this.byUid.set(uid, holders);
    this.last = holders;
  }

  clear() {
    this.byUid = new StringMap();
    this.byRun.clear();
    this.last = null;
  }
}
