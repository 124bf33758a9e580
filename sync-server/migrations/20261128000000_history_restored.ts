/**
 * The candidate history records an undone delete (kind 'restored': the candidate came back from the
 * tombstone a delete made; the value is the time it had been deleted at).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE candidate_events DROP CONSTRAINT candidate_events_kind_check');
  await knex.raw(
    `ALTER TABLE candidate_events ADD CONSTRAINT candidate_events_kind_check
       CHECK (kind IN ('overwritten', 'rejected', 'deleted', 'merged', 'conflict', 'restored'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('candidate_events').where({ kind: 'restored' }).delete();
  await knex.raw('ALTER TABLE candidate_events DROP CONSTRAINT candidate_events_kind_check');
  await knex.raw(
    `ALTER TABLE candidate_events ADD CONSTRAINT candidate_events_kind_check
       CHECK (kind IN ('overwritten', 'rejected', 'deleted', 'merged', 'conflict'))`,
  );
}
