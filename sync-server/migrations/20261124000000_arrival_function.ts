import type { Knex } from 'knex';

/**
 * One call for the common case of an integration arrival (Zapier, web forms): take the email's lock
 * stripe, then — in a statement of its own, so its snapshot sees every arrival committed before the lock
 * was granted — return the live candidate with that email (most recently updated) or insert the given
 * record. Run as a single autocommitted statement it costs one round trip instead of five; when it finds
 * a candidate, the server merges into it in a regular transaction (candidate-writes.service.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION rephire_insert_candidate_unless_email(lock_class int, lock_stripe int, email_key text, record json)
    RETURNS TABLE (found boolean, candidate candidates)
    LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(lock_class, lock_stripe);
      RETURN QUERY
        WITH existing AS (
          SELECT c FROM candidates c
           WHERE lower(btrim(c.email)) = email_key AND c.deleted_at IS NULL
           ORDER BY c.updated_at DESC, c.id DESC LIMIT 1
        ), inserted AS (
          INSERT INTO candidates (uid, name, email, phone, location, status, applied_date, status_changed_at, source,
                                  experience, skills, notes, user_id, field_clocks, created_at, updated_at, deleted_at)
            SELECT r.uid, r.name, r.email, r.phone, r.location, r.status, r.applied_date, r.status_changed_at, r.source,
                   r.experience, r.skills, r.notes, r.user_id, r.field_clocks, r.created_at, r.updated_at, r.deleted_at
              FROM json_populate_record(NULL::candidates, record) r
             WHERE NOT EXISTS (SELECT 1 FROM existing)
          RETURNING candidates
        )
        SELECT true, e.c FROM existing e
        UNION ALL
        SELECT false, i.candidates FROM inserted i;
    END $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS rephire_insert_candidate_unless_email(int, int, text, json)');
}
