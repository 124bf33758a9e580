/**
 * A database of its own for each test file: a fresh PostgreSQL database created from DATABASE_URL when
 * it is set (CI), else an in-memory PGlite. Migrated, and dropped again when the file is done. Under
 * vitest a migrated PGlite starts as a copy of the one migrated at the start of the run
 * (TEST_PGLITE_TEMPLATE, see pglite-template.global-setup.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import knexFactory from 'knex';
import { migrateLatest, openDatabase, type Database } from '../../src/db/database';

export interface TestDatabase extends Database {
  url?: string;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** `migrate: false` leaves the database empty (for servers that migrate it as they start). */
export async function createTestDatabase({ migrate = true }: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const template = migrate ? process.env.TEST_PGLITE_TEMPLATE : undefined;
    const loadDataDir = template ? new Blob([readFileSync(template)]) : undefined;
    const db = await openDatabase({ acquireTimeoutMs: 10_000, loadDataDir });
    // Nothing left to apply on the copy; kept so a database never starts on an old schema.
    if (migrate) await migrateLatest(db.knex);
    return db;
  }
  const name = `rephire_test_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = withDatabaseName(baseUrl, name);
  const db = await openDatabase({ databaseUrl: url, acquireTimeoutMs: 10_000 });
  if (migrate) await migrateLatest(db.knex);
  return {
    ...db,
    url,
    async close() {
      await db.close();
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}
