/**
 * Saving an interview note from REST: the shared interviewNote.save mutation (one live note per
 * candidate per day, the text last-writer-wins, lost texts in the history), then the note as stored.
 */
import type { Knex } from 'knex';
import { REFUSALS } from '@shared/mutations/index';
import type { Writer } from '../candidates/candidate-events';
import { runMutation } from '../candidates/candidate-writes.service';
import { rowToInterviewNote, type StoredInterviewNote } from '../candidates/interview-note-rows';

export { rowToInterviewNote, toInterviewNoteDto, type StoredInterviewNote } from '../candidates/interview-note-rows';
export { interviewNoteField } from '@shared/mutations/index';

export type NoteOutcome =
  | { kind: 'ok'; note: StoredInterviewNote; created: boolean }
  | { kind: 'refused'; reason: string };

/** Saves the note text of (candidate, day), creating the note if there is none. */
export async function saveInterviewNote(
  trx: Knex,
  writer: Writer,
  input: { uid: string; candidateUid: string; day: string; note: string },
  hlc: string,
): Promise<NoteOutcome> {
  const { outcome } = await runMutation(trx, writer, { name: 'interviewNote.save', args: input }, hlc);
  if (outcome.status === 'rejected') return { kind: 'refused', reason: outcome.reason ?? REFUSALS.notFound };
  const row = await trx('interview_notes as n')
    .join('candidates as c', 'c.id', 'n.candidateId')
    .where('c.uid', input.candidateUid)
    .where((q) => q.where('n.uid', input.uid).orWhere((w) => w.where('n.day', input.day).whereNull('n.deletedAt')))
    .orderByRaw('n.deleted_at IS NULL DESC')
    .first('n.*');
  return { kind: 'ok', note: rowToInterviewNote(row, input.candidateUid), created: outcome.created > 0 };
}
