/**
 * Experience rows (experiences), which the server only sends: pulls render them in SQL, and erasure
 * deletes them with their candidate.
 */
import type { Experience } from '@shared/schemas/candidate.schema';
import { boolean, text, textOrNull, timestamp, timestampOrNull, type ColumnMap } from '../db/row-values';
import { rowJson } from '../db/row-json.sql';

/** The experiences table's one column map. candidateUid is the candidate's, joined in; the row holds the candidate's id. */
const COLUMNS: ColumnMap<Experience> = [
  ['uid', 'uid', text],
  ['candidateUid', null, text],
  ['title', 'title', text],
  ['company', 'company', text],
  ['startDate', 'start_date', text],
  ['endDate', 'end_date', textOrNull],
  ['description', 'description', textOrNull],
  ['current', 'current', boolean],
  ['createdAt', 'created_at', timestamp],
  ['updatedAt', 'updated_at', timestamp],
  ['deletedAt', 'deleted_at', timestampOrNull],
];

/** The experience (Experience) of table alias `t`, its candidate of alias `c`, rendered by PostgreSQL. */
export const experienceJson = (t: string, c: string) => rowJson(COLUMNS, t, { candidateUid: `${c}.uid` });
