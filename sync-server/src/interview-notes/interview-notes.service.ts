/**
 * The spec's interview-note calls. The day view runs the shared interview-day rule (the same function
 * the device runs over its local data) on the candidates that can match: those with a note for the day
 * and those that entered `interview` within the day's bounds in the viewer's zone.
 */
import type { Knex } from 'knex';
import { interviewEntriesForDay } from '@shared/interviews/interview-day';
import { dayBounds, isValidDay, isValidTimeZone, toDayString } from '@shared/format/time-zone';
import { interviewNoteUid } from '@shared/sync/ids';
import { badRequest, notFound } from '../lib/errors';
import { serverClock } from '../lib/server-clock';
import { findCandidateById, rowToCandidate, toCandidateDto } from '../candidates/candidate.store';
import { CANDIDATE_NOT_FOUND } from '../candidates/candidates.service';
import { rowToInterviewNote, saveInterviewNote, toInterviewNoteDto, type StoredInterviewNote } from './interview-note-writes.service';

export const NOTE_NOT_FOUND = 'Interview note not found';

export function resolveTimeZone(tz: string | undefined): string {
  const zone = tz?.trim() || 'UTC';
  if (!isValidTimeZone(zone)) throw badRequest(`Unknown time zone: ${zone}`, { tz: 'Must be an IANA time zone, e.g. America/New_York' });
  return zone;
}

export function requireDay(day: string): string {
  if (!isValidDay(day)) throw badRequest('Date must be a real yyyy-MM-dd date', { date: 'Must be a real yyyy-MM-dd date' });
  return day;
}

export async function interviewDay(db: Knex, day: string, timeZone: string) {
  const { start, end } = dayBounds(day, timeZone);
  const noteRows = await db('interview_notes as n')
    .join('candidates as c', 'c.id', 'n.candidateId')
    .where('n.day', day)
    .whereNull('n.deletedAt')
    .select('n.*', 'c.uid as candidateUid');
  const notes = noteRows.map((row) => rowToInterviewNote(row, row.candidateUid));
  const candidateRows = await db('candidates')
    .whereNull('deletedAt')
    .where((q) =>
      q
        .whereIn('id', notes.map((n) => n.candidateId))
        .orWhere((w) => w.where('status', 'interview').where('statusChangedAt', '>=', start).where('statusChangedAt', '<', end)),
    );
  const candidates = candidateRows.map(rowToCandidate);
  const byUid = new Map(candidates.map((c) => [c.uid, c]));
  return interviewEntriesForDay(candidates, notes, day, timeZone).map((entry) => ({
    candidate: toCandidateDto(byUid.get(entry.candidate.uid)!),
    note: entry.note ? toInterviewNoteDto(entry.note as StoredInterviewNote) : null,
  }));
}

/** POST /api/interview-notes: the note of (candidate, day); saves into that day's note if one exists. */
export async function createNote(
  trx: Knex,
  userId: number,
  input: { candidateId: number; note: string; day?: string; tz?: string },
): Promise<{ note: StoredInterviewNote; created: boolean }> {
  const day = input.day ? requireDay(input.day) : toDayString(Date.now(), resolveTimeZone(input.tz));
  const candidate = await findCandidateById(trx, input.candidateId);
  if (!candidate || candidate.deletedAt) throw notFound(CANDIDATE_NOT_FOUND);
  const uid = await interviewNoteUid(candidate.uid, day);
  const outcome = await saveInterviewNote(trx, { origin: 'rest', userId }, { uid, candidateUid: candidate.uid, day, note: input.note }, serverClock.tick());
  if (outcome.kind !== 'ok') throw notFound(CANDIDATE_NOT_FOUND);
  return { note: outcome.note, created: outcome.created };
}

/** PATCH /api/interview-notes/:id. */
export async function updateNote(trx: Knex, userId: number, id: number, note: string): Promise<StoredInterviewNote> {
  const row = await trx('interview_notes as n')
    .join('candidates as c', 'c.id', 'n.candidateId')
    .where('n.id', id)
    .whereNull('n.deletedAt')
    .whereNull('c.deletedAt')
    .first('n.uid', 'n.day', 'c.uid as candidateUid');
  if (!row) throw notFound(NOTE_NOT_FOUND);
  const outcome = await saveInterviewNote(
    trx,
    { origin: 'rest', userId },
    { uid: row.uid, candidateUid: row.candidateUid, day: row.day, note },
    serverClock.tick(),
  );
  if (outcome.kind !== 'ok') throw notFound(NOTE_NOT_FOUND);
  return outcome.note;
}

export { toInterviewNoteDto };
