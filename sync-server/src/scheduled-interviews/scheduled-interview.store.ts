/**
 * Scheduled interviews' rows (scheduled_interviews), read and written for the shared interview.schedule
 * and interview.cancel mutations inside the push or request transaction; rows are read `FOR UPDATE`.
 * Every rule is the mutations'; this only maps rows. The candidate is referenced by its id, which the
 * mutation store learned when the mutation read the candidate.
 */
import type { Knex } from 'knex';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import { toIso } from '../db/row-values';

type Row = Record<string, unknown>;

const optionalNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function rowToScheduledInterview(row: Row): ScheduledInterview {
  return {
    id: Number(row.id),
    uid: row.uid as string,
    candidateUid: row.candidateUid as string,
    date: row.date as string,
    startTime: row.startTime as string,
    timeZone: row.timeZone as string,
    durationMinutes: Number(row.durationMinutes),
    interviewerId: optionalNumber(row.interviewerId),
    place: row.place as string,
    note: row.note as string,
    userId: optionalNumber(row.userId),
    scores: (row.scores as Record<string, number>) ?? {},
    recommendation: (row.recommendation as ScheduledInterview['recommendation']) ?? null,
    scorecardNotes: (row.scorecardNotes as string) ?? '',
    fieldClocks: (row.fieldClocks as Record<string, string>) ?? {},
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    deletedAt: row.deletedAt ? toIso(row.deletedAt) : null,
  };
}

export async function findScheduledInterview(trx: Knex, uid: string): Promise<ScheduledInterview | undefined> {
  const row = await trx('scheduled_interviews as i')
    .join('candidates as c', 'c.id', 'i.candidateId')
    .where('i.uid', uid)
    .first('i.*', 'c.uid as candidateUid')
    .forUpdate('i');
  return row ? rowToScheduledInterview(row) : undefined;
}

export async function putScheduledInterview(trx: Knex, row: ScheduledInterview, candidateId: number): Promise<void> {
  const values = {
    candidateId,
    date: row.date,
    startTime: row.startTime,
    timeZone: row.timeZone,
    durationMinutes: row.durationMinutes,
    interviewerId: row.interviewerId,
    place: row.place,
    note: row.note,
    scores: JSON.stringify(row.scores),
    recommendation: row.recommendation,
    scorecardNotes: row.scorecardNotes,
    fieldClocks: JSON.stringify(row.fieldClocks),
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
  };
  if (row.id === null) {
    await trx('scheduled_interviews').insert({ ...values, uid: row.uid, userId: row.userId, createdAt: row.createdAt });
  } else {
    await trx('scheduled_interviews').where({ id: row.id }).update(values);
  }
}

/** The live interviews of candidate `candidateId`, locked. */
export async function findScheduledInterviewsOf(trx: Knex, candidateId: number): Promise<ScheduledInterview[]> {
  const rows = await trx('scheduled_interviews as i')
    .join('candidates as c', 'c.id', 'i.candidateId')
    .where('i.candidateId', candidateId)
    .whereNull('i.deletedAt')
    .orderBy('i.id')
    .select('i.*', 'c.uid as candidateUid')
    .forUpdate('i');
  return rows.map(rowToScheduledInterview);
}

/** Whether `userId` is a user of the team (a possible interviewer). */
export async function isTeamMember(trx: Knex, userId: number): Promise<boolean> {
  return (await trx('users').where({ id: userId }).first('id')) !== undefined;
}
