/**
 * The server under benchmark, in a process of its own (forked by run.ts), so the load generator does
 * not share its event loop. It opens the scratch database (BENCH_DATABASE_URL, else an in-memory
 * PGlite), migrates, listens on a loopback port, and answers run.ts over IPC: `copy` times PostgreSQL
 * COPY of a CSV into a copy of the candidates table (same columns, indexes and xid trigger), `hooks`
 * starts or stops the REST hook deliverer (delivering to the benchmark's local receiver), `stop`
 * shuts down.
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app';
import type { Config } from '../src/lib/config';
import { bindModels, migrateLatest, openDatabase } from '../src/db/database';
import { WebhookDeliverer } from '../src/webhooks/webhook-deliverer';
import { COPY_COLUMNS } from './data';

export type ToServer =
  | { type: 'copy'; csvPath: string }
  | { type: 'cpu' }
  | { type: 'hooks'; run: boolean; ca?: string }
  | { type: 'stop' };
export type FromServer =
  | { type: 'ready'; url: string; echoUrl: string; kind: string; version: string }
  | { type: 'copied'; ms: number; rows: number; method: string }
  | { type: 'cpu'; serverMs: number; databaseMs: number | null }
  | { type: 'hooks'; running: boolean }
  | { type: 'error'; message: string };

const send = (message: FromServer) => process.send!(message);

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const db = await openDatabase({ databaseUrl, poolMax: 20 });
await migrateLatest(db.knex);
bindModels(db.knex);
const dataDir = mkdtempSync(path.join(tmpdir(), 'rephire-bench-'));
const config: Config = {
  port: 0,
  host: '127.0.0.1',
  databaseUrl,
  dataDir,
  secretKey: randomBytes(48).toString('base64url'),
  appName: 'RepHire',
  trustProxy: false,
  leadsProviderUrl: 'http://127.0.0.1:9',
  staticDir: dataDir,
  scryptLogN: 14,
  // The limiter runs on every integration call, as in production, but never trips during the benchmark.
  apiKeyRequestsPerMinute: Number(process.env.BENCH_API_KEY_RATE_LIMIT || 100_000_000),
  // The REST hook benchmark's receiver listens on loopback.
  webhookAllowedAddresses: ['127.0.0.1'],
};
/** The REST hook deliverer, as startServer runs it, trusting the benchmark receiver's certificate. */
let deliverer: WebhookDeliverer | undefined;
const server = createApp({ knex: db.knex, config, afterWrite: () => deliverer?.kick() }).listen(0, '127.0.0.1');
await new Promise<void>((resolve) => server.once('listening', resolve));
const { rows: versionRows } = await db.knex.raw('SELECT version() AS version');
// A do-nothing HTTP server in this same process: what one HTTP exchange costs here, right now.
const echo = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
});
echo.listen(0, '127.0.0.1');
await new Promise<void>((resolve) => echo.once('listening', resolve));

async function timedCopy(csvPath: string): Promise<{ ms: number; rows: number; method: string }> {
  const knex = db.knex;
  await knex.raw('DROP TABLE IF EXISTS bench_copy');
  await knex.raw('CREATE TABLE bench_copy (LIKE candidates INCLUDING ALL)');
  await knex.raw('CREATE TRIGGER bench_copy_set_xid BEFORE INSERT OR UPDATE ON bench_copy FOR EACH ROW EXECUTE FUNCTION rephire_set_xid()');
  const copySql = (source: string) => `COPY bench_copy (${COPY_COLUMNS.join(', ')}) FROM ${source} WITH (FORMAT csv)`;
  let method: string;
  const start = performance.now();
  if (db.pglite) {
    await db.pglite.query(copySql(`'/dev/blob'`), [], { blob: new Blob([readFileSync(csvPath)]) });
    method = 'COPY FROM /dev/blob (PGlite)';
  } else {
    try {
      // Server-side COPY from the file: no client round trips at all (the database runs on this machine).
      await knex.raw(copySql(`'${csvPath.replace(/'/g, "''")}'`));
      method = 'COPY FROM file (server side)';
    } catch {
      const result = spawnSync('psql', [databaseUrl!, '-v', 'ON_ERROR_STOP=1', '-c', `\\copy bench_copy (${COPY_COLUMNS.join(', ')}) FROM '${csvPath}' WITH (FORMAT csv)`]);
      if (result.status !== 0) throw new Error(`COPY failed: ${result.stderr.toString()}`);
      method = 'psql \\copy (client side, includes psql start-up)';
    }
  }
  const ms = performance.now() - start;
  const { rows } = await knex.raw('SELECT count(*)::int AS n FROM bench_copy');
  await knex.raw('DROP TABLE bench_copy');
  return { ms, rows: Number(rows[0].n), method };
}

/**
 * CPU time used so far by this process and by the PostgreSQL backends serving this database (read from
 * /proc, so only when PostgreSQL runs on this machine): figures that do not depend on what else the
 * machine is doing, unlike wall-clock times.
 */
async function cpuTimes(): Promise<{ serverMs: number; databaseMs: number | null }> {
  const usage = process.cpuUsage();
  const serverMs = (usage.user + usage.system) / 1000;
  if (db.pglite) return { serverMs, databaseMs: 0 };
  const { rows } = await db.knex.raw('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  let ticks = 0;
  for (const { pid } of rows as Array<{ pid: number }>) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return { serverMs, databaseMs: null };
    }
  }
  return { serverMs, databaseMs: ticks * 10 };
}

async function runHooks(run: boolean, ca: string | undefined): Promise<void> {
  await deliverer?.stop();
  deliverer = run ? new WebhookDeliverer({ knex: db.knex, allowedAddresses: ['127.0.0.1'], ca }) : undefined;
  deliverer?.start();
}

process.on('message', (message: ToServer) => {
  void (async () => {
    try {
      if (message.type === 'copy') send({ type: 'copied', ...(await timedCopy(message.csvPath)) });
      if (message.type === 'cpu') send({ type: 'cpu', ...(await cpuTimes()) });
      if (message.type === 'hooks') {
        await runHooks(message.run, message.ca);
        send({ type: 'hooks', running: message.run });
      }
      if (message.type === 'stop') {
        await deliverer?.stop();
        server.closeAllConnections();
        echo.closeAllConnections();
        echo.close();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await db.close();
        process.exit(0);
      }
    } catch (error) {
      send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  })();
});

send({
  type: 'ready',
  url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  echoUrl: `http://127.0.0.1:${(echo.address() as AddressInfo).port}`,
  kind: db.kind,
  version: String(versionRows[0].version).split(' on ')[0]!,
});
