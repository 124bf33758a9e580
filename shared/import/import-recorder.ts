/**
 * What an import did, for its Undo (shared/mutations/candidates-undo-import.ts): the device writes the
 * import's `candidates.import` mutations through `recorder.wrap(store)`, which watches the rows the
 * mutations read and write. A candidate the import made is noted as created; for one it changed, each
 * field keeps the value it had before the import (the first time the import changes that field) and
 * the note lines the import appended. `take()` hands over what was recorded since the last call, so a
 * 100,000-row import is kept batch by batch, never as one big list in memory.
 */
import { StringMap, StringSet } from '../candidates/string-map';
import type { Candidate } from '../schemas/candidate.schema';
import type { MutationStore } from '../mutations/store';
import { UNDOABLE_FIELDS, type UndoImportItem } from '../mutations/candidates-undo-import';

/** The lines of `after` that `before` does not have: an import only appends whole lines at the end. */
export function appendedLines(before: string, after: string): string[] {
  if (after === before) return [];
  const had = new Set(before.split(/\r?\n/));
  const tail = after.startsWith(before) ? after.slice(before.length) : after;
  return tail.split(/\r?\n/).filter((line) => line.trim() && !had.has(line));
}

export class ImportRecorder {
  /** The stamps of the import's mutations, in order. */
  readonly stamps: string[] = [];
  /** Keyed without V8's hash tables: the device keeps these uids (string-map.ts). */
  private readonly made = new StringSet();
  /** Per changed candidate, the fields whose earlier value is already kept. */
  private readonly kept = new StringMap<Set<string>>();
  /** Rows as the import's mutations read them, until they write them back. */
  private readonly seen = new StringMap<Candidate>();
  private items: UndoImportItem[] = [];

  /** Records a mutation's stamp; call it for every mutation written through `wrap`. */
  stamped(hlc: string): void {
    this.stamps.push(hlc);
  }

  wrap(store: MutationStore): MutationStore {
    const see = (row: Candidate | undefined) => {
      if (row && !this.made.has(row.uid) && !this.seen.has(row.uid)) this.seen.set(row.uid, row);
    };
    return {
      ...store,
      getCandidates: async (uids) => {
        const rows = await store.getCandidates(uids);
        rows.forEach(see);
        return rows;
      },
      liveCandidatesByEmail: async (keys) => {
        const rows = await store.liveCandidatesByEmail(keys);
        rows.forEach(see);
        return rows;
      },
      putCandidates: async (rows, created) => {
        for (const row of rows) this.written(row, created.has(row.uid));
        await store.putCandidates(rows, created);
      },
      recordEvents: (events) => store.recordEvents(events),
    };
  }

  private written(row: Candidate, created: boolean): void {
    if (created) {
      this.made.add(row.uid);
      this.items.push({ uid: row.uid, created: true });
      return;
    }
    if (this.made.has(row.uid)) return;
    const before = this.seen.get(row.uid);
    if (!before) return;
    this.seen.delete(row.uid);
    const done = this.kept.get(row.uid) ?? new Set<string>();
    const previous: Record<string, unknown> = {};
    for (const field of UNDOABLE_FIELDS) {
      if (done.has(field) || before[field] === row[field]) continue;
      previous[field] = before[field];
      if (field === 'status') previous.statusChangedAt = before.statusChangedAt;
      done.add(field);
    }
    const added = appendedLines(before.notes, row.notes);
    if (!Object.keys(previous).length && !added.length) return;
    this.kept.set(row.uid, done);
    this.items.push({
      uid: row.uid,
      ...(Object.keys(previous).length ? { previous } : {}),
      ...(added.length ? { addedLines: added } : {}),
    });
  }

  /** What was recorded since the last call; rows read but not written are forgotten. */
  take(): UndoImportItem[] {
    const items = this.items;
    this.items = [];
    this.seen.clear();
    return items;
  }
}
