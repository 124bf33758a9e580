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

/**
 * Every column of a candidate's row, and what erasure leaves in it: an SQL value (the column blanked or
 * set), or 'kept' for what says nothing about the person. erase.test.ts compares this with the table's
 * columns, so a column added later fails that test until it is placed here.
 */
export const ERASURE: Readonly<Record<string, string | 'kept'>> = {
  name: "''",
  email: "''",
  phone: 'NULL',
  location: 'NULL',
  status: "'new'",
  applied_date: 'now()',
  status_changed_at: 'NULL',
  source: 'NULL',
  experience: 'NULL',
  skills: "''",
  notes: "''",
  user_id: 'NULL',
  field_clocks: "'{}'",
  updated_at: 'now()',
  deleted_at: 'now()',
  erased_at: 'now()',
  erased_by: '?', // the erasing admin's id, bound by eraseCandidate
  // The tombstone's identity, and what the arrival triggers maintain (the writing transaction, and
  // which device's mutations wrote the row: reset by the trigger, as this write is nobody's mutation).
  id: 'kept',
  uid: 'kept',
  created_at: 'kept',
  xid: 'kept',
  own_client: 'kept',
  own_base: 'kept',
  own_start: 'kept',
  own_first: 'kept',
  own_last: 'kept',
  own_count: 'kept',
};

/** ERASURE's SET list (column names and values from the code above, never from a request). */
const ERASED_COLUMNS = Object.entries(ERASURE)
  .filter(([, value]) => value !== 'kept')
  .map(([column, value]) => `${column} = ${value}`)
  .join(', ');

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
    await trx.raw(`UPDATE candidates SET ${ERASED_COLUMNS} WHERE id = ANY(?::int[])`, [adminId, ids]);
  }
  const row = await trx('candidates').where({ id }).first('uid', 'erasedAt');
  return { id, uid: row.uid, erasedAt: toIso(row.erasedAt), records };
}
