/**
 * Candidates erased for privacy (a pull page's `erased` uids): the device deletes everything it holds
 * about them, in the page's transaction — the candidate, its interview notes, scheduled interviews and
 * experiences, their
 * server copies (serverRows), rejected changes that concern them, and its pending changes.
 *
 * Pending changes are rewritten in place, never removed: the server expects outbox ids without gaps,
 * so each one becomes a `candidate.delete` of the erased uid — which the server accepts as done and
 * which changes nothing here — labelled without the person's name; an import keeps its other rows.
 * The server refuses every write to an erased uid anyway, so nothing pending can bring it back.
 */
import Dexie from 'dexie';
import type { ImportRow, MutationArgs, MutationName } from '@shared/sync/protocol.schema';
import type { OutboxEntry, RepHireDb, RowKind } from '@/db/database';

export const ERASED_CHANGE_LABEL = 'A change to a candidate erased for privacy';

interface Change {
  name: MutationName;
  args: unknown;
}

/** The candidate uids a change concerns. */
export function candidateUidsOf(change: Change): string[] {
  switch (change.name) {
    case 'candidates.import':
      return (change.args as MutationArgs<'candidates.import'>).rows.map((row) => row.uid);
    case 'interviewNote.save':
    case 'interview.schedule':
    case 'interview.cancel':
    case 'interview.score':
      return [(change.args as MutationArgs<'interviewNote.save' | 'interview.schedule' | 'interview.cancel' | 'interview.score'>).candidateUid];
    case 'candidates.bulk':
    case 'candidates.undoImport':
      return (change.args as MutationArgs<'candidates.bulk' | 'candidates.undoImport'>).items.map((item) => item.uid);
    case 'savedView.save':
    case 'savedView.delete':
      return [];
    default:
      return [(change.args as { uid: string }).uid];
  }
}

const concerns = (change: Change, erased: ReadonlySet<string>) => candidateUidsOf(change).some((uid) => erased.has(uid));

/** The entry with nothing of the erased candidates left in it. */
export function withoutErased(entry: OutboxEntry, erased: ReadonlySet<string>): OutboxEntry {
  if (entry.name === 'candidates.import') {
    const args = entry.args as MutationArgs<'candidates.import'>;
    const rows = args.rows.filter((row: ImportRow) => !erased.has(row.uid));
    if (rows.length) return { ...entry, args: { ...args, rows }, count: rows.length };
  }
  if (entry.name === 'candidates.bulk' || entry.name === 'candidates.undoImport') {
    const args = entry.args as MutationArgs<'candidates.bulk' | 'candidates.undoImport'>;
    const items = args.items.filter((item) => !erased.has(item.uid));
    if (items.length) return { ...entry, args: { ...args, items }, count: items.length };
  }
  const uid = candidateUidsOf(entry).find((candidateUid) => erased.has(candidateUid))!;
  return { ...entry, name: 'candidate.delete', args: { uid }, label: ERASED_CHANGE_LABEL, count: 1 };
}

/** The tables forgetErased writes: its caller's transaction takes them all. */
export function erasureTables(db: RepHireDb) {
  return [db.candidates, db.interviewNotes, db.scheduledInterviews, db.experiences, db.serverRows, db.outbox, db.rejected, db.imports, db.importBatches] as const;
}

/**
 * Deletes what the device holds about these candidates, inside a rw transaction over erasureTables.
 * Answers whether pending changes were rewritten (the rebase must then replay them).
 */
export async function forgetErased(db: RepHireDb, uids: readonly string[]): Promise<boolean> {
  if (!uids.length) return false;
  const erased = new Set(uids);
  const notesOf = (uid: string) =>
    db.interviewNotes.where('[candidateUid+day]').between([uid, Dexie.minKey], [uid, Dexie.maxKey]).primaryKeys();
  const notes = (await Promise.all([...erased].map(notesOf))).flat();
  const interviews = await db.scheduledInterviews.where('candidateUid').anyOf([...erased]).primaryKeys();
  await db.scheduledInterviews.bulkDelete(interviews);
  await db.candidates.bulkDelete([...erased]);
  await db.interviewNotes.bulkDelete(notes);
  await db.experiences.where('candidateUid').anyOf([...erased]).delete();
  await db.serverRows.bulkDelete([
    ...[...erased].map((uid): [RowKind, string] => ['candidate', uid]),
    ...notes.map((uid): [RowKind, string] => ['interviewNote', uid]),
    ...interviews.map((uid): [RowKind, string] => ['scheduledInterview', uid]),
  ]);
  await db.rejected.filter((entry) => concerns(entry, erased)).delete();
  const pending = await db.outbox.filter((entry) => concerns(entry, erased)).toArray();
  await db.outbox.bulkPut(pending.map((entry) => withoutErased(entry, erased)));
  // What the device's recent imports did to them, kept for an Undo, goes too.
  await db.importBatches.toCollection().modify((batch) => {
    batch.items = batch.items.filter((item) => !erased.has(item.uid));
  });
  await db.imports.toCollection().modify((record) => {
    if (record.undo) record.undo.kept = record.undo.kept.filter((entry) => !erased.has(entry.uid));
  });
  return pending.length > 0;
}
