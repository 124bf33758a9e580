/**
 * The spec's candidate REST calls, on the same write path and merge rules as sync: server-clock stamps,
 * lost values to the history. REST never shows deleted candidates.
 */
import type { Knex } from 'knex';
import type { Candidate } from '@shared/schemas/candidate.schema';
import type { CandidatePatch } from '@shared/schemas/candidate-api.schema';
import { applyCandidateChanges, applySetStatus, type MergeResult } from '@shared/sync/merge';
import { notFound } from '../errors';
import { serverClock } from '../sync/server-clock';
import { listCandidateEvents } from './candidate-events';
import { changeCandidate } from './candidate-writes.service';
import { findCandidateById, type StoredCandidate } from './candidate.store';
import { candidateDtoJson } from '../sync/row-json.sql';
import { formatNoteLine, statusChangeNote } from '@shared/candidates/notes';

export const CANDIDATE_NOT_FOUND = 'Candidate not found';

/** Every live candidate, newest application first, as JSON rendered by PostgreSQL (the list can be long). */
export async function listLiveCandidatesJson(db: Knex): Promise<string> {
  const { rows } = await db.raw(
    `SELECT ${candidateDtoJson('t')}::text AS j FROM candidates t WHERE t.deleted_at IS NULL ORDER BY t.applied_date DESC, t.id DESC`,
  );
  return `[${(rows as Array<{ j: string }>).map((row) => row.j).join(',')}]`;
}

/** Field edits last-writer-wins; a status change also appends the dated "Status updated from … to …" line. */
function patchMerge(record: Candidate, patch: CandidatePatch, hlc: string, now: string): MergeResult<Candidate> {
  const { status, ...fields } = patch;
  let result: MergeResult<Candidate> = { record, events: [], changed: false };
  if (Object.keys(fields).length > 0) result = applyCandidateChanges(record, fields, hlc, now);
  if (status !== undefined && status !== result.record.status) {
    const line = formatNoteLine(now, statusChangeNote(result.record.status, status));
    const statusResult = applySetStatus(result.record, status, line, hlc, now);
    result = { record: statusResult.record, events: [...result.events, ...statusResult.events], changed: true };
  }
  return result;
}

export async function patchCandidate(trx: Knex, userId: number, id: number, patch: CandidatePatch): Promise<StoredCandidate> {
  const current = await findCandidateById(trx, id);
  if (!current || current.deletedAt) throw notFound(CANDIDATE_NOT_FOUND);
  const hlc = serverClock.tick();
  const now = new Date().toISOString();
  const outcome = await changeCandidate(trx, { origin: 'rest', userId }, current.uid, (record) => patchMerge(record, patch, hlc, now));
  if (outcome.kind !== 'ok') throw notFound(CANDIDATE_NOT_FOUND);
  return outcome.candidate;
}

export async function candidateHistory(db: Knex, id: number) {
  const exists = await db('candidates').where({ id }).whereNull('erasedAt').first('id');
  if (!exists) throw notFound(CANDIDATE_NOT_FOUND);
  return listCandidateEvents(db, id);
}
