/**
 * A device's applied mutation keeps the uids of the candidates it wrote (`touched`), so a pull can tell
 * when a row it wrote has changed again beyond the pull's horizon: the mutation is then not yet reported
 * as included, and the device keeps showing its own edit instead of the older row it holds.
 *
 * The candidate history names the integration key behind an arrival (`api_key_name`), so a Zapier or
 * form change is shown as the integration's rather than blamed on the key's owner, and records notes
 * conflicts (kind 'conflict': two edits changed the same lines; both versions were kept).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE applied_mutations ADD COLUMN touched uuid[]');
  await knex.schema.alterTable('candidate_events', (t) => {
    t.text('api_key_name');
  });
  await knex.raw('ALTER TABLE candidate_events DROP CONSTRAINT candidate_events_kind_check');
  await knex.raw(
    `ALTER TABLE candidate_events ADD CONSTRAINT candidate_events_kind_check
       CHECK (kind IN ('overwritten', 'rejected', 'deleted', 'merged', 'conflict'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('candidate_events').where({ kind: 'conflict' }).delete();
  await knex.raw('ALTER TABLE candidate_events DROP CONSTRAINT candidate_events_kind_check');
  await knex.raw(
    `ALTER TABLE candidate_events ADD CONSTRAINT candidate_events_kind_check
       CHECK (kind IN ('overwritten', 'rejected', 'deleted', 'merged'))`,
  );
  await knex.schema.alterTable('candidate_events', (t) => {
    t.dropColumn('api_key_name');
  });
  await knex.raw('ALTER TABLE applied_mutations DROP COLUMN touched');
}
