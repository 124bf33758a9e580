/**
 * Each candidate row remembers its latest run of writes by one device's mutations (its "own writes"),
 * so a pull can confirm to that device rows it already holds instead of sending them back
 * (pull.service.ts):
 *   own_client  the device (sync client) whose mutations made every write since own_start; NULL once
 *               any other writer (REST, an integration, dedup, erasure, a server import, another
 *               device, a mutation whose clock was clamped) writes the row;
 *   own_base    the xid of the row's version before that run (NULL: the run created the row);
 *   own_start   the xid of the run's first write;
 *   own_first, own_last, own_count  the run's first and last mutation ids and how many mutations it has.
 * A push marks its mutation's transaction with the writer (`rephire.sync_writer` = 'clientId/mutationId',
 * set for that transaction only); a write without the mark ends the run. The trigger fires on every
 * insert and update, like the xid trigger, so no writer can forget it.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE candidates
    ADD COLUMN own_client uuid, ADD COLUMN own_base xid8, ADD COLUMN own_start xid8,
    ADD COLUMN own_first integer, ADD COLUMN own_last integer, ADD COLUMN own_count integer`);
  await knex.raw(`
    CREATE FUNCTION rephire_track_own_writes() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      writer text := nullif(current_setting('rephire.sync_writer', true), '');
      client uuid;
      mutation integer;
    BEGIN
      IF writer IS NULL THEN
        NEW.own_client := NULL; NEW.own_base := NULL; NEW.own_start := NULL;
        NEW.own_first := NULL; NEW.own_last := NULL; NEW.own_count := NULL;
        RETURN NEW;
      END IF;
      client := split_part(writer, '/', 1)::uuid;
      mutation := split_part(writer, '/', 2)::integer;
      IF TG_OP = 'UPDATE' AND OLD.own_client = client THEN
        NEW.own_client := OLD.own_client; NEW.own_base := OLD.own_base; NEW.own_start := OLD.own_start;
        NEW.own_first := OLD.own_first; NEW.own_last := mutation;
        NEW.own_count := OLD.own_count + CASE WHEN OLD.own_last = mutation THEN 0 ELSE 1 END;
        RETURN NEW;
      END IF;
      NEW.own_client := client;
      NEW.own_base := CASE WHEN TG_OP = 'UPDATE' THEN OLD.xid END;
      NEW.own_start := pg_current_xact_id();
      NEW.own_first := mutation; NEW.own_last := mutation; NEW.own_count := 1;
      RETURN NEW;
    END $$`);
  await knex.raw(
    `CREATE TRIGGER candidates_track_own_writes BEFORE INSERT OR UPDATE ON candidates
       FOR EACH ROW EXECUTE FUNCTION rephire_track_own_writes()`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS candidates_track_own_writes ON candidates');
  await knex.raw('DROP FUNCTION IF EXISTS rephire_track_own_writes()');
  await knex.raw(`ALTER TABLE candidates DROP COLUMN own_client, DROP COLUMN own_base, DROP COLUMN own_start,
    DROP COLUMN own_first, DROP COLUMN own_last, DROP COLUMN own_count`);
}
