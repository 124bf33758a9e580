/**
 * The Dexie side of RowAccess. Every write first keeps the server's version of a row the first time a
 * pending change touches it (a `serverRows` entry; `row: null` when the row is new here), so a rebase
 * can put server truth back and replay the outbox on top. Must run inside a rw transaction over
 * candidates, interviewNotes and serverRows.
 */
import type { Candidate, InterviewNote } from '@shared/schemas/candidate.schema';
import type { Table } from 'dexie';
import { fromLocalCandidate, toLocalCandidate, type RepHireDb, type RowKind } from '@/db/database';
import type { RowAccess } from './apply-mutation';

async function keepServerCopies<T>(
  db: RepHireDb,
  kind: RowKind,
  uids: string[],
  table: Table<T, string>,
  toShared: (row: T) => Candidate | InterviewNote,
): Promise<void> {
  const markers = await db.serverRows.bulkGet(uids.map((uid) => [kind, uid] as [RowKind, string]));
  const untouched = uids.filter((_, i) => !markers[i]);
  if (!untouched.length) return;
  const current = await table.bulkGet(untouched);
  await db.serverRows.bulkAdd(
    untouched.map((uid, i) => {
      const row = current[i];
      return { kind, uid, row: row === undefined ? null : toShared(row) };
    }),
  );
}

export function dexieRows(db: RepHireDb): RowAccess {
  return {
    async getCandidates(uids) {
      return (await db.candidates.bulkGet(uids)).map((row) => row && fromLocalCandidate(row));
    },
    async liveCandidatesByEmail(keys) {
      if (!keys.length) return [];
      const rows = await db.candidates.where('emailKey').anyOf(keys).toArray();
      return rows.filter((row) => !row.deletedAt).map(fromLocalCandidate);
    },
    async putCandidates(rows, createdFresh) {
      const fresh = createdFresh?.size ? rows.filter((row) => createdFresh.has(row.uid)) : [];
      const others = fresh.length ? rows.filter((row) => !createdFresh!.has(row.uid)) : rows;
      // Server copies are read before the rows change; after that the writes go out together (one
      // round trip, not three: an import writes 500 rows per transaction).
      if (others.length) await keepServerCopies(db, 'candidate', others.map((row) => row.uid), db.candidates, fromLocalCandidate);
      await Promise.all([
        // A brand-new uid has neither a stored row nor a server copy: its server copy is "none".
        fresh.length ? db.serverRows.bulkAdd(fresh.map((row) => ({ kind: 'candidate' as const, uid: row.uid, row: null }))) : null,
        db.candidates.bulkPut(rows.map(toLocalCandidate)),
      ]);
    },
    getInterviewNote(uid) {
      return db.interviewNotes.get(uid);
    },
    async liveInterviewNoteFor(candidateUid, day) {
      const notes = await db.interviewNotes.where('[candidateUid+day]').equals([candidateUid, day]).toArray();
      return notes.find((note) => !note.deletedAt);
    },
    async putInterviewNote(row) {
      await keepServerCopies(db, 'interviewNote', [row.uid], db.interviewNotes, (note) => note);
      await db.interviewNotes.put(row);
    },
  };
}
