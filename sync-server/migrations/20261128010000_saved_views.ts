/**
 * Saved views of the Candidates page (name, filters/sort/page-size state, default stamp), one user's
 * each, synced to that user's devices: tombstones (deleted_at), per-field clocks and the `xid` the pull
 * cursor reads, set by the same trigger function as the other synced tables.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('saved_views', (t) => {
    t.bigIncrements('id');
    t.uuid('uid').notNullable().unique();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('name').notNullable();
    t.jsonb('state').notNullable();
    t.text('default_hlc');
    t.jsonb('field_clocks').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.raw('ALTER TABLE saved_views ADD COLUMN xid xid8 NOT NULL DEFAULT pg_current_xact_id()');
  await knex.raw('CREATE INDEX saved_views_user_xid_idx ON saved_views (user_id, xid, id)');
  await knex.raw(
    `CREATE TRIGGER saved_views_set_xid BEFORE INSERT OR UPDATE ON saved_views
       FOR EACH ROW EXECUTE FUNCTION rephire_set_xid()`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('saved_views');
}
