/**
 * The Dexie side of RowAccess. Every write first keeps the server's version of a row the first time a
 * pending change touches it (a `serverRows` entry; `row: null` for a row made here), so a rebase can
 * put server truth back and replay the outbox on top. A candidate the write itself creates gets no
 * entry: it is stored `localOnly`, which the rebase removes anyway, and a pulled version of it (the
 * server applied its creation, the only change pending on it) can replace it at once. An interview
 * note made here still gets a "none" entry. Must run inside a rw transaction over candidates,
 * interviewNotes and serverRows.
 *
 * Email lookups cost one index read per email, sent together (an import looks up 500 at a time; a
 * cursor over the index would wait for each step in turn), and are remembered until the next write,
 * so an import's default-source rule and its merge share one lookup.
 */
import Dexie, { type Table } from 'dexie';
import type { Candidate, InterviewNote } from '@shared/schemas/candidate.schema';
import { fromLocalCandidate, toLocalCandidate, type LocalCandidate, type RepHireDb, type RowKind } from '@/db/database';
import type { RowAccess } from './apply-mutation';

async function keepServerCopies<T>(
  db: RepHireDb,
  kind: RowKind,
  uids: string[],
  table: Table<T, string>,
  serverVersion: (row: T | undefined) => Candidate | InterviewNote | null | undefined,
): Promise<void> {
  const markers = await db.serverRows.bulkGet(uids.map((uid) => [kind, uid] as [RowKind, string]));
  const untouched = uids.filter((_, i) => !markers[i]);
  if (!untouched.length) return;
  const current = await table.bulkGet(untouched);
  const copies = untouched.flatMap((uid, i) => {
    const row = serverVersion(current[i]);
    return row === undefined ? [] : [{ kind, uid, row }];
  });
  if (copies.length) await db.serverRows.bulkAdd(copies);
}

/**
 * The server version to keep for a stored candidate a write changes: the row as pulled, or "none" for
 * a row made here; nothing for a row this write creates.
 */
const candidateServerVersion = (row: LocalCandidate | undefined) => (row ? (row.id === null ? null : fromLocalCandidate(row)) : undefined);
/** An interview note's: "none" (null) when it is new here, so the rebase removes it. */
const noteServerVersion = (row: InterviewNote | undefined) => row ?? null;

/**
 * Which of `keys` the candidates' emailKey index holds, by one request per key sent at once in the
 * current transaction (each answered in order, no waiting between them).
 */
function indexedEmailKeys(db: RepHireDb, keys: readonly string[]): Promise<Set<string>> {
  if (!keys.length) return Dexie.Promise.resolve(new Set());
  const trans = Dexie.currentTransaction?.idbtrans;
  if (!trans) return db.candidates.where('emailKey').anyOf([...keys]).keys().then((found) => new Set(found as string[]));
  const index = trans.objectStore('candidates').index('emailKey');
  return new Dexie.Promise<Set<string>>((resolve, reject) => {
    const found = new Set<string>();
    let answered = 0;
    for (const key of keys) {
      const request = index.getKey(key);
      request.onsuccess = () => {
        if (request.result !== undefined) found.add(key);
        if (++answered === keys.length) resolve(found);
      };
      request.onerror = () => reject(request.error);
    }
  });
}

export function dexieRows(db: RepHireDb): RowAccess {
  /** Live candidates by email key, as read since the last write (see the module comment). */
  const byEmail = new Map<string, Candidate[]>();

  return {
    async getCandidates(uids) {
      return (await db.candidates.bulkGet(uids)).map((row) => row && fromLocalCandidate(row));
    },
    async liveCandidatesByEmail(keys) {
      const unknown = [...new Set(keys.filter((key) => !byEmail.has(key)))];
      if (unknown.length) {
        const present = await indexedEmailKeys(db, unknown);
        const rows = present.size ? await db.candidates.where('emailKey').anyOf([...present]).toArray() : [];
        for (const key of unknown) byEmail.set(key, []);
        for (const row of rows) if (!row.deletedAt) byEmail.get(row.emailKey)!.push(fromLocalCandidate(row));
      }
      return [...new Set(keys)].flatMap((key) => byEmail.get(key) ?? []);
    },
    async putCandidates(rows, createdFresh) {
      byEmail.clear();
      // A uid made for this write has no stored row to keep a copy of: nothing to read.
      const others = createdFresh?.size ? rows.filter((row) => !createdFresh.has(row.uid)) : rows;
      // Server copies are read before the rows change.
      if (others.length) await keepServerCopies(db, 'candidate', others.map((row) => row.uid), db.candidates, candidateServerVersion);
      await db.candidates.bulkPut(rows.map(toLocalCandidate));
    },
    getInterviewNote(uid) {
      return db.interviewNotes.get(uid);
    },
    async liveInterviewNoteFor(candidateUid, day) {
      const notes = await db.interviewNotes.where('[candidateUid+day]').equals([candidateUid, day]).toArray();
      return notes.find((note) => !note.deletedAt);
    },
    async putInterviewNote(row) {
      await keepServerCopies(db, 'interviewNote', [row.uid], db.interviewNotes, noteServerVersion);
      await db.interviewNotes.put(row);
    },
  };
}
