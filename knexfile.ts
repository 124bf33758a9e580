/**
 * Knex configuration for the knex CLI, e.g.
 * `tsx node_modules/knex/bin/cli.js --knexfile knexfile.ts migrate:status`. The server itself opens the
 * database through sync-server/src/db/database.ts (`npm run migrate` uses that too); both share the
 * migration list and the snake_case mapping.
 */
import { PGlite } from '@electric-sql/pglite';
import ClientPGLite from 'knex-pglite';
import type { Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { migrationSource } from './sync-server/migrations/index';

const databaseUrl = process.env.DATABASE_URL;
const common = { ...knexSnakeCaseMappers(), migrations: { migrationSource, tableName: 'knex_migrations' } };

// The embedded database must be one PGlite instance, handed to knex (knex calls `connection` repeatedly).
let pglite: PGlite | undefined;

const config: Knex.Config = databaseUrl
  ? { ...common, client: 'pg', connection: databaseUrl }
  : {
      ...common,
      client: ClientPGLite,
      connection: () => ({ pglite: (pglite ??= new PGlite(`${process.env.DATA_DIR || './data'}/pglite`)) }),
    } as Knex.Config;

export default config;
