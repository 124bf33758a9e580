/**
 * Scheduled interviews (team data: every user pulls them): a candidate's interview at a date and start
 * time in the zone it was scheduled in, its duration, interviewer, place or link and note; tombstones
 * (deleted_at) for cancels, per-field clocks and the `xid` the pull cursor reads, set by the same
 * trigger function as the other synced tables. An erased candidate's interviews are deleted with it
 * (erase.service.ts); an interviewer whose account is deleted leaves the interview without one.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('scheduled_interviews', (t) => {
    t.bigIncrements('id');
    t.uuid('uid').notNullable().unique();
    t.integer('candidate_id').notNullable().references('id').inTable('candidates').onDelete('CASCADE');
    t.text('date').notNullable();
    t.text('start_time').notNullable();
    t.text('time_zone').notNullable();
    t.integer('duration_minutes').notNullable();
    t.integer('interviewer_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('place').notNullable().defaultTo('');
    t.text('note').notNullable().defaultTo('');
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.jsonb('field_clocks').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.raw(`ALTER TABLE scheduled_interviews ADD CONSTRAINT scheduled_interviews_date_check CHECK (date ~ '^\\d{4}-\\d{2}-\\d{2}$')`);
  await knex.raw(`ALTER TABLE scheduled_interviews ADD CONSTRAINT scheduled_interviews_start_check CHECK (start_time ~ '^([01]\\d|2[0-3]):[0-5]\\d$')`);
  await knex.raw('ALTER TABLE scheduled_interviews ADD CONSTRAINT scheduled_interviews_duration_check CHECK (duration_minutes BETWEEN 15 AND 480)');
  await knex.raw('ALTER TABLE scheduled_interviews ADD COLUMN xid xid8 NOT NULL DEFAULT pg_current_xact_id()');
  await knex.raw('CREATE INDEX scheduled_interviews_xid_idx ON scheduled_interviews (xid, id)');
  await knex.raw('CREATE INDEX scheduled_interviews_candidate_idx ON scheduled_interviews (candidate_id)');
  await knex.raw(
    `CREATE TRIGGER scheduled_interviews_set_xid BEFORE INSERT OR UPDATE ON scheduled_interviews
       FOR EACH ROW EXECUTE FUNCTION rephire_set_xid()`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('scheduled_interviews');
}
