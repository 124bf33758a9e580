/**
 * The Zapier app's actions and searches beyond creating a candidate: find by email, recent samples,
 * add a note line, change the status. Writes run the shared mutations (candidate.appendNote,
 * candidate.setStatus) as the integration's writer, so the history names the integration and its key.
 */
import type { Knex } from 'knex';
import { formatNoteLine, statusChangeNote } from '@shared/candidates/notes';
import type { CandidateStatus } from '@shared/schemas/candidate.schema';
import { ZAPIER_SAMPLE_SIZE, type ZapierEvent } from '@shared/schemas/zapier.schema';
import { notFound } from '../lib/errors';
import type { Writer } from '../candidates/candidate-events';
import { runMutation } from '../candidates/candidate-writes.service';
import { CANDIDATE_NOT_FOUND } from '../candidates/candidates.service';
import { findCandidateById, findLiveCandidatesWithEmails, rowToCandidate, type StoredCandidate } from '../candidates/candidate.store';

/** The live candidate with this email, most recently updated first (a list of at most one). */
export async function findByEmail(knex: Knex, email: string): Promise<StoredCandidate[]> {
  const found = await findLiveCandidatesWithEmails(knex, [email]);
  found.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
  return found.slice(0, 1);
}

/** The latest live candidates for a trigger's event: newest arrivals, or newest status changes. */
export async function recentFor(knex: Knex, event: ZapierEvent): Promise<StoredCandidate[]> {
  const query = knex('candidates').whereNull('deletedAt').limit(ZAPIER_SAMPLE_SIZE);
  const rows =
    event === 'candidate.created'
      ? await query.orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }])
      : await query.whereNotNull('statusChangedAt').orderBy([{ column: 'statusChangedAt', order: 'desc' }, { column: 'id', order: 'desc' }]);
  return rows.map(rowToCandidate);
}

async function liveCandidate(trx: Knex, id: number): Promise<StoredCandidate> {
  const candidate = await findCandidateById(trx, id, true);
  if (!candidate || candidate.deletedAt) throw notFound(CANDIDATE_NOT_FOUND);
  return candidate;
}

async function reread(trx: Knex, id: number): Promise<StoredCandidate> {
  const candidate = await findCandidateById(trx, id);
  if (!candidate) throw notFound(CANDIDATE_NOT_FOUND);
  return candidate;
}

/** Appends "[date] {note}" to the candidate's notes. */
export function addNote(knex: Knex, writer: Writer, id: number, note: string): Promise<StoredCandidate> {
  return knex.transaction(async (trx) => {
    const candidate = await liveCandidate(trx, id);
    await runMutation(trx, writer, { name: 'candidate.appendNote', args: { uid: candidate.uid, line: formatNoteLine(new Date(), note) } });
    return reread(trx, id);
  });
}

/** Moves the candidate to `status` with the dated "Status updated from … to …" line; the same status changes nothing. */
export function changeStatus(knex: Knex, writer: Writer, id: number, status: CandidateStatus): Promise<StoredCandidate> {
  return knex.transaction(async (trx) => {
    const candidate = await liveCandidate(trx, id);
    if (candidate.status !== status) {
      const noteLine = formatNoteLine(new Date(), statusChangeNote(candidate.status, status));
      await runMutation(trx, writer, { name: 'candidate.setStatus', args: { uid: candidate.uid, status, noteLine } });
    }
    return reread(trx, id);
  });
}
