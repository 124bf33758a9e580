import type { Knex } from 'knex';

/**
 * Erasing a candidate for privacy (sync-server/src/candidates/erase.service.ts) leaves an id-only
 * tombstone in candidates so devices learn of it through pull: its personal fields are blanked, its
 * history, interview notes and experiences removed. erased_at marks it (no write may touch it again)
 * and, with erased_by, is the audit record of the erasure: who and when, and no personal data.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('candidates', (t) => {
    t.timestamp('erased_at', { useTz: true });
    t.integer('erased_by').references('users.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('candidates', (t) => {
    t.dropColumn('erased_by');
    t.dropColumn('erased_at');
  });
}
