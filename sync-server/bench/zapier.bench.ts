/**
 * Zapier creates: throughput with a fixed number of requests in flight, then latency at a fixed 300
 * requests a second (measured from each request's scheduled start). Every request creates a new
 * candidate (a fresh email) through the real path: key lookup, per-key rate limit, validation, email
 * lock, insert.
 */
import { BenchClient, closedLoop, fixedRate, percentile } from './http-load';
import { count, millis, type Figure } from './report';
import type { Benchmark } from './run';

const CONCURRENCY = 16;
const THROUGHPUT_MS = 5_000;
const RATE = 300;
const RATE_MS = 10_000;

export const zapierBenchmark: Benchmark = async (ctx) => {
  const created = await ctx.client.json('POST', '/api/api-keys', { name: 'bench' });
  if (created.status !== 201) throw new Error(`api key: ${created.status}`);
  const key: string = created.body.key;
  const zapier = new BenchClient(ctx.url, 128);
  const tag = Date.now().toString(36);
  let n = 0;
  const create = async () => {
    const i = n++;
    const body = JSON.stringify({ name: `Zap ${i}`, email: `zap.${i}.${tag}@bench.example`, phone: '+1 555 0100', source: 'Zapier' });
    return (await zapier.request('POST', '/api/zapier/candidates', body, { 'x-api-key': key })).status;
  };
  const echo = new BenchClient(ctx.server.echoUrl, 128);
  try {
    const bare = await closedLoop(async () => (await echo.request('POST', '/', '{"name":"x"}')).status, CONCURRENCY, 3_000, [200]);
    const barePerSecond = bare.ok / (bare.elapsedMs / 1000);
    ctx.log(`calibration: a do-nothing HTTP server answers ${count(barePerSecond)} req/s here right now`);
    await closedLoop(create, 8, 1_000);
    const cpuBefore = await ctx.server.cpu();
    const burst = await closedLoop(create, CONCURRENCY, THROUGHPUT_MS);
    const cpuAfter = await ctx.server.cpu();
    if (burst.failed) ctx.log(`throughput run: ${burst.failed} failed (${JSON.stringify(burst.statuses)})`);
    const perSecond = burst.ok / (burst.elapsedMs / 1000);
    ctx.log(`throughput: ${count(perSecond)} creates/s, p99 ${millis(percentile(burst.latenciesMs, 99))} at ${CONCURRENCY} in flight`);
    const steady = await fixedRate(create, RATE, RATE_MS);
    const p50 = percentile(steady.latenciesMs, 50);
    const p99 = percentile(steady.latenciesMs, 99);
    ctx.log(`at ${RATE}/s: p50 ${millis(p50)}, p99 ${millis(p99)}, failed ${steady.failed}`);
    const figures: Figure[] = [
      {
        name: 'Calibration: do-nothing HTTP server',
        value: `${count(barePerSecond)} /s`,
        detail: `same client and concurrency, same moment: no request here can be faster`,
      },
      {
        name: 'Zapier create throughput',
        value: `${count(perSecond)} /s`,
        target: '≥ 1,000 /s',
        met: perSecond >= 1000 && burst.failed === 0,
        detail: `${CONCURRENCY} in flight for ${THROUGHPUT_MS / 1000} s; ${burst.failed} failed`,
      },
      {
        name: `Zapier creates at ${RATE} req/s: p99 latency`,
        value: millis(p99),
        target: '< 50 ms',
        met: p99 < 50 && steady.failed === 0,
        detail: `p50 ${millis(p50)}, max ${millis(Math.max(...steady.latenciesMs))}, ${count(steady.ok)} ok, ${steady.failed} failed`,
      },
    ];
    if (cpuAfter.databaseMs !== null && cpuBefore.databaseMs !== null) {
      const requests = burst.ok + burst.failed;
      const serverMs = (cpuAfter.serverMs - cpuBefore.serverMs) / requests;
      const databaseMs = (cpuAfter.databaseMs - cpuBefore.databaseMs) / requests;
      // What two otherwise idle cores could serve, from CPU time alone (load generator not counted).
      figures.push({
        name: 'Zapier CPU per create',
        value: millis(serverMs + databaseMs),
        detail: `server ${millis(serverMs)} + database ${millis(databaseMs)}; about ${count(2000 / (serverMs + databaseMs))} creates/s on 2 idle cores`,
      });
    }
    return figures;
  } finally {
    echo.close();
    zapier.close();
  }
};
