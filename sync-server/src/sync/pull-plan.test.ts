/**
 * How PostgreSQL plans a pull page's reads (pull.service.ts: inIndexOrder): by walking each table's
 * (xid, id) index in order, also right after a large write that the table's statistics do not know of
 * yet — the moment a device pulls the confirmations of its import.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database';
import { SYNCED_TABLES } from './cursor';
import { changedRowsQuery, inIndexOrder } from './pull.service';

const ROWS = 20_000;
const CLIENT = '00000000-0000-4000-8000-000000000001';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  // Nothing may analyze the table behind the test's back: what it checks is a plan made without statistics.
  await db.knex.raw('ALTER TABLE candidates SET (autovacuum_enabled = false)');
  // An import's rows as one client's own writes, stamped here: the own-writes trigger stamps a row only
  // inside a push, and clears the stamp of any other write.
  await db.knex.raw('ALTER TABLE candidates DISABLE TRIGGER candidates_track_own_writes');
  await db.knex.raw(
    `INSERT INTO candidates (uid, name, email, own_client, own_start, own_first, own_last, own_count)
     SELECT gen_random_uuid(), 'Rep ' || g, 'rep' || g || '@plan.test', ?::uuid, pg_current_xact_id(), 1, 1, 1
       FROM generate_series(1, ?) AS g`,
    [CLIENT, ROWS],
  );
}, 60_000);
afterAll(() => db?.close());

async function plan(knex: Knex | Knex.Transaction, query: { sql: string; bindings: Array<string | number> }): Promise<string> {
  const { rows } = await knex.raw(`EXPLAIN ${query.sql}`, query.bindings);
  return (rows as Array<{ 'QUERY PLAN': string }>).map((row) => row['QUERY PLAN']).join('\n');
}

const firstPage = (table: (typeof SYNCED_TABLES)[number]) =>
  changedRowsQuery(table, 1, ['0', 0], '18446744073709551615', 10_000, { ownWrites: { clientId: CLIENT, known: ['1', '1'] }, sharedClocks: false });

describe('a pull page’s plan', () => {
  it('sorts a freshly written table when left to its statistics (why inIndexOrder exists)', async () => {
    expect(await plan(db.knex, firstPage('candidates'))).toMatch(/\bSort\b/);
  });

  it('walks every table’s (xid, id) index in order instead, sorting nothing', async () => {
    for (const table of SYNCED_TABLES) {
      const shown = await inIndexOrder(db.knex, (trx) => plan(trx, firstPage(table)));
      expect(shown, table).not.toMatch(/\bSort\b/);
      expect(shown, table).toMatch(/Index (Only )?Scan using \w+_xid_idx on \w+ t\b/);
    }
  });

  it('reads the page it plans: the first 10,000 rows in (xid, id) order, as confirmations', async () => {
    const { rows } = await inIndexOrder(db.knex, (trx) => trx.raw(firstPage('candidates').sql, firstPage('candidates').bindings));
    const page = rows as Array<{ id: number; x: string; c: string | null; j: string | null }>;
    expect(page).toHaveLength(10_000);
    const ordered = [...page].sort((a, b) => (BigInt(a.x) === BigInt(b.x) ? a.id - b.id : BigInt(a.x) < BigInt(b.x) ? -1 : 1));
    expect(page.map((row) => row.id)).toEqual(ordered.map((row) => row.id));
    expect(page.every((row) => row.c !== null && row.j === null)).toBe(true);
  });

  it('leaves the connection as it was: the setting ends with the page’s transaction', async () => {
    await inIndexOrder(db.knex, async () => undefined);
    const { rows } = await db.knex.raw('SHOW enable_sort');
    expect(rows[0].enable_sort).toBe('on');
  });
});
