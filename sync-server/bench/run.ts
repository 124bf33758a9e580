/**
 * `npm run bench`: the server's benchmarks, printed as a table against the targets. Runs against a
 * scratch PostgreSQL database created from DATABASE_URL (dropped afterwards) when it is set, else an
 * in-memory embedded database (PGlite). The server runs in a child process; the load comes from this
 * one, over loopback. Each figure is one run on whatever else the machine is doing at the time.
 * Later issues add their benchmarks to BENCHMARKS.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import type { FromServer, ToServer } from './bench-server';
import { BenchClient } from './http-load';
import { printReport, type Figure } from './report';
import { pushBenchmark } from './push.bench';
import { pullBenchmark } from './pull.bench';
import { zapierBenchmark } from './zapier.bench';
import { webhooksBenchmark } from './webhooks.bench';

export interface BenchContext {
  url: string;
  /** Signed in as the first (admin) account. */
  client: BenchClient;
  server: BenchServer;
  scratchDir: string;
  log(line: string): void;
}

export type Benchmark = (ctx: BenchContext) => Promise<Figure[]>;

/** In the order they run: the pull reads what the push wrote; webhooks last, as its hook's outbox writes would weigh on the others. */
const BENCHMARKS: Array<[string, Benchmark]> = [
  ['push', pushBenchmark],
  ['pull', pullBenchmark],
  ['zapier', zapierBenchmark],
  ['webhooks', webhooksBenchmark],
];

/** What a benchmark reads that another writes: asked for alone, it runs after that one (the pull reads the push's rows). */
const NEEDS: Record<string, string[]> = { pull: ['push'] };

/** The benchmarks to run for the names asked (every one when none), with what they need; in BENCHMARKS's order. */
export function benchmarksFor(asked: readonly string[]): string[] {
  const unknown = asked.filter((name) => !BENCHMARKS.some(([known]) => known === name));
  if (unknown.length) throw new Error(`no such benchmark: ${unknown.join(', ')} (there are ${BENCHMARKS.map(([name]) => name).join(', ')})`);
  const wanted = new Set(asked.flatMap((name) => [name, ...(NEEDS[name] ?? [])]));
  return BENCHMARKS.map(([name]) => name).filter((name) => !asked.length || wanted.has(name));
}

export class BenchServer {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    /** A do-nothing HTTP server in the server's process, for calibration. */
    readonly echoUrl: string,
    readonly description: string,
  ) {}

  static async start(databaseUrl: string | undefined): Promise<BenchServer> {
    const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), [], {
      // BENCH_CPU_PROF=dir writes a V8 CPU profile of the server process there (for finding hot spots).
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '', LOG_REQUESTS: '0' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = await BenchServer.next(child);
    if (ready.type !== 'ready') throw new Error(`bench server failed: ${JSON.stringify(ready)}`);
    return new BenchServer(child, ready.url, ready.echoUrl, `${ready.version} (${ready.kind === 'pglite' ? 'embedded PGlite' : 'DATABASE_URL'})`);
  }

  private static next(child: ChildProcess): Promise<FromServer> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`bench server exited with ${code}`));
      child.once('exit', onExit);
      child.once('message', (message: FromServer) => {
        child.off('exit', onExit);
        resolve(message);
      });
    });
  }

  async ask(message: ToServer): Promise<FromServer> {
    const answer = BenchServer.next(this.child);
    this.child.send(message);
    const reply = await answer;
    if (reply.type === 'error') throw new Error(reply.message);
    return reply;
  }

  /** CPU time so far of the server process and of its database backends (null when not readable). */
  async cpu(): Promise<{ serverMs: number; databaseMs: number | null }> {
    const reply = await this.ask({ type: 'cpu' });
    if (reply.type !== 'cpu') throw new Error(`unexpected ${reply.type}`);
    return { serverMs: reply.serverMs, databaseMs: reply.databaseMs };
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' } satisfies ToServer);
    await exited;
  }
}

/** Runs with a scratch database made from DATABASE_URL (dropped afterwards), or undefined without one. */
export async function withScratchDatabase<T>(run: (url: string | undefined) => Promise<T>): Promise<T> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return run(undefined);
  const name = `rephire_bench_${randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  };
  // Interrupted (Ctrl-C, a timeout): still leave no scratch database behind.
  const interrupted = () => void drop().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    return await run(url.toString());
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await drop();
  }
}

async function main() {
  const asked = process.argv.slice(2);
  const chosen = benchmarksFor(asked);
  const added = chosen.filter((name) => asked.length && !asked.includes(name));
  if (added.length) console.log(`also running ${added.join(', ')}: ${asked.join(', ')} reads what it writes`);
  // World-readable: PostgreSQL's own server process reads the COPY file from here.
  const scratchDir = mkdtempSync(path.join(tmpdir(), 'rephire-bench-'));
  chmodSync(scratchDir, 0o755);
  try {
    await withScratchDatabase(async (databaseUrl) => {
      const server = await BenchServer.start(databaseUrl);
      const client = new BenchClient(server.url);
      try {
        const registered = await client.json('POST', '/api/register', { username: 'bench-admin', password: 'bench-password' });
        if (registered.status !== 201) throw new Error(`register failed: ${registered.status}`);
        const ctx: BenchContext = { url: server.url, client, server, scratchDir, log: (line) => console.log(`  ${line}`) };
        const figures: Figure[] = [];
        for (const [name, benchmark] of BENCHMARKS) {
          if (!chosen.includes(name)) continue;
          console.log(`running ${name}…`);
          figures.push(...(await benchmark(ctx)));
        }
        printReport(figures, {
          database: server.description,
          machine: `${cpus().length} CPU cores (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}`,
        });
      } finally {
        client.close();
        await server.stop();
      }
    });
  } finally {
    rmSync(scratchDir, { recursive: true, force: true });
  }
}

export function writeScratchFile(ctx: BenchContext, name: string, content: string): string {
  const file = path.join(ctx.scratchDir, name);
  writeFileSync(file, content, { mode: 0o644 });
  return file;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
