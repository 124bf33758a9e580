/**
 * Scorecards: an interview's scorecard lives on its scheduled_interviews row (it belongs to the
 * interview and syncs with it; its interviewer fills it) — a rating 1–4 per criterion id, the overall
 * recommendation and the interviewer's notes. Their clocks join the row's field_clocks.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scheduled_interviews', (t) => {
    t.jsonb('scores').notNullable().defaultTo('{}');
    t.text('recommendation');
    t.text('scorecard_notes').notNullable().defaultTo('');
  });
  await knex.raw(
    `ALTER TABLE scheduled_interviews ADD CONSTRAINT scheduled_interviews_recommendation_check
       CHECK (recommendation IN ('strong_no', 'no', 'yes', 'strong_yes'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scheduled_interviews', (t) => {
    t.dropColumn('scorecard_notes');
    t.dropColumn('recommendation');
    t.dropColumn('scores');
  });
}
