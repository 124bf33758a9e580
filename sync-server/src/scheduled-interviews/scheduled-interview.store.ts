/**
 * Scheduled interviews' rows (scheduled_interviews), read and written for the shared interview.schedule
 * and interview.cancel mutations inside the push or request transaction; rows are read `FOR UPDATE`.
 * Every rule is the mutations'; this only maps rows. The candidate is referenced by its id, which the
 * mutation store learned when the mutation read the candidate.
 */
import type { Knex } from 'knex';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import {
  columnValues,
  integer,
  integerOrNull,
  jsonObject,
  readColumns,
  text,
  textOrEmpty,
  textOrNull,
  timestamp,
  timestampOrNull,
  type ColumnMap,
} from '../db/row-values';
import { rowJson } from '../db/row-json.sql';

type Row = Record<string, unknown>;

/**
 * The scheduled_interviews table's one column map (the scorecard's columns included). candidateUid is
 * the candidate's, joined in; the row holds the candidate's id.
 */
const COLUMNS: ColumnMap<ScheduledInterview> = [
  ['uid', 'uid', text, 'fixed'],
  ['candidateUid', null, text],
  ['date', 'date', text],
  ['startTime', 'start_time', text],
  ['timeZone', 'time_zone', text],
  ['durationMinutes', 'duration_minutes', integer],
  ['interviewerId', 'interviewer_id', integerOrNull],
  ['place', 'place', text],
  ['note', 'note', text],
  ['userId', 'user_id', integerOrNull, 'fixed'],
  ['scores', 'scores', jsonObject],
  ['recommendation', 'recommendation', textOrNull],
  ['scorecardNotes', 'scorecard_notes', textOrEmpty],
  ['fieldClocks', 'field_clocks', jsonObject],
  ['createdAt', 'created_at', timestamp, 'fixed'],
  ['updatedAt', 'updated_at', timestamp],
  ['deletedAt', 'deleted_at', timestampOrNull],
];

/** A row with its candidate's uid (`candidateUid`) → the shared record. */
const rowToScheduledInterview = (row: Row): ScheduledInterview => ({ id: Number(row.id), ...readColumns(COLUMNS, row) });

/** The scheduled interview (ScheduledInterview) of table alias `t`, its candidate of alias `c`, rendered by PostgreSQL. */
export const scheduledInterviewJson = (t: string, c: string) => rowJson(COLUMNS, t, { candidateUid: `${c}.uid` });

export async function findScheduledInterview(trx: Knex, uid: string): Promise<ScheduledInterview | undefined> {
  const row = await trx('scheduled_interviews as i')
    .join('candidates as c', 'c.id', 'i.candidateId')
    .where('i.uid', uid)
    .first('i.*', 'c.uid as candidateUid')
    .forUpdate('i');
  return row ? rowToScheduledInterview(row) : undefined;
}

export async function putScheduledInterview(trx: Knex, row: ScheduledInterview, candidateId: number): Promise<void> {
  if (row.id === null) {
    await trx('scheduled_interviews').insert({ ...columnValues(COLUMNS, row, 'insert'), candidateId });
  } else {
    await trx('scheduled_interviews').where({ id: row.id }).update({ ...columnValues(COLUMNS, row, 'update'), candidateId });
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
