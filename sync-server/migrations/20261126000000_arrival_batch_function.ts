import type { Knex } from 'knex';

/**
 * The batch form of rephire_insert_candidate_unless_email (migration 20261124000000), for arrivals that
 * come in together (candidates/arrival-batcher.ts): take the lock stripes of all their emails (given in
 * ascending order), then — in a statement of its own, so its snapshot sees every arrival committed before
 * the locks were granted — for each record, find the live candidate with its email (most recently
 * updated) or insert it. Records carry their normalised email as `email_key`; no two in one call share
 * one (a later arrival of an email must see the earlier one, so the caller puts it in the next call).
 * Answers, per record (by its uid): the found candidate as JSON, or the id it was inserted with.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION rephire_insert_candidates_unless_emails(lock_class int, lock_stripes int[], records jsonb)
    RETURNS TABLE (arrival_uid uuid, inserted_id int, existing json)
    LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(lock_class, s) FROM unnest(lock_stripes) AS s;
      RETURN QUERY
        WITH input AS (
          SELECT e.j->>'email_key' AS email_key, r.*
            FROM jsonb_array_elements(records) AS e(j), LATERAL jsonb_populate_record(NULL::candidates, e.j) AS r
        ), found AS (
          SELECT i.uid, f.c FROM input i, LATERAL (
            SELECT c FROM candidates c
             WHERE lower(btrim(c.email)) = i.email_key AND c.deleted_at IS NULL
             ORDER BY c.updated_at DESC, c.id DESC LIMIT 1) AS f
        ), inserted AS (
          INSERT INTO candidates (uid, name, email, phone, location, status, applied_date, status_changed_at, source,
                                  experience, skills, notes, user_id, field_clocks, created_at, updated_at, deleted_at)
            SELECT i.uid, i.name, i.email, i.phone, i.location, i.status, i.applied_date, i.status_changed_at, i.source,
                   i.experience, i.skills, i.notes, i.user_id, i.field_clocks, i.created_at, i.updated_at, i.deleted_at
              FROM input i
             WHERE NOT EXISTS (SELECT 1 FROM found WHERE found.uid = i.uid)
          RETURNING candidates.uid, candidates.id
        )
        SELECT found.uid, NULL::int, row_to_json(found.c) FROM found
        UNION ALL
        SELECT inserted.uid, inserted.id, NULL::json FROM inserted;
    END $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS rephire_insert_candidates_unless_emails(int, int[], jsonb)');
}
