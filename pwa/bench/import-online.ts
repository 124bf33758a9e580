/**
 * The import bench's online run (import.bench.ts): the CSV imported on a device that is online, as at a
 * desk, so it pushes while it imports; and the rows of the table it prints.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { BrowserApp } from '../tests/support/browser-app';
import { ADMIN, signInThroughUi } from '../tests/support/ui';
import { candidatesStored, confirmationsGiven } from './device-db';
import { importThroughDialog } from './import-dialog';
import { sampleAllocations, summarizeHeap } from './heap';
import { SERVER_NICE, withServerNiced } from './server-priority';
import { longestTask, profileMainThread, sum, traceMainThread, watchLongTasks } from './main-thread';
import type { Figure } from './report';
import { seconds } from '../../sync-server/bench/report';

/** BENCH_CPU_THROTTLE=n runs the online import with the page's main thread slowed n times (Chromium's CPU throttling). */
const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 1);

/**
 * BENCH_IDLE_GC=1 (with BENCH_JS_FLAGS=--expose-gc, and --trace-gc-nvp with DEBUG=pw:browser to read
 * them) forces two full collections of the idle page before the import and two after the ids given:
 * what a pause costs for what the page holds, apart from the import's garbage (28 November 2026: the
 * dashboard's tally had put 200,000 emails in V8's string table, 18 ms of each pause).
 */
const IDLE_GC = Boolean(process.env.BENCH_IDLE_GC);
/** BENCH_HEAP=dir sums a heap snapshot of the page after the ids given (heap.ts: summarizeHeap). */
const HEAP_DIR = process.env.BENCH_HEAP;
/**
 * BENCH_HEAP_FIRST_SYNC=1 (with BENCH_HEAP) sums one more snapshot as the device's first sync ends: its
 * full collection leaves the import a heap the first sync's garbage is gone from, so the run's task
 * figures are not the bench's then.
 */
const HEAP_FIRST_SYNC = Boolean(process.env.BENCH_HEAP_FIRST_SYNC);

async function idleCollections(page: Page, when: string) {
  if (!IDLE_GC) return;
  await page.waitForTimeout(5000);
  for (let i = 0; i < 2; i += 1) {
    console.log(`  Full collection of the idle page, ${when}, at ${new Date().toISOString()}`);
    await page.evaluate(() => (globalThis as unknown as { gc(): void }).gc());
    await page.waitForTimeout(1000);
  }
}

/** The email domain of the file imported online: its rows on the server are counted by it. */
export const ONLINE_DOMAIN = 'online.bench.example';

export interface OnlineFigures {
  importMs: number;
  clickToSyncedMs: number;
  /** Click → the confirmed rows holding their server ids, which the round gives them after "Synced" (at most 100 ms late: polled). */
  clickToIdsGivenMs: number;
  /** The longest main-thread task from the click to the ids given (longtask API). */
  longestTaskMs: number;
  /** The same from a Chrome trace of the run: the thread's own CPU time, and the tasks over 200 ms of it. */
  longestCpuMs: number;
  tasksOver200CpuMs: number;
  /** Garbage collection within the longest task by CPU, and within the longest by wall time (ms). */
  longestCpuTaskGcMs: number;
  longestWallTaskGcMs: number;
  /** The longest task by wall time in the trace (the longtask API's figure can differ a little). */
  traceLongestWallMs: number;
  /** The server's rows of the file when the indicator said "Synced". */
  serverRows: number;
  /** What the device asked of the server from "Import Complete" to "Synced" (syncRequests). */
  tail: string;
  /** How the pushes went from the click to "Import Complete" (pushingText). */
  pushing: string;
}

/** A push or pull request of the page: when it was sent and answered (ms since the epoch). */
interface SyncRequest {
  kind: 'push' | 'pull';
  sent: number;
  answered: number | null;
}

/** Records the page's push and pull requests, with when each was sent and answered. */
function syncRequests(page: Page): SyncRequest[] {
  const requests: SyncRequest[] = [];
  const sent = new Map<object, SyncRequest>();
  page.on('request', (request) => {
    const kind = /\/api\/sync\/(push|pull)\b/.exec(request.url())?.[1] as SyncRequest['kind'] | undefined;
    if (!kind) return;
    const entry: SyncRequest = { kind, sent: Date.now(), answered: null };
    requests.push(entry);
    sent.set(request, entry);
  });
  const answered = (request: object) => {
    const entry = sent.get(request);
    if (entry) entry.answered = Date.now();
  };
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  return requests;
}

/**
 * From "Import Complete" (`completeAt`) to "Synced" (`syncedAt`), both ms since the epoch: the pushes
 * and pulls sent meanwhile (the first one may have been sent before), each as seconds after "Import
 * Complete" — where the time between the two went.
 */
function tailText(requests: readonly SyncRequest[], completeAt: number, syncedAt: number): string {
  const at = (ms: number) => ((ms - completeAt) / 1000).toFixed(2);
  const inTail = requests.filter((r) => (r.answered ?? Infinity) > completeAt && r.sent < syncedAt);
  const spans = (kind: SyncRequest['kind']) => {
    const of = inTail.filter((r) => r.kind === kind);
    if (!of.length) return `no ${kind}`;
    const plural = { push: 'pushes', pull: 'pulls' }[kind];
    return `${of.length} ${of.length > 1 ? plural : kind} ${of.map((r) => `${at(r.sent)}→${r.answered === null ? '?' : at(r.answered)}`).join(', ')}`;
  };
  return `${spans('push')}; ${spans('pull')}; "Synced" at ${at(syncedAt)} s (seconds after "Import Complete")`;
}

/**
 * The pushes from the click (`startAt`) to "Import Complete" (`completeAt`): how many, how much of the
 * import one was on its way, and how long the device took from an answer to sending the next push
 * (reading the outbox, gathering the batch, waiting its turn behind the import's writes).
 */
function pushingText(requests: readonly SyncRequest[], startAt: number, completeAt: number): string {
  const pushes = requests.filter((r) => r.kind === 'push' && r.sent >= startAt && r.sent < completeAt);
  if (!pushes.length) return 'no push during the import';
  const inFlight = sum(pushes.map((r) => Math.min(r.answered ?? completeAt, completeAt) - r.sent));
  const gaps = pushes.slice(1).flatMap((r, i) => (pushes[i]!.answered === null ? [] : [r.sent - pushes[i]!.answered!]));
  return [
    `${pushes.length} ${pushes.length > 1 ? 'pushes' : 'push'} during the import`,
    `one on its way ${((100 * inFlight) / (completeAt - startAt)).toFixed(0)} % of the import`,
    gaps.length ? `from an answer to the next push sent ${(sum(gaps) / gaps.length).toFixed(0)} ms on average, at most ${Math.max(...gaps).toFixed(0)} ms` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** Every push and pull of the run, each as seconds after the click, with "Import Complete" beside them. */
function writeRequests(file: string, requests: readonly SyncRequest[], startAt: number, completeAt: number) {
  const at = (ms: number | null) => (ms === null ? null : Number(((ms - startAt) / 1000).toFixed(3)));
  mkdirSync(path.dirname(file), { recursive: true });
  const made = requests.filter((r) => r.sent >= startAt).map((r) => ({ kind: r.kind, sent: at(r.sent), answered: at(r.answered) }));
  writeFileSync(file, JSON.stringify({ importComplete: at(completeAt), requests: made }, null, 1));
}

/**
 * Waits until a newly signed-in device holds every candidate of the server (its first sync pulls what
 * the earlier runs imported): the online run then times its own import only.
 */
async function firstSyncDone(page: Page, app: BrowserApp) {
  const n = (await app.db.knex('candidates').count({ n: '*' }).first())!.n;
  const deadline = Date.now() + 600_000;
  for (;;) {
    const label = await page.evaluate(() => document.querySelector('[aria-label^="Sync: "]')?.getAttribute('aria-label') ?? '');
    const held = /^Sync: Synced/.test(label) ? await candidatesStored(page) : -1;
    if (held >= Number(n)) return;
    if (Date.now() > deadline) throw new Error(`the device's first sync did not end: ${held} of ${n} candidates`);
    await page.waitForTimeout(500);
  }
}

/**
 * The CSV imported online, as at a desk: the device pushes while it imports. Timed in the page from the
 * click to "Import Complete" and to the indicator's "Synced"; the server's rows are counted at "Synced".
 * Traced from choosing the file to the ids given, for the longest task's CPU time beside its wall time (the
 * server and PostgreSQL share this machine's two cores with the page); the trace's 'toplevel' category
 * slows what it records by a few per cent (traceMainThread).
 */
export async function importOnline(
  app: BrowserApp,
  file: string,
  dirs: { profile?: string; tasks?: string; allocations?: string },
): Promise<OnlineFigures> {
  const context = await app.browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  try {
    if (CPU_THROTTLE > 1) {
      // Chromium's CPU throttling: the page's main thread slowed this many times (a slower device).
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    }
    await signInThroughUi(page, ADMIN);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await firstSyncDone(page, app);
    // What the page holds as its first sync ends (the snapshot's own full collection changes the run after it).
    if (HEAP_FIRST_SYNC) await summarizeHeap(page, HEAP_DIR, 'online-after-first-sync');
    await idleCollections(page, 'before the import');
    await watchLongTasks(page, 'online');
    const requests = syncRequests(page);
    let importMs = 0;
    let tail = '';
    let pushing = '';
    let serverRows = 0;
    let timings!: { clickToSyncedMs: number; clickToIdsGivenMs: number };
    /** Click → "Import Complete" → "Synced"; the server's rows counted at "Synced". */
    const importAndSync = async () => {
      ({ importMs } = await importThroughDialog(page, file));
      await page.waitForFunction(
        () => {
          const w = window as unknown as { bench: { start: number }; syncedAt?: number };
          const label = document.querySelector('[aria-label^="Sync: "]')?.getAttribute('aria-label') ?? '';
          if (w.syncedAt === undefined && /^Sync: Synced/.test(label)) w.syncedAt = performance.now();
          return w.syncedAt !== undefined;
        },
        null,
        { polling: 100, timeout: 1_800_000 },
      );
      const { n } = (await app.db.knex('candidates').whereLike('email', `%@${ONLINE_DOMAIN}`).whereNull('deletedAt').count({ n: '*' }).first())!;
      serverRows = Number(n);
    };
    /** "Synced" → the ids given, and the run's figures. */
    const giveIds = async () => {
      await confirmationsGiven(page);
      // The page's clock (ms since its time origin), and the origin to set them beside the requests' Date.now().
      const times = await page.evaluate(() => {
        const w = window as unknown as { bench: { start: number; end: number }; syncedAt: number };
        return { origin: performance.timeOrigin, start: w.bench.start, complete: w.bench.end, synced: w.syncedAt, now: performance.now() };
      });
      timings = { clickToSyncedMs: times.synced - times.start, clickToIdsGivenMs: times.now - times.start };
      tail = tailText(requests, times.origin + times.complete, times.origin + times.synced);
      pushing = pushingText(requests, times.origin + times.start, times.origin + times.complete);
      if (dirs.tasks) writeRequests(path.join(dirs.tasks, 'online-requests.json'), requests, times.origin + times.start, times.origin + times.complete);
    };
    let trace!: Awaited<ReturnType<typeof traceMainThread>>;
    const tasksFile = dirs.tasks && path.join(dirs.tasks, 'online-tasks.json');
    await profileMainThread(
      page,
      dirs.profile,
      'online',
      async () => {
        // Allocations sampled apart for the two: the ids given after "Synced" rewrite every row once more.
        const run = async () => {
          await sampleAllocations(page, dirs.allocations, 'online', importAndSync);
          await sampleAllocations(page, dirs.allocations, 'online-ids', giveIds);
        };
        trace = await withServerNiced(() => traceMainThread(page, run, tasksFile));
      },
      tasksFile,
    );
    await idleCollections(page, 'after the ids given');
    await summarizeHeap(page, HEAP_DIR, 'online-after-ids');
    return {
      importMs,
      ...timings,
      longestTaskMs: await longestTask(page, 'online'),
      longestCpuMs: trace.traceLongestCpuMs,
      tasksOver200CpuMs: trace.tasksOver200CpuMs,
      longestCpuTaskGcMs: trace.longestCpuTaskGcMs,
      longestWallTaskGcMs: trace.longestWallTaskGcMs,
      traceLongestWallMs: trace.traceLongestWallMs,
      serverRows,
      tail,
      pushing,
    };
  } finally {
    await context.close();
  }
}

/** The online run's rows of the bench's table, against issue 14's targets. */
export function onlineFigureRows(online: OnlineFigures, rows: number, targetSyncedRatio: number, targetTaskMs: number): Figure[] {
  const ratio = online.clickToSyncedMs / online.importMs;
  return [
      { name: 'CSV imported online: click → "Import Complete"', value: seconds(online.importMs), detail: `the device sends while it imports: ${online.pushing}` },
      {
        name: 'CSV imported online: click → "Synced"',
        value: seconds(online.clickToSyncedMs),
        target: `≤ ${targetSyncedRatio}× the import`,
        met: ratio <= targetSyncedRatio && online.serverRows === rows,
        detail: `${ratio.toFixed(2)}× "Import Complete"; the server held ${online.serverRows.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows at "Synced"; after "Import Complete": ${online.tail}`,
      },
      {
        name: 'CSV imported online: click → the confirmed rows hold their server ids',
        value: seconds(online.clickToIdsGivenMs),
        detail: `${(online.clickToIdsGivenMs / online.importMs).toFixed(2)}× "Import Complete": after "Synced", the round gives the rows the ids the pull confirmed`,
      },
      {
        name: 'CSV imported online: longest main-thread task, click → ids given',
        value: `${Math.round(online.longestTaskMs)} ms`,
        target: `≤ ${targetTaskMs} ms`,
        met: online.longestTaskMs <= targetTaskMs,
        detail: `longtask API, wall time: includes waiting for a CPU, which the server and PostgreSQL share here${SERVER_NICE ? ` (at nice ${SERVER_NICE} in this run: BENCH_SERVER_NICE)` : ''}; in the trace the longest is ${Math.round(online.traceLongestWallMs)} ms, ${Math.round(online.longestWallTaskGcMs)} ms of it garbage collection`,
      },
      {
        name: 'CSV imported online: longest main-thread task, click → ids given (CPU)',
        value: `${Math.round(online.longestCpuMs)} ms`,
        target: `≤ ${targetTaskMs} ms`,
        met: online.longestCpuMs <= targetTaskMs,
        detail: `Chrome trace of the same run from the file chosen (its preview included) to the ids given, the thread's own CPU time (at most its wall time: cpuOf in main-thread.ts), ${Math.round(online.longestCpuTaskGcMs)} ms of its wall time garbage collection; ${online.tasksOver200CpuMs} tasks over 200 ms`,
      },
  ];
}
