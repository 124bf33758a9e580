/**
 * The admin's two deduplication calls (DECISIONS, Candidates). Live candidates sharing a trimmed,
 * lower-cased email are one person: the most recently updated record is kept, the others become
 * tombstones (devices pull the deletion; the removed records stay in each one's history as a '*'
 * snapshot).
 * - deduplicate: first merges the removed records' note lines (those the kept one lacks) and their
 *   interview notes into the kept record — a day the kept one also has a note for gets both texts.
 * - dedup-now: only removes.
 * Arrivals by email wait while this runs (it holds every email lock stripe), so none slips in between.
 * What a merge does is the shared candidates.merge mutation's rule.
 */
import type { Knex } from 'knex';
import { normalizeEmail } from '@shared/candidates/email';
import { serverClock } from '../lib/server-clock';
import type { Writer } from './candidate-events';
import { runMutation } from './candidate-writes.service';
import { rowToCandidate, type StoredCandidate } from './candidate.store';
import { EMAIL_LOCK_CLASS, EMAIL_LOCK_STRIPES, NORMALISED_EMAIL_SQL } from './email';

export type DedupMode = 'merge' | 'delete';

/** Live candidates sharing a normalised email, grouped, the most recently updated first in each. */
async function duplicateGroups(trx: Knex): Promise<StoredCandidate[][]> {
  const rows = await trx('candidates')
    .whereNull('deletedAt')
    .whereRaw(
      `${NORMALISED_EMAIL_SQL} IN (
         SELECT ${NORMALISED_EMAIL_SQL} FROM candidates
          WHERE deleted_at IS NULL AND btrim(email) <> ''
          GROUP BY 1 HAVING count(*) > 1)`,
    )
    .orderByRaw(`${NORMALISED_EMAIL_SQL}, updated_at DESC, id DESC`)
    .forUpdate();
  const groups = new Map<string, StoredCandidate[]>();
  for (const row of rows) {
    const candidate = rowToCandidate(row);
    const key = normalizeEmail(candidate.email);
    groups.set(key, [...(groups.get(key) ?? []), candidate]);
  }
  return [...groups.values()];
}

/** Each group is one candidates.merge mutation (shared/mutations/candidates-merge.ts). */
export async function deduplicate(trx: Knex, userId: number, mode: DedupMode): Promise<{ duplicatesRemoved: number; totalCandidates: number }> {
  await trx.raw('SELECT pg_advisory_xact_lock(?, s) FROM generate_series(0, ?) AS s', [EMAIL_LOCK_CLASS, EMAIL_LOCK_STRIPES - 1]);
  const writer: Writer = { origin: 'dedup', userId };
  const hlc = serverClock.tick();
  let removedCount = 0;
  for (const [kept, ...removed] of await duplicateGroups(trx)) {
    const args = { keepUid: kept!.uid, removeUids: removed.map((candidate) => candidate.uid), mode };
    await runMutation(trx, writer, { name: 'candidates.merge', args }, hlc);
    removedCount += removed.length;
  }
  const { count } = (await trx('candidates').whereNull('deletedAt').count({ count: '*' }).first()) as { count: string | number };
  return { duplicatesRemoved: removedCount, totalCandidates: Number(count) };
}
