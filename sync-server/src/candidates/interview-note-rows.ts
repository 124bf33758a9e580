/** Interview note rows ⇄ the shared record shape and the REST DTO. */
import type { InterviewNote } from '@shared/schemas/candidate.schema';
import type { InterviewNoteDto } from '@shared/schemas/candidate-api.schema';
import { toIso } from '../db/row-values';

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
