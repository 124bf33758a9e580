/**
 * Opens the database: real PostgreSQL through pg when a connection string is given, else embedded
 * PostgreSQL (PGlite) persisted in a folder, or in memory for tests. Both answer int8 as strings, so a
 * count or a bigint never reaches JSON as a BigInt, and both run the same migrations.
 *
 * PGlite has one connection: any query issued while a transaction is open must use that transaction,
 * or it waits for the connection forever. Services therefore always take `trx`.
 */
import knexFactory, { type Knex } from 'knex';
import { mkdirSync } from 'node:fs';
import { Model, knexSnakeCaseMappers } from 'objection';
import pg from 'pg';
import { migrationSource } from '../../migrations/index';

// pg answers int8 as strings already; keep it that way, and timestamps as Date objects.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => value);

export interface DatabaseOptions {
  /** A PostgreSQL connection string. */
  databaseUrl?: string;
  /** Folder for the embedded database; omitted means in memory. */
  dataDir?: string;
  /** Start the embedded database from this copy of another one's files (PGlite's dumpDataDir). */
  loadDataDir?: Blob;
  /** How long to wait for a pooled connection, in ms. */
  acquireTimeoutMs?: number;
  poolMax?: number;
}

export interface Database {
  knex: Knex;
  kind: 'postgres' | 'pglite';
  /** The embedded database itself, when kind is 'pglite' (the benchmarks COPY into it directly). */
  pglite?: import('@electric-sql/pglite').PGlite;
  close(): Promise<void>;
}

const INT8_OID = 20;

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined) {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir, { parsers: { [INT8_OID]: (value: string) => value }, loadDataDir });
  await pglite.waitReady;
  return pglite;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const common = {
    ...knexSnakeCaseMappers(),
    acquireConnectionTimeout: options.acquireTimeoutMs ?? 60_000,
    migrations: { migrationSource, tableName: 'knex_migrations' },
  };
  if (options.databaseUrl) {
    const knex = knexFactory({
      ...common,
      client: 'pg',
      connection: options.databaseUrl,
      pool: {
        min: 0,
        max: options.poolMax ?? 10,
        // The app's queries are short key lookups and writes: JIT compilation only ever adds hundreds of
        // milliseconds to them (it triggers on the planner's cost estimates of batch lookups).
        afterCreate: (connection: { query(sql: string, done: (error: Error | null) => void): void }, done: (error: Error | null, connection: unknown) => void) =>
          connection.query('SET jit = off', (error) => done(error, connection)),
      },
    });
    return { knex, kind: 'postgres', close: () => knex.destroy() };
  }
  const { default: ClientPGLite } = await import('knex-pglite');
  const pglite = await openPglite(options.dataDir, options.loadDataDir);
  const knex = knexFactory({ ...common, client: ClientPGLite, connection: () => ({ pglite }) } as Knex.Config);
  return {
    knex,
    kind: 'pglite',
    pglite,
    close: async () => {
      await knex.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** The key of the PostgreSQL advisory lock that lets one server instance at a time migrate. */
const MIGRATION_LOCK_KEY = 7_246_913_001;

/**
 * Applies every pending migration. Server instances starting together on one PostgreSQL take turns:
 * knex's own lock row lives in a table it creates first, and two instances creating it at once on an
 * empty database made one of them fail to start. A session-level advisory lock on a connection of its
 * own serializes the whole step (and is released if the process dies). The embedded database has one
 * connection and one process: no lock needed.
 */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const latest = async () => ((await knex.migrate.latest()) as [number, string[]])[1];
  // The lock takes a connection of its own: with a one-connection pool, migrating would wait for it forever.
  if (knex.client.config.client !== 'pg' || (knex.client.pool?.max ?? 2) < 2) return latest();
  const connection = await knex.client.acquireConnection();
  try {
    await knex.raw('SELECT pg_advisory_lock(?)', [MIGRATION_LOCK_KEY]).connection(connection);
    return await latest();
  } finally {
    await knex
      .raw('SELECT pg_advisory_unlock(?)', [MIGRATION_LOCK_KEY])
      .connection(connection)
      .catch(() => undefined);
    await knex.client.releaseConnection(connection);
  }
}

/** Binds Objection models to this database. One database per process (tests: per worker). */
export function bindModels(knex: Knex): void {
  Model.knex(knex);
}
