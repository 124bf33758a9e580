/** Interview note rows (interview_notes) ⇄ the shared record shape and the REST DTO. */
import type { Knex } from 'knex';
import type { InterviewNote } from '@shared/schemas/candidate.schema';
import type { InterviewNoteDto } from '@shared/schemas/candidate-api.schema';
import { columnValues, integerOrNull, jsonObject, readColumns, text, timestamp, timestampOrNull, type ColumnMap } from '../db/row-values';
import { rowJson } from '../db/row-json.sql';

export type StoredInterviewNote = InterviewNote & { id: number; candidateId: number };

type Row = Record<string, unknown>;

/**
 * The interview_notes table's one column map. candidateUid is the candidate's, joined in (or known to
 * the caller); the row holds the candidate's id.
 */
const COLUMNS: ColumnMap<InterviewNote> = [
  ['uid', 'uid', text, 'fixed'],
  ['candidateUid', null, text],
  ['day', 'day', text, 'fixed'],
  ['note', 'note', text],
  ['userId', 'user_id', integerOrNull, 'fixed'],
  ['fieldClocks', 'field_clocks', jsonObject],
  ['createdAt', 'created_at', timestamp, 'fixed'],
  ['updatedAt', 'updated_at', timestamp],
  ['deletedAt', 'deleted_at', timestampOrNull],
];

export function rowToInterviewNote(row: Row, candidateUid: string): StoredInterviewNote {
  return { id: Number(row.id), candidateId: Number(row.candidateId), ...readColumns(COLUMNS, { ...row, candidateUid }) };
}

/** Inserts the note (id null) or writes it back, as a note of candidate `candidateId`. */
export async function putInterviewNoteRow(trx: Knex, note: InterviewNote, candidateId: number): Promise<void> {
  if (note.id === null) {
    await trx('interview_notes').insert({ ...columnValues(COLUMNS, note, 'insert'), candidateId });
  } else {
    await trx('interview_notes').where({ id: note.id }).update({ ...columnValues(COLUMNS, note, 'update'), candidateId });
  }
}

/** The interview note (InterviewNote) of table alias `t`, its candidate of alias `c`, rendered by PostgreSQL. */
export const interviewNoteJson = (t: string, c: string) => rowJson(COLUMNS, t, { candidateUid: `${c}.uid` });

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
