/**
 * `npm run soak`: the server process under a steady mix for SOAK_SECONDS (default 300) — 10 simulated
 * devices running the real sync engine (pwa/src/sync over fake-indexeddb), each editing every second
 * or two and going offline and online again now and then, while Zapier adds SOAK_ZAPIER_RATE (100)
 * candidates a second. Then everyone syncs and every device is compared with what a new device pulls.
 *
 * Prints: mutations pushed, the Zapier rate achieved and its latencies, errors (failed Zapier calls,
 * failed syncs, changes the server refused for another reason than a concurrent delete, errors the
 * server logged — all must be 0), the convergence result, and the server's memory after a full GC at
 * the start, every 30 s and at the end, with the slope of a straight line fitted through the samples
 * after the first minute (flat = about 0 MB/min). Exits 1 when there were errors or no convergence.
 * Runs against a scratch database from DATABASE_URL, else the embedded one.
 */
// The devices' IndexedDB, before Dexie loads.
import 'fake-indexeddb/auto';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { DEFAULT_TIMING } from '@/sync/scheduler';
import { SyncError, type SyncTransport } from '@/sync/transport';
import { EngineDevice, convergenceProblems, syncUntilIdle } from '../tests/helpers/engine-device';
import { HttpClient } from '../tests/helpers/http-client';
import { keepEditing, RandomEditor } from '../tests/helpers/random-edits';
import { ServerProcess } from '../tests/helpers/server-process';
import { ADMIN } from '../tests/helpers/test-server';
import { BenchClient, fixedRate, percentile } from './http-load';
import { withScratchDatabase } from './run';

const SECONDS = Number(process.env.SOAK_SECONDS || 300);
const DEVICES = Number(process.env.SOAK_DEVICES || 10);
const ZAPIER_RATE = Number(process.env.SOAK_ZAPIER_RATE || 100);
/** A device edits every EDIT_MS on average. */
const EDIT_MS = 1_500;
const SAMPLE_MS = 10_000;
const REPORT_MS = 30_000;
const WARM_UP_MS = 60_000;
const DELETED_REASON = /deleted/i;

const mb = (bytes: number) => bytes / (1024 * 1024);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const elapsed = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`.padStart(6);

interface MemorySample {
  atMs: number;
  rss: number;
  heapUsed: number;
}

/** Least-squares slope of `value` over time, in MB per minute. */
function slopePerMinute(samples: MemorySample[], value: (s: MemorySample) => number): number {
  if (samples.length < 2) return NaN;
  const xs = samples.map((s) => s.atMs / 60_000);
  const ys = samples.map((s) => mb(value(s)));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i]! - my), 0);
  const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return num / den;
}

/** Counts the sync requests that failed (any SyncError: the server or the network). */
function countFailures(failures: string[]) {
  return (transport: SyncTransport): SyncTransport => {
    const watch = async <T>(call: () => Promise<T>) => {
      try {
        return await call();
      } catch (error) {
        if (error instanceof SyncError) failures.push(error.message);
        throw error;
      }
    };
    return { push: (r) => watch(() => transport.push(r)), pull: (q) => watch(() => transport.pull(q)) };
  };
}

/** Goes offline for 5–20 s every 20–60 s (editing on meanwhile), until stopped. */
function flakyConnection(device: EngineDevice) {
  let running = true;
  let wake: () => void = () => {};
  const nap = (ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  let offlineSpells = 0;
  const loop = (async () => {
    while (running) {
      await nap(20_000 + Math.random() * 40_000);
      if (!running) break;
      device.env.setOnline(false);
      offlineSpells += 1;
      await nap(5_000 + Math.random() * 15_000);
      device.env.setOnline(true);
    }
  })();
  return {
    spells: () => offlineSpells,
    async stop() {
      running = false;
      wake();
      await loop;
      if (!device.env.online) device.env.setOnline(true);
    },
  };
}

async function soak(databaseUrl: string | undefined) {
  const server = await ServerProcess.start({ databaseUrl, exposeGc: true, env: { API_KEY_RATE_LIMIT: String(ZAPIER_RATE * 60 * 10) } });
  const samples: MemorySample[] = [];
  const started = performance.now();
  const sample = async () => {
    const memory = await server.memory({ gc: true });
    const entry = { atMs: performance.now() - started, rss: memory.rss, heapUsed: memory.heapUsed };
    samples.push(entry);
    return entry;
  };
  const first = await sample();
  console.log(`RepHire soak: ${DEVICES} devices, Zapier ${ZAPIER_RATE}/s, ${SECONDS} s — ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`);
  console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`server memory at start (after GC): rss ${mb(first.rss).toFixed(1)} MB, heap ${mb(first.heapUsed).toFixed(1)} MB`);

  const admin = new HttpClient(server.url);
  if ((await admin.post('/api/register', ADMIN)).status !== 201) throw new Error('register failed');
  const users = [admin];
  for (let i = 1; i <= Math.ceil(DEVICES / 2) - 1; i++) {
    const username = `soak${i}`;
    const created = await admin.post('/api/users', { username, password: 'recruiter-password', role: 'recruiter' });
    if (created.status !== 201) throw new Error(`create user failed: ${created.text}`);
    const http = new HttpClient(server.url);
    if ((await http.post('/api/login', { username, password: 'recruiter-password' })).status !== 200) throw new Error('login failed');
    users.push(http);
  }
  const key = (await admin.post('/api/api-keys', { name: 'soak' })).body.key as string;

  // Each person has two devices; the Candidates page is open on all of them (5 s polling).
  const syncFailures: string[] = [];
  const devices: EngineDevice[] = [];
  for (let i = 0; i < DEVICES; i++) {
    devices.push(
      await EngineDevice.create(users[i % users.length]!, { urls: () => [server.url], timing: DEFAULT_TIMING, wrap: countFailures(syncFailures) }),
    );
  }
  for (const device of devices) {
    device.start();
    device.engine.requestFastPolling();
  }
  const editors = devices.map((device, i) => new RandomEditor(device, `soak${i}`));
  const edits = editors.map((editor) => keepEditing(editor, EDIT_MS));
  const connections = devices.map(flakyConnection);

  // Zapier: mostly new people, one in ten arriving again.
  const zapier = new BenchClient(server.url, 256);
  let zapierDone = 0;
  const zapierFailures: string[] = [];
  const zapierEmails = new Set<string>();
  const send = async (i: number) => {
    const n = i % 10 === 9 ? Math.floor(Math.random() * i) : i;
    zapierEmails.add(`zap${n}@soak.test`);
    try {
      const res = await zapier.json('POST', '/api/zapier/candidates', { name: `Zap ${n}`, email: `zap${n}@soak.test`, source: 'Zapier' }, { 'x-api-key': key });
      if (res.status !== 200 && res.status !== 201) zapierFailures.push(`${res.status} ${JSON.stringify(res.body)}`);
      return res.status;
    } catch (error) {
      zapierFailures.push(String(error));
      throw error;
    } finally {
      zapierDone += 1;
    }
  };
  const zapierRun = fixedRate(send, ZAPIER_RATE, SECONDS * 1000);

  let running = true;
  const monitor = (async () => {
    let nextReport = REPORT_MS;
    while (running) {
      await sleep(SAMPLE_MS);
      if (!running) break;
      const s = await sample();
      if (s.atMs >= nextReport) {
        nextReport += REPORT_MS;
        const pending = (await Promise.all(devices.map((d) => d.pending()))).reduce((a, b) => a + b, 0);
        const offline = devices.filter((d) => !d.env.online).length;
        const held = await Promise.all(devices.map((d) => d.db.candidates.count()));
        console.log(
          `${elapsed(started)}  server rss ${mb(s.rss).toFixed(1)} MB, heap ${mb(s.heapUsed).toFixed(1)} MB | ` +
            `Zapier ${zapierDone} done | devices hold ${Math.min(...held)}–${Math.max(...held)} candidates, ` +
            `${pending} changes queued, ${offline} offline | load ${loadavg()[0]!.toFixed(2)}`,
        );
      }
    }
  })();

  const zapierResult = await zapierRun;
  running = false;
  await monitor;
  await Promise.all(edits.map((loop) => loop.stop()));
  await Promise.all(connections.map((c) => c.stop()));
  const last = await sample();
  console.log(`${elapsed(started)}  load over; everyone syncs…`);

  const settleStarted = performance.now();
  let settleError: string | null = null;
  await syncUntilIdle(devices).catch((error: Error) => (settleError = error.message));
  console.log(`${elapsed(started)}  all devices synced; a new device pulls everything to compare…`);
  const reader = await EngineDevice.create(admin, { urls: () => [server.url] });
  const problems = settleError ? [settleError] : await convergenceProblems(devices, reader);
  const settleMs = performance.now() - settleStarted;

  const rejected = (await Promise.all(devices.map((d) => d.db.rejected.toArray()))).flat();
  const refusedOtherwise = rejected.filter((entry) => !DELETED_REASON.test(entry.reason));
  const pushed = (await Promise.all(devices.map(async (d) => Number((await d.db.meta.get('nextMutationId'))?.value ?? 1) - 1))).reduce((a, b) => a + b, 0);
  const made = editors.reduce((sum, editor) => sum + Object.values(editor.made).reduce((a, b) => a + b, 0), 0);
  const serverErrors = server.stderr.split('\n').filter((line) => line.startsWith('[rephire]'));
  const rows = await reader.db.candidates.toArray();
  const candidates = rows.filter((c) => !c.deletedAt).length;
  // Nothing lost, nothing doubled: every person Zapier sent is on the server (deleted since, at most, by
  // a device), and no email has two live candidates.
  const onServer = new Set(rows.map((c) => c.emailKey));
  const zapierMissing = [...zapierEmails].filter((email) => !onServer.has(email));
  const liveEmails = rows.filter((c) => !c.deletedAt).map((c) => c.emailKey);
  const doubled = liveEmails.length - new Set(liveEmails).size;
  if (zapierMissing.length) problems.push(`${zapierMissing.length} people Zapier sent are missing (${zapierMissing.slice(0, 3).join(', ')})`);
  if (doubled) problems.push(`${doubled} emails have more than one live candidate`);
  const steady = samples.filter((s) => s.atMs >= WARM_UP_MS);
  const errors = zapierFailures.length + syncFailures.length + refusedOtherwise.length + serverErrors.length;
  for (const device of [...devices, reader]) await device.close();
  zapier.close();
  await server.stop();
  // The embedded database, when there was no DATABASE_URL.
  rmSync(server.options.dataDir!, { recursive: true, force: true });

  const lat = zapierResult.latenciesMs;
  console.log('');
  console.log('Figures');
  console.log(`  duration                      ${SECONDS} s of load, then ${(settleMs / 1000).toFixed(1)} s for everyone to sync and compare`);
  console.log(`  mutations pushed by devices   ${pushed} (${made} edits; ${connections.reduce((a, c) => a + c.spells(), 0)} offline spells)`);
  console.log(`  Zapier creates                ${zapierResult.ok} ok of ${lat.length}; achieved ${(zapierResult.ok / (zapierResult.elapsedMs / 1000)).toFixed(1)}/s (target ${ZAPIER_RATE}/s)`);
  console.log(`  Zapier latency                p50 ${percentile(lat, 50).toFixed(0)} ms, p95 ${percentile(lat, 95).toFixed(0)} ms, max ${Math.max(...lat).toFixed(0)} ms`);
  console.log(`  candidates on the server      ${candidates} live; ${zapierEmails.size} people sent by Zapier, ${zapierMissing.length} missing, ${doubled} emails doubled`);
  console.log(`  refused: concurrent delete    ${rejected.length - refusedOtherwise.length} (expected: edits racing a delete)`);
  console.log(
    `  errors                        ${errors} (Zapier ${zapierFailures.length}, sync ${syncFailures.length}, refused otherwise ${refusedOtherwise.length}, server log ${serverErrors.length})`,
  );
  for (const line of [...zapierFailures, ...syncFailures, ...refusedOtherwise.map((r) => `${r.name}: ${r.reason}`), ...serverErrors].slice(0, 10)) {
    console.log(`      ${line}`);
  }
  console.log(`  converged                     ${problems.length === 0 ? `yes: all ${DEVICES} devices hold exactly the server's rows` : 'NO'}`);
  for (const problem of problems.slice(0, 10)) console.log(`      ${problem}`);
  console.log(`  server memory (after GC)      start rss ${mb(first.rss).toFixed(1)} MB / heap ${mb(first.heapUsed).toFixed(1)} MB; end rss ${mb(last.rss).toFixed(1)} MB / heap ${mb(last.heapUsed).toFixed(1)} MB`);
  console.log(
    steady.length < 2
      ? `  memory slope                  needs a run longer than ${WARM_UP_MS / 1000 + (2 * SAMPLE_MS) / 1000} s`
      : `  memory slope after ${WARM_UP_MS / 1000} s        heap ${slopePerMinute(steady, (s) => s.heapUsed).toFixed(2)} MB/min, ` +
          `rss ${slopePerMinute(steady, (s) => s.rss).toFixed(2)} MB/min (${steady.length} samples)`,
  );
  console.log(`  load average at end           ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  return errors === 0 && problems.length === 0;
}

withScratchDatabase(soak)
  .then((ok) => process.exit(ok ? 0 : 1))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
