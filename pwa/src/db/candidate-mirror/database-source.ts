/**
 * The candidate mirror's source over the device's database (candidate-mirror.ts: MirrorSource): its
 * candidates table read in pages, rows read again by uid, and the table's change feed.
 */
import type { Candidate } from '@shared/schemas/candidate.schema';
import { fromLocalCandidate, type OwnWrites, type RepHireDb } from '../database';
import { getMeta } from '../meta';
import { createCandidateMirror, type CandidateMirror, type LoadedCandidates } from './candidate-mirror';
import { watchCandidateChanges } from './change-feed';

/** Rows per read when listing every candidate. */
const LIST_PAGE_ROWS = 5000;

/**
 * Every live candidate in uid order, with the write version they are at and the rows' runs of own
 * writes (deleted rows' too). Pages of primary keys in one read transaction: a single getAll of 100,000
 * rows would be one long main-thread task (reading them all back); pages leave the page responsive
 * meanwhile. (filter() would walk a cursor row by row: many times slower.)
 */
export function readLiveCandidates(db: RepHireDb): Promise<LoadedCandidates> {
  return db.transaction('r', db.candidates, db.meta, async () => {
    const version = getMeta(db, 'candidatesVersion');
    const live: Candidate[] = [];
    const runs: Array<[string, OwnWrites]> = [];
    let last: string | undefined;
    for (;;) {
      const from = last === undefined ? db.candidates.toCollection() : db.candidates.where(':id').above(last);
      const page = await from.limit(LIST_PAGE_ROWS).toArray();
      for (const row of page) {
        if (!row.deletedAt) live.push(fromLocalCandidate(row));
        if (row.ownWrites) runs.push([row.uid, row.ownWrites]);
      }
      if (page.length < LIST_PAGE_ROWS) return { candidates: live, version: await version, runs };
      last = page[page.length - 1]!.uid;
    }
  });
}

/** These candidates as stored now; undefined when missing or deleted. */
export async function readCandidates(db: RepHireDb, uids: readonly string[]): Promise<Array<Candidate | undefined>> {
  const rows = await db.candidates.bulkGet([...uids]);
  return rows.map((row) => (row && !row.deletedAt ? fromLocalCandidate(row) : undefined));
}

/** The mirror of `db`'s candidates table (RepHireDb makes it once, as `db.candidateMirror`). */
export function mirrorOf(db: RepHireDb): CandidateMirror {
  return createCandidateMirror({
    load: () => readLiveCandidates(db),
    read: (uids) => readCandidates(db, uids),
    watch: (listener) => watchCandidateChanges(db.name, listener),
  });
}
