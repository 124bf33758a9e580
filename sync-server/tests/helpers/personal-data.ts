/**
 * Searching everything a server or a device stores for a person's data, for the privacy-erasure
 * tests: every row of every table, as text, case-insensitively.
 */
import type { Knex } from 'knex';
import type { RepHireDb } from '@/db/database';

function mentioning(texts: string[], needles: string[]): string[] {
  const lowered = needles.map((needle) => needle.toLowerCase());
  return texts.filter((text) => lowered.some((needle) => text.toLowerCase().includes(needle)));
}

/** Rows of any table of the server's database that mention one of these strings ("table: row json"). */
export async function serverRowsMentioning(knex: Knex, needles: string[]): Promise<string[]> {
  const { rows: tables } = await knex.raw(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const texts: string[] = [];
  for (const { name } of tables as Array<{ name: string }>) {
    const { rows } = await knex.raw('SELECT row_to_json(t)::text AS j FROM ?? t', [name]);
    for (const { j } of rows as Array<{ j: string }>) texts.push(`${name}: ${j}`);
  }
  return mentioning(texts, needles);
}

/** Rows of any table of a device's database that mention one of these strings. */
export async function deviceRowsMentioning(db: RepHireDb, needles: string[]): Promise<string[]> {
  const texts: string[] = [];
  for (const table of db.tables) for (const row of await table.toArray()) texts.push(`${table.name}: ${JSON.stringify(row)}`);
  return mentioning(texts, needles);
}
