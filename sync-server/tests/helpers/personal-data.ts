/**
 * Searching everything a server or a device stores for a person's data, for the privacy-erasure
 * tests: every text value of every row of every table, case-insensitively, each needle as a whole
 * word. Values, not the row's JSON: JSON's escapes ("\nZoe") would hide a word's start. Whole words:
 * a short needle such as "zoe" would otherwise turn up inside a random salt or hash now and then
 * ("…56zOEjA…").
 */
import type { Knex } from 'knex';
import type { RepHireDb } from '@/db/database';

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

/** "table: row json" of each row one of whose text values holds a needle as a word. */
function mentioning(rows: Array<{ table: string; row: unknown }>, needles: string[]): string[] {
  const escape = (needle: string) => needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const words = needles.map((needle) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(needle)}(?![\\p{L}\\p{N}])`, 'iu'));
  return rows
    .filter(({ row }) => texts(row).some((text) => words.some((word) => word.test(text))))
    .map(({ table, row }) => `${table}: ${JSON.stringify(row)}`);
}

/** Rows of any table of the server's database that mention one of these strings ("table: row json"). */
export async function serverRowsMentioning(knex: Knex, needles: string[]): Promise<string[]> {
  const { rows: tables } = await knex.raw(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const rows: Array<{ table: string; row: unknown }> = [];
  for (const { name } of tables as Array<{ name: string }>) {
    const { rows: found } = await knex.raw('SELECT row_to_json(t)::text AS j FROM ?? t', [name]);
    for (const { j } of found as Array<{ j: string }>) rows.push({ table: name, row: JSON.parse(j) });
  }
  return mentioning(rows, needles);
}

/** Rows of any table of a device's database that mention one of these strings. */
export async function deviceRowsMentioning(db: RepHireDb, needles: string[]): Promise<string[]> {
  const rows: Array<{ table: string; row: unknown }> = [];
  for (const table of db.tables) for (const row of await table.toArray()) rows.push({ table: table.name, row });
  return mentioning(rows, needles);
}
