/**
 * Before a run of test files in parallel, what their databases need (worker-database.setup.ts hands it
 * to each worker; test-database.ts uses it):
 *
 * - With DATABASE_URL, a PostgreSQL cluster of its own for each vitest worker. Not one shared cluster:
 *   an open transaction in any database of a cluster holds back pg_snapshot_xmin for all of them, and a
 *   pull only returns rows below it, so one file's migrations (or anyone else's tests on that cluster)
 *   would stall another file's pulls. The clusters run the same major version as DATABASE_URL's server;
 *   without binaries of that version the files share DATABASE_URL (correct; pulls only wait longer).
 * - Without it (the embedded database), one migrated PGlite database whose files each test file's
 *   database starts from: creating a PGlite database (its initdb) costs about a second of CPU, which
 *   every file paid again. Migrations still run on PGlite in every run: here, and in the tests that
 *   start servers on an empty database.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import type { TestProject } from 'vitest/node';
import { migrateLatest, openDatabase } from '../../src/db/database';
import { PrivatePostgres, privatePostgresUnavailable } from './private-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One PostgreSQL URL per worker (index VITEST_POOL_ID - 1), or none: use DATABASE_URL as it is. */
    workerDatabaseUrls: string[];
    /** A migrated PGlite database's files (dumpDataDir) on disk, or '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

type Teardown = () => void;

async function serverMajorVersion(url: string): Promise<number> {
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    const { rows } = await admin.raw('SHOW server_version_num');
    return Math.floor(Number(rows[0].server_version_num) / 10_000);
  } finally {
    await admin.destroy();
  }
}

async function whyNoPrivateClusters(url: string): Promise<string | undefined> {
  if (privatePostgresUnavailable) return privatePostgresUnavailable;
  const [wanted, local] = [await serverMajorVersion(url), PrivatePostgres.version()];
  return wanted === local ? undefined : `DATABASE_URL runs PostgreSQL ${wanted}, the binaries found are ${local} (set PG_BIN)`;
}

async function startWorkerClusters(project: TestProject, url: string, workers: number): Promise<Teardown | undefined> {
  const reason = workers > 1 ? await whyNoPrivateClusters(url) : 'one worker';
  if (reason) {
    if (workers > 1) console.log(`[${project.name}] test files share DATABASE_URL's cluster: ${reason}`);
    return undefined;
  }
  const started = await Promise.allSettled(Array.from({ length: workers }, () => PrivatePostgres.start()));
  const clusters = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    for (const cluster of clusters) cluster.destroy();
    throw failed.reason;
  }
  project.provide('workerDatabaseUrls', clusters.map((cluster) => cluster.url()));
  return () => {
    for (const cluster of clusters) cluster.destroy();
  };
}

async function writePgliteTemplate(project: TestProject): Promise<Teardown> {
  const db = await openDatabase({});
  try {
    await migrateLatest(db.knex);
    const dump = await db.pglite!.dumpDataDir('none');
    const dir = mkdtempSync(path.join(tmpdir(), 'rephire-pglite-'));
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return () => rmSync(dir, { recursive: true, force: true });
  } finally {
    await db.close();
  }
}

export default async function setup(project: TestProject): Promise<Teardown | undefined> {
  project.provide('workerDatabaseUrls', []);
  project.provide('pgliteTemplate', '');
  // A project may set DATABASE_URL for its workers (server-pglite empties it).
  const env = project.config.env ?? {};
  const url = 'DATABASE_URL' in env ? env.DATABASE_URL : process.env.DATABASE_URL;
  if (!url) return writePgliteTemplate(project);
  return startWorkerClusters(project, url, project.config.maxWorkers || project.globalConfig.maxWorkers);
}
