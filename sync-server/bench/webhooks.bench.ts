/**
 * REST hook deliveries to a local https receiver (a process of its own, certificate made on the spot),
 * subscribed to candidate.created by an API key as the Zapier app does:
 *  - while Zapier creates arrive at 300 a second: events delivered per second, and the delay from each
 *    create's commit to its event reaching the receiver (p50, p99). The commit is timed by the create's
 *    201, which follows it within a round trip, so the delay is slightly under-stated, never over;
 *  - the deliverer's pace on a backlog: 3,000 events written while it was stopped, delivered from its
 *    start until the last arrives.
 *  - Zapier create throughput with the hook subscribed (16 in flight, as the zapier group measures
 *    without one), the deliverer sending meanwhile: what the outbox insert costs a write.
 * The creates' own latency is printed beside, as it now includes the outbox insert.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FromReceiver, ToReceiver } from './hook-receiver.process';
import { selfSignedCertificate } from '../tests/helpers/image-host';
import { BenchClient, closedLoop, fixedRate, percentile } from './http-load';
import { count, millis, seconds, type Figure } from './report';
import type { Benchmark } from './run';

const RATE = 300;
const RATE_MS = 10_000;
const BACKLOG = 3_000;
const BACKLOG_CONCURRENCY = 16;
const DRAIN_TIMEOUT_MS = 120_000;
const THROUGHPUT_CONCURRENCY = 16;
const THROUGHPUT_MS = 5_000;

interface Receiver {
  url: string;
  /** Wall-clock arrival time (performance.timeOrigin + now()), by candidate id. */
  arrivals: Map<number, number>;
  duplicates: number;
  waitFor(n: number, timeoutMs: number): Promise<boolean>;
  close(): void;
}

/** Milliseconds on a clock the receiver process shares. */
const wallNow = () => performance.timeOrigin + performance.now();

async function startReceiver(tls: { key: string; cert: string }): Promise<Receiver> {
  const child = fork(fileURLToPath(new URL('./hook-receiver.process.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const arrivals = new Map<number, number>();
  let duplicates = 0;
  let waiting: { n: number; resolve: () => void } | undefined;
  const ready = new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`hook receiver exited with ${code}`)));
    child.on('message', (message: FromReceiver) => {
      if (message.type === 'ready') resolve(message.port);
      if (message.type !== 'arrivals') return;
      for (const [id, at] of message.arrivals) {
        if (arrivals.has(id)) duplicates += 1;
        else arrivals.set(id, at);
      }
      if (waiting && arrivals.size >= waiting.n) waiting.resolve();
    });
  });
  child.send({ type: 'start', ...tls } satisfies ToReceiver);
  const port = await ready;
  return {
    url: `https://127.0.0.1:${port}`,
    arrivals,
    get duplicates() {
      return duplicates;
    },
    waitFor: (n, timeoutMs) =>
      new Promise<boolean>((resolve) => {
        if (arrivals.size >= n) return resolve(true);
        const timer = setTimeout(() => resolve(false), timeoutMs);
        waiting = {
          n,
          resolve: () => {
            clearTimeout(timer);
            waiting = undefined;
            resolve(true);
          },
        };
      }),
    close: () => {
      child.removeAllListeners('exit');
      child.kill();
    },
  };
}

export const webhooksBenchmark: Benchmark = async (ctx) => {
  const tls = selfSignedCertificate();
  const receiver = await startReceiver(tls);
  const created = await ctx.client.json('POST', '/api/api-keys', { name: 'bench hooks' });
  if (created.status !== 201) throw new Error(`api key: ${created.status}`);
  const key: string = created.body.key;
  const zapier = new BenchClient(ctx.url, 128);
  const hook = await zapier.request('POST', '/api/zapier/hooks', JSON.stringify({ targetUrl: `${receiver.url}/catch`, event: 'candidate.created' }), { 'x-api-key': key });
  if (hook.status !== 201) throw new Error(`subscribe: ${hook.status} ${hook.text}`);
  const hookId = (JSON.parse(hook.text) as { id: number }).id;

  const tag = Date.now().toString(36);
  let n = 0;
  const answeredAt = new Map<number, number>();
  const create = async () => {
    const i = n++;
    const body = JSON.stringify({ name: `Hook ${i}`, email: `hook.${i}.${tag}@bench.example`, source: 'Zapier' });
    const res = await zapier.request('POST', '/api/zapier/candidates', body, { 'x-api-key': key });
    if (res.status === 201) answeredAt.set((JSON.parse(res.text) as { id: number }).id, wallNow());
    return res.status;
  };

  try {
    await ctx.server.ask({ type: 'hooks', run: true, ca: tls.cert });
    const cpuBefore = await ctx.server.cpu();
    const steady = await fixedRate(create, RATE, RATE_MS);
    const allDelivered = await receiver.waitFor(answeredAt.size, DRAIN_TIMEOUT_MS);
    const cpuAfter = await ctx.server.cpu();
    const delays = [...answeredAt].flatMap(([id, answered]) => {
      const arrived = receiver.arrivals.get(id);
      return arrived === undefined ? [] : [Math.max(0, arrived - answered)];
    });
    const arrivalTimes = [...receiver.arrivals.values()].sort((a, b) => a - b);
    const deliveredPerSecond = arrivalTimes.length > 1 ? (arrivalTimes.length - 1) / ((arrivalTimes.at(-1)! - arrivalTimes[0]!) / 1000) : 0;
    const p50 = percentile(delays, 50);
    const p99 = percentile(delays, 99);
    const steadyDetail = `${count(delays.length)} of ${count(answeredAt.size)} events${allDelivered ? '' : ' (the rest timed out)'}, ${receiver.duplicates} repeats; creates p50 ${millis(percentile(steady.latenciesMs, 50))}, p99 ${millis(percentile(steady.latenciesMs, 99))}, ${steady.failed} failed`;
    ctx.log(`at ${RATE} creates/s: ${count(deliveredPerSecond)} events/s delivered, commit → delivery p50 ${millis(p50)}, p99 ${millis(p99)}`);

    // A backlog: written with the deliverer stopped, then drained.
    await ctx.server.ask({ type: 'hooks', run: false });
    const before = receiver.arrivals.size;
    const backlogStart = n;
    const writers = Array.from({ length: BACKLOG_CONCURRENCY }, async () => {
      while (n < backlogStart + BACKLOG) await create();
    });
    await Promise.all(writers);
    const drainStart = performance.now();
    await ctx.server.ask({ type: 'hooks', run: true, ca: tls.cert });
    const drained = await receiver.waitFor(answeredAt.size, DRAIN_TIMEOUT_MS);
    const drainMs = performance.now() - drainStart;
    const drainedEvents = receiver.arrivals.size - before;
    ctx.log(`backlog of ${count(drainedEvents)} events delivered in ${seconds(drainMs)}${drained ? '' : ' (timed out)'}`);

    const burst = await closedLoop(create, THROUGHPUT_CONCURRENCY, THROUGHPUT_MS);
    const burstPerSecond = burst.ok / (burst.elapsedMs / 1000);
    const burstDelivered = await receiver.waitFor(answeredAt.size, DRAIN_TIMEOUT_MS);
    ctx.log(`with the hook subscribed: ${count(burstPerSecond)} creates/s at ${THROUGHPUT_CONCURRENCY} in flight`);

    return [
      {
        name: `REST hooks at ${RATE} Zapier creates/s: delivered`,
        value: `${count(deliveredPerSecond)} /s`,
        detail: steadyDetail,
      },
      {
        name: `REST hooks at ${RATE} Zapier creates/s: commit → delivery`,
        value: `p50 ${millis(p50)}`,
        detail: `p99 ${millis(p99)}, max ${millis(Math.max(...delays))}; from each create's 201 to the receiver`,
      },
      ...(cpuAfter.databaseMs !== null && cpuBefore.databaseMs !== null
        ? [
            {
              name: 'CPU per Zapier create with its hook delivery',
              value: millis((cpuAfter.serverMs - cpuBefore.serverMs + cpuAfter.databaseMs - cpuBefore.databaseMs) / answeredAt.size),
              detail: `server ${millis((cpuAfter.serverMs - cpuBefore.serverMs) / answeredAt.size)} + database ${millis((cpuAfter.databaseMs - cpuBefore.databaseMs) / answeredAt.size)}, at ${RATE}/s; compare "Zapier CPU per create"`,
            },
          ]
        : []),
      {
        name: 'REST hooks: backlog delivery rate',
        value: `${count(drainedEvents / (drainMs / 1000))} /s`,
        detail: `${count(drainedEvents)} events written while the deliverer was stopped, in ${seconds(drainMs)}${drained ? '' : ' (timed out)'}; ${receiver.duplicates} repeats in all`,
      },
      {
        name: 'Zapier create throughput, a hook subscribed',
        value: `${count(burstPerSecond)} /s`,
        detail: `${THROUGHPUT_CONCURRENCY} in flight for ${THROUGHPUT_MS / 1000} s, each create's event delivered too${burstDelivered ? '' : ' (not all: timed out)'}; p99 ${millis(percentile(burst.latenciesMs, 99))}, ${burst.failed} failed; compare "Zapier create throughput"`,
      },
    ] satisfies Figure[];
  } finally {
    await ctx.server.ask({ type: 'hooks', run: false });
    await zapier.request('DELETE', `/api/zapier/hooks/${hookId}`, undefined, { 'x-api-key': key }).catch(() => undefined);
    zapier.close();
    receiver.close();
  }
};
