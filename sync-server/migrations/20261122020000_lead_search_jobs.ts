import type { Knex } from 'knex';

/**
 * Lead searches run as background jobs (sync-server/src/linkedin/search-job.runner.ts). A job keeps the
 * provider's page cursor and its counts, written in the same transaction as the leads of each page, so
 * after a restart it resumes exactly where the last saved page ended. A runner owns a job while its
 * lease (locked_by, lease_until) holds; every write is fenced on locked_by. One active job per user.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lead_search_jobs', (t) => {
    t.uuid('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('queued');
    t.text('job_title').notNullable();
    t.text('location_input').notNullable();
    // The provider query read from the form: country (ISO alpha-2), region, city.
    t.jsonb('query').notNullable();
    t.integer('requested_count').notNullable();
    t.integer('processed_count').notNullable().defaultTo(0);
    t.integer('new_count').notNullable().defaultTo(0);
    t.integer('updated_count').notNullable().defaultTo(0);
    t.integer('pages_fetched').notNullable().defaultTo(0);
    t.integer('empty_pages').notNullable().defaultTo(0);
    t.integer('total_available');
    // The provider's next_page URL; null before the first page.
    t.text('next_page');
    t.boolean('cancel_requested').notNullable().defaultTo(false);
    t.text('error_code');
    t.text('error_message');
    t.text('error_detail');
    t.text('error_action');
    t.text('locked_by');
    t.timestamp('lease_until', { useTz: true });
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
  });
  await knex.raw(
    `ALTER TABLE lead_search_jobs ADD CONSTRAINT lead_search_jobs_status_check
       CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled'))`,
  );
  await knex.raw(
    `ALTER TABLE lead_search_jobs ADD CONSTRAINT lead_search_jobs_count_check
       CHECK (requested_count BETWEEN 1 AND 200000 AND processed_count >= 0)`,
  );
  await knex.raw(
    `CREATE UNIQUE INDEX lead_search_jobs_one_active ON lead_search_jobs (user_id) WHERE status IN ('queued', 'running')`,
  );
  await knex.raw(
    `CREATE INDEX lead_search_jobs_claimable ON lead_search_jobs (created_at) WHERE status IN ('queued', 'running')`,
  );
  // Devices fetch leads in the order they last changed (GET /api/linkedin/sales-reps?since=…).
  await knex.raw('CREATE INDEX linkedin_sales_reps_changes ON linkedin_sales_reps (user_id, last_scraped_at, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS linkedin_sales_reps_changes');
  await knex.schema.dropTableIfExists('lead_search_jobs');
}
