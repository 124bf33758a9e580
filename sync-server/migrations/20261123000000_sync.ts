import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The sync protocol's bookkeeping (see sync-server/src/sync):
 * - sync_clients: one row per device replica (client id), owned by the user who first pushed with it,
 *   with the id of the last mutation the server has processed for it. Its row is locked while a mutation
 *   applies, so one client's mutations apply strictly in order.
 * - applied_mutations: every processed mutation (applied or rejected, with the reason), written in the
 *   same transaction as its effects; its xid tells a pull whether those effects are in what it returns.
 * - candidate_events: every value overwritten, refused or removed by a write, and who wrote it, so no
 *   edit is ever silently lost (the candidate's history).
 * - interview_notes.day: the interview day a note belongs to; one live note per candidate per day.
 * - the sync epoch: a random id in app_settings that every pull cursor carries; a new database (or a
 *   deliberate reset) gets a new one, which makes devices pull from scratch.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sync_clients', (t) => {
    t.uuid('client_id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('last_mutation_id').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });

  await knex.schema.createTable('applied_mutations', (t) => {
    t.uuid('client_id').notNullable().references('sync_clients.client_id').onDelete('CASCADE');
    t.integer('mutation_id').notNullable();
    t.text('name').notNullable();
    t.text('status').notNullable();
    t.text('reason');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['client_id', 'mutation_id']);
  });
  await knex.raw(`ALTER TABLE applied_mutations ADD COLUMN xid xid8 NOT NULL DEFAULT pg_current_xact_id()`);
  await knex.raw(
    `ALTER TABLE applied_mutations ADD CONSTRAINT applied_mutations_status_check CHECK (status IN ('applied', 'rejected'))`,
  );

  await knex.schema.createTable('candidate_events', (t) => {
    t.bigIncrements('id').primary();
    t.integer('candidate_id').notNullable().references('candidates.id').onDelete('CASCADE');
    t.uuid('candidate_uid').notNullable();
    // A candidate field, '*' for a whole-record removal, or 'interviewNote:yyyy-MM-dd'.
    t.text('field').notNullable();
    t.text('kind').notNullable();
    t.jsonb('value');
    t.text('clock');
    // Who wrote the change that produced the event.
    t.text('origin').notNullable();
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.uuid('client_id');
    t.integer('mutation_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['candidate_id', 'id']);
  });
  await knex.raw(
    `ALTER TABLE candidate_events ADD CONSTRAINT candidate_events_kind_check
       CHECK (kind IN ('overwritten', 'rejected', 'deleted', 'merged'))`,
  );
  await knex.raw(
    `ALTER TABLE candidate_events ADD CONSTRAINT candidate_events_origin_check
       CHECK (origin IN ('sync', 'rest', 'zapier', 'form', 'import', 'dedup'))`,
  );

  await knex.schema.alterTable('interview_notes', (t) => {
    t.text('day');
  });
  await knex.raw(`UPDATE interview_notes SET day = to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') WHERE day IS NULL`);
  await knex.raw(`ALTER TABLE interview_notes ALTER COLUMN day SET NOT NULL`);
  await knex.raw(`ALTER TABLE interview_notes ADD CONSTRAINT interview_notes_day_check CHECK (day ~ '^\\d{4}-\\d{2}-\\d{2}$')`);
  await knex.raw(
    `CREATE UNIQUE INDEX interview_notes_candidate_day_live ON interview_notes (candidate_id, day) WHERE deleted_at IS NULL`,
  );
  await knex.raw(`CREATE INDEX interview_notes_day_idx ON interview_notes (day)`);
  await knex.raw(`CREATE INDEX candidates_interview_idx ON candidates (status_changed_at) WHERE status = 'interview'`);

  await knex('app_settings')
    .insert({ key: 'syncEpoch', value: JSON.stringify(randomUUID()) })
    .onConflict('key')
    .ignore();
}

export async function down(knex: Knex): Promise<void> {
  await knex('app_settings').where({ key: 'syncEpoch' }).delete();
  await knex.raw('DROP INDEX IF EXISTS candidates_interview_idx');
  await knex.raw('DROP INDEX IF EXISTS interview_notes_day_idx');
  await knex.raw('DROP INDEX IF EXISTS interview_notes_candidate_day_live');
  await knex.schema.alterTable('interview_notes', (t) => {
    t.dropChecks(['interview_notes_day_check']);
    t.dropColumn('day');
  });
  await knex.schema.dropTableIfExists('candidate_events');
  await knex.schema.dropTableIfExists('applied_mutations');
  await knex.schema.dropTableIfExists('sync_clients');
}
