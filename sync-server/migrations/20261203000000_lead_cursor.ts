/**
 * The leads list pages like a sync pull: by the id of the transaction that last wrote each lead (xid,
 * set by the same trigger as the synced tables), up to the snapshot's xmin, so a lead written by a
 * transaction that commits late is never passed over and no overlap window is needed.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE linkedin_sales_reps ADD COLUMN xid xid8 NOT NULL DEFAULT pg_current_xact_id()');
  await knex.raw('CREATE INDEX linkedin_sales_reps_user_xid_idx ON linkedin_sales_reps (user_id, xid, id)');
  await knex.raw(
    `CREATE TRIGGER linkedin_sales_reps_set_xid BEFORE INSERT OR UPDATE ON linkedin_sales_reps
       FOR EACH ROW EXECUTE FUNCTION rephire_set_xid()`,
  );
  await knex.raw('DROP INDEX IF EXISTS linkedin_sales_reps_changes');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX linkedin_sales_reps_changes ON linkedin_sales_reps (user_id, last_scraped_at, id)');
  await knex.raw('DROP TRIGGER IF EXISTS linkedin_sales_reps_set_xid ON linkedin_sales_reps');
  await knex.raw('DROP INDEX IF EXISTS linkedin_sales_reps_user_xid_idx');
  await knex.raw('ALTER TABLE linkedin_sales_reps DROP COLUMN xid');
}
