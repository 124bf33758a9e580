/**
 * Interview notes: one live note per candidate per interview day (a partial unique index holds it).
 * Saving goes through the shared merge functions like candidates do: the note found by uid, else the
 * candidate's live note for that day (a device may have derived another uid), else a new one; the text
 * is last-writer-wins and an overwritten or refused text lands in the candidate's history as
 * 'interviewNote:yyyy-MM-dd'.
 */
import type { Knex } from 'knex';
import type { InterviewNote } from '@shared/schemas/candidate.schema';
import type { InterviewNoteDto } from '@shared/schemas/candidate-api.schema';
import { applyInterviewNoteSave, createInterviewNoteRecord } from '@shared/sync/merge';
import { eventsFor, recordEvents, type Writer } from '../candidates/candidate-events';
import { findCandidateByUid, toIso, type StoredCandidate } from '../candidates/candidate.store';

export type StoredInterviewNote = InterviewNote & { id: number; candidateId: number };

type Row = Record<string, unknown>;

export function rowToInterviewNote(row: Row, candidateUid: string): StoredInterviewNote {
  return {
    id: Number(row.id),
    uid: row.uid as string,
    candidateId: Number(row.candidateId),
    candidateUid,
    day: row.day as string,
    note: row.note as string,
    userId: row.userId === null || row.userId === undefined ? null : Number(row.userId),
    fieldClocks: (row.fieldClocks as Record<string, string>) ?? {},
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    deletedAt: row.deletedAt ? toIso(row.deletedAt) : null,
  };
}

export function toInterviewNoteDto(note: StoredInterviewNote): InterviewNoteDto {
  return {
    id: note.id,
    uid: note.uid,
    candidateId: note.candidateId,
    day: note.day,
    note: note.note,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
  };
}

export const interviewNoteField = (day: string) => `interviewNote:${day}`;

export type NoteOutcome =
  | { kind: 'ok'; note: StoredInterviewNote; created: boolean }
  | { kind: 'deleted'; candidate: StoredCandidate }
  | { kind: 'erased' }
  | { kind: 'missing' }
  | { kind: 'conflict'; reason: string };

async function findNote(trx: Knex, where: (q: Knex.QueryBuilder) => void) {
  const query = trx('interview_notes').first();
  where(query);
  return query.forUpdate();
}

/** Saves the note text of (candidate, day), creating the note if there is none. */
export async function saveInterviewNote(
  trx: Knex,
  writer: Writer,
  input: { uid: string; candidateUid: string; day: string; note: string },
  hlc: string,
): Promise<NoteOutcome> {
  const now = new Date().toISOString();
  // Locking the candidate serialises note creation for it, so the one-note-per-day index never trips.
  const candidate = await findCandidateByUid(trx, input.candidateUid, true);
  if (!candidate) return { kind: 'missing' };
  // Erased for privacy: nothing about it is stored again, not even in its history.
  if (candidate.erased) return { kind: 'erased' };
  const row =
    (await findNote(trx, (q) => q.where({ uid: input.uid }))) ??
    (await findNote(trx, (q) => q.where({ candidateId: candidate.id, day: input.day }).whereNull('deletedAt')));
  if (row && Number(row.candidateId) !== candidate.id) {
    return { kind: 'conflict', reason: 'That interview note belongs to another candidate' };
  }
  if (candidate.deletedAt) {
    const lost = { field: 'note', kind: 'rejected' as const, value: input.note, clock: hlc };
    await recordEvents(trx, writer, eventsFor(candidate, [lost], interviewNoteField(input.day)));
    return { kind: 'deleted', candidate };
  }
  if (!row) {
    const record = createInterviewNoteRecord(input, hlc, { id: null, userId: writer.userId, now });
    const [inserted] = await trx('interview_notes')
      .insert({
        uid: record.uid,
        candidateId: candidate.id,
        userId: record.userId,
        day: record.day,
        note: record.note,
        fieldClocks: JSON.stringify(record.fieldClocks),
        createdAt: record.createdAt,
        updatedAt: record.updatedAt,
      })
      .returning('*');
    return { kind: 'ok', note: rowToInterviewNote(inserted, candidate.uid), created: true };
  }
  const existing = rowToInterviewNote(row, candidate.uid);
  const result = applyInterviewNoteSave(existing, input.note, hlc, now);
  await recordEvents(trx, writer, eventsFor(candidate, result.events, interviewNoteField(existing.day)));
  if (!result.changed) return { kind: 'ok', note: existing, created: false };
  const [updated] = await trx('interview_notes')
    .where({ id: existing.id })
    .update({ note: result.record.note, fieldClocks: JSON.stringify(result.record.fieldClocks), updatedAt: result.record.updatedAt })
    .returning('*');
  return { kind: 'ok', note: rowToInterviewNote(updated, candidate.uid), created: false };
}
