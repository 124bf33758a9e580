/**
 * REST hooks (the Zapier app's instant triggers): subscriptions of an API key to an event, and the
 * outbox of deliveries owed to them.
 *
 * The outbox is filled by statement-level triggers on candidates, in the transaction of the change
 * itself, so every writer is covered — a device's push, REST, imports, forms and Zapier (including the
 * arrival functions, which insert without the mutation store), deduplication — and a delivery exists
 * exactly when its change committed. Each statement adds one multi-row insert, and only when some
 * subscription follows the event: with none, a write pays the transition table and one index probe.
 *
 * A row is one event owed to one subscription: the event's id (the same for every subscription and on
 * every retry, for the receiver's de-duplication), the candidate as it stood after the change (the
 * columns the REST answer shows, camelCase, so the server turns it into the same DTO), the status it
 * left. Rows of one candidate are delivered in id order per target URL (webhook-deliverer.ts), also
 * when one URL follows both events; `target` is the URL's md5, which keeps that index small whatever
 * the URL's length.
 */
import type { Knex } from 'knex';

const CANDIDATE_SNAPSHOT = `jsonb_build_object(
  'id', n.id, 'uid', n.uid, 'name', n.name, 'email', n.email, 'phone', n.phone, 'location', n.location,
  'status', n.status, 'appliedDate', n.applied_date, 'statusChangedAt', n.status_changed_at, 'source', n.source,
  'experience', n.experience, 'skills', n.skills, 'notes', n.notes, 'userId', n.user_id,
  'createdAt', n.created_at, 'updatedAt', n.updated_at)`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_subscriptions', (t) => {
    t.increments('id');
    t.integer('api_key_id').notNullable().references('api_keys.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('event').notNullable();
    t.text('target_url').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['api_key_id', 'event', 'target_url']);
    t.index(['event']);
  });

  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.bigIncrements('id');
    t.integer('subscription_id').notNullable().references('webhook_subscriptions.id').onDelete('CASCADE');
    t.uuid('event_id').notNullable();
    t.text('event').notNullable();
    t.text('target').notNullable();
    t.integer('candidate_id').notNullable().references('candidates.id').onDelete('CASCADE');
    t.jsonb('candidate').notNullable();
    t.text('previous_status');
    t.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // The claim under way: its token and until when it holds (a dead instance's claim runs out).
    t.text('locked_by');
    t.timestamp('lease_until', { useTz: true });
    t.text('last_error');
    // An earlier delivery of the same candidate to the same target holds the later ones back.
    t.index(['target', 'candidate_id', 'id']);
    // What a claim scans: the due rows, oldest first.
    t.index(['next_attempt_at', 'id']);
    t.index(['subscription_id']);
    t.index(['candidate_id']);
  });

  await knex.raw(`
    CREATE FUNCTION rephire_webhook_created() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM webhook_subscriptions WHERE event = 'candidate.created') THEN
        INSERT INTO webhook_deliveries (subscription_id, event_id, event, target, candidate_id, candidate)
          WITH e AS MATERIALIZED (
            SELECT gen_random_uuid() AS event_id, n.id, ${CANDIDATE_SNAPSHOT} AS candidate
              FROM new_rows n WHERE n.deleted_at IS NULL AND n.erased_at IS NULL)
          SELECT s.id, e.event_id, 'candidate.created', md5(s.target_url), e.id, e.candidate
            FROM e CROSS JOIN webhook_subscriptions s
           WHERE s.event = 'candidate.created'
           ORDER BY e.id, s.id;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE FUNCTION rephire_webhook_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM webhook_subscriptions WHERE event = 'candidate.status_changed') THEN
        INSERT INTO webhook_deliveries (subscription_id, event_id, event, target, candidate_id, candidate, previous_status)
          WITH e AS MATERIALIZED (
            SELECT gen_random_uuid() AS event_id, n.id, ${CANDIDATE_SNAPSHOT} AS candidate, o.status AS previous_status
              FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE n.status IS DISTINCT FROM o.status AND n.deleted_at IS NULL AND n.erased_at IS NULL)
          SELECT s.id, e.event_id, 'candidate.status_changed', md5(s.target_url), e.id, e.candidate, e.previous_status
            FROM e CROSS JOIN webhook_subscriptions s
           WHERE s.event = 'candidate.status_changed'
           ORDER BY e.id, s.id;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER candidates_webhook_created AFTER INSERT ON candidates
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rephire_webhook_created()`);
  await knex.raw(`
    CREATE TRIGGER candidates_webhook_status_changed AFTER UPDATE ON candidates
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rephire_webhook_status_changed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS candidates_webhook_status_changed ON candidates');
  await knex.raw('DROP TRIGGER IF EXISTS candidates_webhook_created ON candidates');
  await knex.raw('DROP FUNCTION IF EXISTS rephire_webhook_status_changed()');
  await knex.raw('DROP FUNCTION IF EXISTS rephire_webhook_created()');
  await knex.schema.dropTable('webhook_deliveries');
  await knex.schema.dropTable('webhook_subscriptions');
}
