/**
 * Erasing a candidate for privacy (an admin's action): the person's data leaves the server for good.
 *
 * What goes: the record's personal fields (blanked), its history (candidate_events), its interview
 * notes, scheduled interviews and experiences, the REST hook events still owed for it — and the same
 * for deleted records sharing its email (the same person, as duplicates are judged: earlier copies
 * that deduplication or a recruiter removed, which as tombstones
 * still carry their data). What stays: an id-only tombstone (id, uid, created_at) marked erased, with
 * who erased it and when (erased_by, erased_at) — the audit record, with no personal data.
 *
 * Devices learn of it through pull, which lists erased uids apart from the rows (pull.service.ts);
 * each device then deletes everything it holds about them, pending changes included. An erased uid
 * refuses every later write (candidate-writes.service.ts, interview-note-writes.service.ts), so an
 * offline device's pending edit cannot bring the person back, while a new arrival with the same email
 * creates a new candidate: the erased record's email is gone, so nothing matches it.
 */
import type { Knex } from 'knex';
import type { CandidateErasure } from '@shared/schemas/candidate-api.schema';
import { normalizeEmail } from '@shared/candidates/email';
import { notFound } from '../lib/errors';
import { CANDIDATE_NOT_FOUND } from './candidates.service';
import { findCandidateById } from './candidate.store';
import { toIso } from '../db/row-values';
import { NORMALISED_EMAIL_SQL } from './email';

/** The target and the deleted, not yet erased records with its email, locked. */
async function recordsOfThePerson(trx: Knex, target: { id: number; email: string }): Promise<number[]> {
  const email = normalizeEmail(target.email);
  if (!email) return [target.id];
  const rows: Array<{ id: number }> = await trx('candidates')
    .whereRaw(`${NORMALISED_EMAIL_SQL} = ?`, [email])
    .whereNotNull('deletedAt')
    .whereNull('erasedAt')
    .whereNot({ id: target.id })
    .forUpdate()
    .select('id');
  return [target.id, ...rows.map((row) => Number(row.id))];
}

/** Erases candidate `id` (idempotent: erasing it again answers the first erasure). */
export async function eraseCandidate(trx: Knex, adminId: number, id: number): Promise<CandidateErasure> {
  const target = await findCandidateById(trx, id, true);
  if (!target) throw notFound(CANDIDATE_NOT_FOUND);
  let records = 0;
  if (!target.erased) {
    const ids = await recordsOfThePerson(trx, target);
    records = ids.length;
    await trx('candidate_events').whereIn('candidateId', ids).delete();
    await trx('interview_notes').whereIn('candidateId', ids).delete();
    await trx('scheduled_interviews').whereIn('candidateId', ids).delete();
    await trx('experiences').whereIn('candidateId', ids).delete();
    // Hook events not yet delivered carry the person's data too.
    await trx('webhook_deliveries').whereIn('candidateId', ids).delete();
    await trx.raw(
      `UPDATE candidates
          SET name = '', email = '', phone = NULL, location = NULL, status = 'new', applied_date = now(),
              status_changed_at = NULL, source = NULL, experience = NULL, skills = '', notes = '', user_id = NULL,
              field_clocks = '{}', updated_at = now(), deleted_at = now(), erased_at = now(), erased_by = ?
        WHERE id = ANY(?::int[])`,
      [adminId, ids],
    );
  }
  const row = await trx('candidates').where({ id }).first('uid', 'erasedAt');
  return { id, uid: row.uid, erasedAt: toIso(row.erasedAt), records };
}
