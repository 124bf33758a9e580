/**
 * The spec's candidate REST calls, on the same write path and merge rules as sync: server-clock stamps,
 * lost values to the history. REST never shows deleted candidates.
 */
import type { Knex } from 'knex';
import type { CandidatePatch } from '@shared/schemas/candidate-api.schema';
import { notFound } from '../lib/errors';
import { listCandidateEvents } from './candidate-events';
import { runMutation } from './candidate-writes.service';
import { candidateDtoJson, findCandidateById, type StoredCandidate } from './candidate.store';
import { formatNoteLine, statusChangeNote } from '@shared/candidates/notes';

export const CANDIDATE_NOT_FOUND = 'Candidate not found';

/** Every live candidate, newest application first, as JSON rendered by PostgreSQL (the list can be long). */
export async function listLiveCandidatesJson(db: Knex): Promise<string> {
  const { rows } = await db.raw(
    `SELECT ${candidateDtoJson('t')}::text AS j FROM candidates t WHERE t.deleted_at IS NULL ORDER BY t.applied_date DESC, t.id DESC`,
  );
  return `[${(rows as Array<{ j: string }>).map((row) => row.j).join(',')}]`;
}

/**
 * PATCH: the field edits as a candidate.update (last writer wins; a notes text replaces the stored one,
 * as the caller saw it), and a status change as a candidate.setStatus with the dated "Status updated from
 * … to …" line — the mutations a device queues for the same edits.
 */
export async function patchCandidate(trx: Knex, userId: number, id: number, patch: CandidatePatch): Promise<StoredCandidate> {
  const current = await findCandidateById(trx, id, true);
  if (!current || current.deletedAt) throw notFound(CANDIDATE_NOT_FOUND);
  const writer = { origin: 'rest' as const, userId };
  const { status, ...fields } = patch;
  if (Object.keys(fields).length > 0) {
    await runMutation(trx, writer, { name: 'candidate.update', args: { uid: current.uid, changes: fields, notesBase: fields.notes === undefined ? undefined : current.notes } });
  }
  if (status !== undefined && status !== current.status) {
    const noteLine = formatNoteLine(new Date(), statusChangeNote(current.status, status));
    await runMutation(trx, writer, { name: 'candidate.setStatus', args: { uid: current.uid, status, noteLine } });
  }
  const updated = await findCandidateById(trx, id);
  if (!updated || updated.deletedAt) throw notFound(CANDIDATE_NOT_FOUND);
  return updated;
}

export async function candidateHistory(db: Knex, id: number) {
  const exists = await db('candidates').where({ id }).whereNull('erasedAt').first('id');
  if (!exists) throw notFound(CANDIDATE_NOT_FOUND);
  return listCandidateEvents(db, id);
}
