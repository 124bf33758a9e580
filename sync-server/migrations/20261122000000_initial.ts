import type { Knex } from 'knex';

/**
 * Every entity of the spec's section 3, plus sessions, app settings and rate-limit counters.
 * Synced tables (candidates, experiences, interview notes) carry a uid, a tombstone (deleted_at),
 * per-field HLC stamps (field_clocks) and `xid xid8`, set by a trigger to the writing transaction's id:
 * the pull cursor is built on it (see sync-server/src/sync).
 */
const SYNCED = ['candidates', 'experiences', 'interview_notes'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.text('username').notNullable();
    t.text('password_hash').notNullable();
    t.text('role').notNullable().defaultTo('recruiter');
    t.text('email');
    t.text('display_name');
    t.text('theme').notNullable().defaultTo('system');
    t.boolean('compact_view').notNullable().defaultTo(false);
    t.boolean('high_contrast').notNullable().defaultTo(false);
    t.boolean('email_notifications').notNullable().defaultTo(true);
    t.boolean('new_candidate_alert').notNullable().defaultTo(true);
    t.boolean('status_change_alert').notNullable().defaultTo(true);
    t.boolean('weekly_digest').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'recruiter'))`);
  await knex.raw(`ALTER TABLE users ADD CONSTRAINT users_theme_check CHECK (theme IN ('light', 'dark', 'system'))`);
  await knex.raw('CREATE UNIQUE INDEX users_username_unique ON users (lower(username))');

  await knex.schema.createTable('sessions', (t) => {
    t.text('id').primary();
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.jsonb('data').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['expires_at']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('rate_limits', (t) => {
    t.text('bucket').primary();
    t.integer('count').notNullable();
    t.timestamp('reset_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('app_settings', (t) => {
    t.text('key').primary();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('candidates', (t) => {
    t.increments('id').primary();
    t.uuid('uid').notNullable().unique();
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('phone');
    t.text('location');
    t.text('status').notNullable().defaultTo('new');
    t.timestamp('applied_date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('status_changed_at', { useTz: true });
    t.text('source');
    t.text('experience');
    t.text('skills').notNullable().defaultTo('');
    t.text('notes').notNullable().defaultTo('');
    // Who created or imported it; candidates belong to the team and outlive their creator's account.
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.jsonb('field_clocks').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.raw(
    `ALTER TABLE candidates ADD CONSTRAINT candidates_status_check
       CHECK (status IN ('new', 'screening', 'interview', 'assessment', 'offer', 'hired', 'rejected'))`,
  );
  await knex.raw('CREATE INDEX candidates_email_norm_idx ON candidates (lower(btrim(email)))');

  await knex.schema.createTable('experiences', (t) => {
    t.increments('id').primary();
    t.uuid('uid').notNullable().unique();
    t.integer('candidate_id').notNullable().references('candidates.id').onDelete('CASCADE');
    t.text('title').notNullable();
    t.text('company').notNullable();
    t.text('start_date').notNullable();
    t.text('end_date');
    t.text('description');
    t.boolean('current').notNullable().defaultTo(false);
    t.jsonb('field_clocks').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('deleted_at', { useTz: true });
    t.index(['candidate_id']);
  });

  await knex.schema.createTable('interview_notes', (t) => {
    t.increments('id').primary();
    t.uuid('uid').notNullable().unique();
    t.integer('candidate_id').notNullable().references('candidates.id').onDelete('CASCADE');
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.text('note').notNullable().defaultTo('');
    t.jsonb('field_clocks').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('deleted_at', { useTz: true });
    t.index(['candidate_id']);
  });

  await knex.schema.createTable('api_keys', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    // SHA-256 of the key (hex); the key itself is shown once and never stored.
    t.text('key_hash').notNullable().unique();
    t.text('key_prefix').notNullable();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used', { useTz: true });
    t.index(['user_id']);
  });

  await knex.schema.createTable('proxycurl_api_keys', (t) => {
    t.increments('id').primary();
    // AES-256-GCM ciphertext (key derived from SECRET_KEY); only `hasKey` ever leaves the server.
    t.text('api_key_encrypted').notNullable();
    t.integer('user_id').notNullable().unique().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used', { useTz: true });
  });

  await knex.schema.createTable('linkedin_sales_reps', (t) => {
    t.uuid('id').primary();
    t.text('full_name');
    t.text('job_title');
    t.text('company');
    t.text('location');
    t.text('linkedin_url').notNullable();
    t.text('email');
    t.text('phone_number');
    t.text('job_title_input').notNullable();
    t.text('location_input').notNullable();
    t.timestamp('scraped_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_scraped_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('profile_pic_url');
    t.text('headline');
    t.text('summary');
    t.jsonb('experience').notNullable().defaultTo('[]');
    t.jsonb('education').notNullable().defaultTo('[]');
    t.integer('follower_count');
    // Leads belong to the user who saved them; one row per profile per user.
    t.unique(['user_id', 'linkedin_url']);
    t.index(['user_id', 'scraped_at']);
  });

  // The pull cursor: the id of the transaction that last wrote each synced row.
  await knex.raw(`
    CREATE FUNCTION rephire_set_xid() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.xid := pg_current_xact_id();
      RETURN NEW;
    END $$`);
  for (const table of SYNCED) {
    await knex.raw(`ALTER TABLE ${table} ADD COLUMN xid xid8 NOT NULL DEFAULT pg_current_xact_id()`);
    await knex.raw(`CREATE INDEX ${table}_xid_idx ON ${table} (xid, id)`);
    await knex.raw(
      `CREATE TRIGGER ${table}_set_xid BEFORE INSERT OR UPDATE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION rephire_set_xid()`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'linkedin_sales_reps',
    'proxycurl_api_keys',
    'api_keys',
    'interview_notes',
    'experiences',
    'candidates',
    'app_settings',
    'rate_limits',
    'sessions',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw('DROP FUNCTION IF EXISTS rephire_set_xid()');
}
