/**
 * Import benchmark: the built app, served by the real server, in headless Chromium. For a generated
 * 100,000-row CSV and a 100,000-row xlsx it measures
 *   - the import through the real dialog (click "Import Candidates" → the "Import Complete" toast),
 *     the device offline so only the device's work is timed;
 *   - the raw baseline in the same page: parse the same file on the main thread (papaparse / SheetJS)
 *     plus ONE Dexie bulkPut of the rows into a scratch database with the candidates table's indexes
 *     (CANDIDATE_INDEXES, as the app declares them), three times: the median is the figure;
 *   - the longest main-thread task during the import (PerformanceObserver 'longtask'), and its CPU time
 *     from a Chrome trace of the same import on a device of its own (tracing slows what it traces);
 *   - the preview: file chosen → its counts shown (the worker reads the whole file);
 *   - the sync that follows: the device goes online, timed to the indicator's "Synced", its longest
 *     main-thread task by the longtask API (wall) and from a Chrome trace of it (CPU);
 *   - the CSV's rows for other people imported online (the device sends while it imports): click →
 *     "Import Complete" and click → "Synced", the figure issue 14's 1.25× target is judged on, with
 *     the pushes and pulls sent between the two (when each was sent and answered);
 * and prints them against the targets: CSV within 1.5× its baseline and under 10 s; no main-thread task
 * over 200 ms. Figures only — it never fails a build. Run: npm run bench:import
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from 'playwright-core';
import { benchRows } from '../../sync-server/bench/data';
import { mb, seconds } from '../../sync-server/bench/report';
import { buildPwaIfStale } from '../../sync-server/src/build-pwa';
import { startBrowserApp, type BrowserApp } from '../tests/support/browser-app';
import { ADMIN, adminApi, signInThroughUi } from '../tests/support/ui';
import { baseline, type BaselineFigures } from './import-baseline';
import { importThroughDialog, type DialogFigures } from './import-dialog';
import { csvImportRows, makeFiles } from './import-files';
import { seedServer } from './seed-server';
import { ONLINE_DOMAIN, importOnline, onlineFigureRows, type OnlineFigures } from './import-online';
import { confirmationsGiven, storeCount } from './device-db';
import { heapAfterGc, summarizeHeap } from './heap';
import { longestTask, profileMainThread, traceMainThread, watchLongTasks, type BackendTime } from './main-thread';
import { newDevice, newDeviceFigureRows, type NewDeviceFigures } from './new-device';
import { cpuText } from './process-cpu';
import { withServerNiced } from './server-priority';
import { loadLine, printFigures, type Figure } from './report';

/** BENCH_ROWS overrides the size for a quick look; the targets are for 100,000. */
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
/**
 * BENCH_KINDS=csv (or xlsx) runs one file only; BENCH_KINDS=online the CSV imported online only;
 * BENCH_KINDS=new-device a new device alone, on a server given ROWS candidates by pushes (about a minute).
 */
const KIND_NAMES = (process.env.BENCH_KINDS ?? 'csv,xlsx').split(',');
const KINDS = KIND_NAMES.filter((kind): kind is 'csv' | 'xlsx' => kind === 'csv' || kind === 'xlsx');
/** The CSV imported online runs with the CSV's offline run, or alone. */
const ONLINE = (KIND_NAMES.includes('csv') && !process.env.BENCH_NO_ONLINE) || KIND_NAMES.includes('online');
const NEW_DEVICE_ALONE = KIND_NAMES.includes('new-device') && !KINDS.length;
/** BENCH_CPU_PROF=dir writes a V8 CPU profile of the page's main thread during each import there (online: to "Synced"). */
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
/**
 * BENCH_TASKS=dir (BENCH_CPU_PROF's when not set) writes the main thread's tasks over 50 ms of each traced
 * sync, with the collections in them, and every full collection with its reason and phases.
 * BENCH_ALLOC=dir samples the online run's allocations (import-online.ts).
 */
const TASKS_DIR = process.env.BENCH_TASKS ?? PROFILE_DIR;
const ALLOC_DIR = process.env.BENCH_ALLOC;
/** BENCH_HEAP=dir sums a heap snapshot taken after each offline import by kind of object (heap.ts: summarizeHeap). */
const HEAP_DIR = process.env.BENCH_HEAP;
/**
 * BENCH_ONLINE_HELD=n pushes n candidates to the server before the online run, so the device it signs in
 * holds them: with BENCH_KINDS=online and 200000 it holds what the full bench leaves (the CSV's and the
 * xlsx's rows) in a few minutes instead of ten.
 */
const ONLINE_HELD = Number(process.env.BENCH_ONLINE_HELD ?? 0);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Figures extends BaselineFigures, DialogFigures, TracedFigures {
  /** The page's JS heap after the import, after a full GC (the candidates it holds in memory). */
  heapAfterImport: number;
  /** From going online after the import to the indicator's "Synced" (push, pull and rebase done). */
  syncMs: number;
  /**
   * From going online to the confirmed rows holding their server ids, which the round gives them after
   * "Synced" (pwa/src/sync/confirmations.ts).
   */
  idsGivenMs: number;
  /** The longest main-thread task during that sync, to the ids given (longtask API). */
  syncLongestTaskMs: number;
  /** The same from a Chrome trace of that sync: the thread's own CPU time, and the tasks over 200 ms of it. */
  syncLongestCpuMs: number;
  /** Garbage collection within that sync's longest task by CPU, and within its longest by wall time (ms). */
  syncLongestCpuTaskGcMs: number;
  syncLongestWallTaskGcMs: number;
  syncTraceLongestWallMs: number;
  syncTasksOver200CpuMs: number;
  /** When the indicator first showed sending, receiving and synced. */
  syncPhases: string;
}

/** From a Chrome trace of the same import on another device, and of one baseline run there (tracedImport). */
interface TracedFigures {
  /** The main thread's longest task, wall and CPU time. */
  traceLongestWallMs: number;
  traceLongestCpuMs: number;
  /** Tasks over 200 ms of CPU time. */
  tasksOver200CpuMs: number;
  tasksCpuAboveWall: number;
  tracedImportMs: number;
  /** The IndexedDB backend's tasks during the traced import (its preview included): wall time summed, CPU time. */
  backendBusyMs: number;
  backendCpuMs: number;
  puts: BackendTime['puts'];
  tracedBaselineMs: number;
  baselineBackendBusyMs: number;
  baselineBackendCpuMs: number;
  baselinePuts: BackendTime['puts'];
}

async function signedInOffline(app: BrowserApp) {
  // bypassCSP: the baseline's libraries are injected as inline scripts.
  const context = await app.browser.newContext({ baseURL: app.url, bypassCSP: true });
  const page = await context.newPage();
  await signInThroughUi(page, ADMIN);
  await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await page.reload();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await context.setOffline(true);
  return { context, page };
}

/**
 * The CPU time of the import's tasks, from a Chrome trace of the same import on a device of its own
 * (then dropped, never synced). The timed import is not traced, like the baseline it is compared with:
 * tracing every task of every thread cost the import about a tenth of its time (50,000 rows, three
 * runs each way: 9.73 s traced, 8.70 s not). One run of the baseline is traced there too: how long the
 * IndexedDB backend was busy in each says which of the two threads set the pace.
 */
async function tracedImport(app: BrowserApp, file: string, kind: 'csv' | 'xlsx'): Promise<TracedFigures> {
  const { context, page } = await signedInOffline(app);
  console.log(`Importing ${path.basename(file)} through the dialog, traced…`);
  let tracedImportMs = 0;
  const traced = await traceMainThread(page, async () => void (tracedImportMs = (await importThroughDialog(page, file)).importMs));
  let tracedBaselineMs = 0;
  const tracedBaseline = await traceMainThread(page, async () => void (tracedBaselineMs = (await baseline(page, file, kind, 1)).baselineMs));
  await context.close();
  return {
    ...traced,
    tracedImportMs,
    tracedBaselineMs,
    baselineBackendBusyMs: tracedBaseline.backendBusyMs,
    baselineBackendCpuMs: tracedBaseline.backendCpuMs,
    baselinePuts: tracedBaseline.puts,
  };
}

/**
 * The device goes online after its import: timed to the indicator's "Synced", which shows once the
 * pushed changes came back included in a pull (nothing waiting), against the real server's database.
 */
async function syncAfterImport(page: Page, goOnline: () => Promise<void>): Promise<Pick<Figures, 'syncMs' | 'syncLongestTaskMs' | 'syncPhases' | 'idsGivenMs'>> {
  await watchLongTasks(page, 'sync');
  await page.evaluate(() => {
    const w = window as unknown as { syncPhases: Array<[number, string]> };
    w.syncPhases = [];
    // When the page hears it is online, then when the indicator first says each phase: sending, receiving, synced.
    addEventListener('online', () => w.syncPhases.push([Date.now(), 'online']), { once: true });
    new MutationObserver(() => {
      const label = document.querySelector('[aria-label^="Sync: "]')?.getAttribute('aria-label') ?? '';
      const phase = /Sending/.test(label) ? 'sending' : /Receiving/.test(label) ? 'receiving' : /Synced/.test(label) ? 'synced' : null;
      if (phase && !w.syncPhases.some(([, seen]) => seen === phase)) w.syncPhases.push([Date.now(), phase]);
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-label'], childList: true });
  });
  // Whether the app's database answers at once after the baseline (its scratch database deleted just
  // before): it did, in 0.00–0.03 s, in every run of 28 November 2026.
  const asked = Date.now();
  await storeCount(page, 'confirmations');
  const dbWaitMs = Date.now() - asked;
  // Whether the page still believes it is offline, and which Web Locks are held (the sync's own,
  // rephire-sync: a round on its way). Playwright's offline emulation turns navigator.onLine back to
  // true about 3 s after setOffline(true) while requests still fail (28 November 2026): the app then
  // retries with backoff, hears no 'online' event when the bench goes online, and its first push waits
  // for the next retry (0–7.5 s), as on a device whose connection returns without the browser noticing.
  const locks = await page.evaluate(async () => {
    const { held = [], pending = [] } = await navigator.locks.query();
    const [heldNames, askedNames] = [held, pending].map((locks) => locks.map((lock) => lock.name).join(' ') || 'none');
    return `navigator.onLine before going online: ${navigator.onLine}; locks held: ${heldNames}; asked for: ${askedNames}`;
  });
  const start = Date.now();
  // When the first push went out (the request's start, before its body is read).
  let firstPushAt = 0;
  const onRequest = (request: Request) => {
    if (!firstPushAt && request.url().includes('/api/sync/push')) firstPushAt = Date.now();
  };
  page.on('request', onRequest);
  await goOnline();
  await page.getByRole('button', { name: /^Sync: Synced/ }).waitFor({ timeout: 1_800_000 });
  const syncMs = Date.now() - start;
  const givenAt = await confirmationsGiven(page);
  const longest = await longestTask(page, 'sync');
  const phases = await page.evaluate(() => (window as unknown as { syncPhases: Array<[number, string]> }).syncPhases);
  page.off('request', onRequest);
  const syncPhases = [...phases, ...(firstPushAt ? [[firstPushAt, 'first push sent'] as [number, string]] : [])]
    .sort((a, b) => a[0] - b[0])
    .map(([at, phase]) => `${phase} at ${seconds(at - start)}`)
    .concat(`ids given at ${seconds(givenAt - start)}; the app's database answered ${seconds(dbWaitMs)} after the baseline; ${locks}`)
    .join(', ');
  return { syncMs, syncLongestTaskMs: longest, syncPhases, idsGivenMs: givenAt - start };
}

const ratioOf = (value: number, base: number) => (value / base).toFixed(2);
const putsCpu = (puts: BackendTime['puts']) => puts.rowsCpuMs + puts.indexesCpuMs + puts.callbacksCpuMs;
/** A run's puts: how many, and their CPU time by part (main-thread.ts: backendTime). */
const putsText = (puts: BackendTime['puts']) =>
  `${puts.count.toLocaleString('en-US')} puts, ${seconds(putsCpu(puts))} of CPU: writing the rows ${seconds(puts.rowsCpuMs)}, updating the indexes ${seconds(puts.indexesCpuMs)}, callbacks ${seconds(puts.callbacksCpuMs)}`;
/**
 * The time and ratio targets are the CSV's; no long task is asked of both files. The ratio is issue 14's
 * (it tightened issue 5's 2× to 1.5×).
 */
const TARGET_RATIO = 1.5;
const TARGET_CSV_MS = 10_000;
const TARGET_TASK_MS = 200;
/** Issue 14: click → "Synced" within 1.25× click → "Import Complete". */
const TARGET_SYNCED_RATIO = 1.25;

/** A new device on the server as it is: its first load, then a full pull of its ROWS candidates (new-device.ts). */
async function aNewDevice(app: BrowserApp): Promise<NewDeviceFigures> {
  console.log('A new device: the first load, then a full pull…');
  const fresh = await withServerNiced(() => newDevice(app, ROWS, { profile: PROFILE_DIR }));
  console.log(`  ${JSON.stringify(fresh)}`);
  return fresh;
}

async function main() {
  console.log(`Load average at the start: ${loadLine()}`);
  await buildPwaIfStale(root, (line) => console.log(line));
  const dir = mkdtempSync(path.join(tmpdir(), 'rephire-bench-'));
  let made: ReturnType<typeof makeFiles> | undefined;
  /** The files, generated when an import first needs them: the new device alone needs none (8 s saved). */
  const files = () => {
    if (!made) {
      console.log(`Generating ${ROWS.toLocaleString('en-US')}-row CSV and xlsx files…`);
      made = makeFiles(dir, ROWS, ONLINE_DOMAIN);
    }
    return made;
  };
  const app = await startBrowserApp({ browserBuild: 'full' });
  const results: Array<{ kind: 'csv' | 'xlsx'; bytes: number; figures: Figures }> = [];
  let online: OnlineFigures | null = null;
  let fresh: NewDeviceFigures | null = null;
  try {
    await adminApi(app);
    for (const kind of KINDS) {
      const traced = await tracedImport(app, files()[kind], kind);
      const { context, page } = await signedInOffline(app);
      console.log(`Importing ${path.basename(files()[kind])} through the dialog…`);
      let imported!: Awaited<ReturnType<typeof importThroughDialog>>;
      await profileMainThread(page, PROFILE_DIR, `import-${kind}`, async () => {
        imported = await importThroughDialog(page, files()[kind]);
      });
      const heapAfterImport = await heapAfterGc(page);
      await summarizeHeap(page, HEAP_DIR, `import-${kind}`);
      const raw = await baseline(page, files()[kind], kind);
      // The baseline's runs wrote 300,000 rows in this page with a Dexie of their own: their garbage is
      // collected before the sync is traced, as on a device that never ran them. Left in, it was the
      // sync's first full collection: one task of 344–597 ms (27 November 2026); collected first, the
      // sync's longest task was 191 ms.
      await heapAfterGc(page);
      console.log('Going online: syncing the import…');
      let synced!: Awaited<ReturnType<typeof syncAfterImport>>;
      let syncTrace!: Awaited<ReturnType<typeof traceMainThread>>;
      const syncTasksFile = TASKS_DIR && path.join(TASKS_DIR, `sync-${kind}-tasks.json`);
      await profileMainThread(
        page,
        PROFILE_DIR,
        `sync-${kind}`,
        async () => {
          // Traced (no target depends on this sync's time): the CPU time of its longest task.
          syncTrace = await traceMainThread(page, async () => void (synced = await syncAfterImport(page, () => context.setOffline(false))), syncTasksFile);
        },
        syncTasksFile,
      );
      const figures = {
        ...imported,
        ...traced,
        ...raw,
        ...synced,
        heapAfterImport,
        syncLongestCpuMs: syncTrace.traceLongestCpuMs,
        syncLongestCpuTaskGcMs: syncTrace.longestCpuTaskGcMs,
        syncLongestWallTaskGcMs: syncTrace.longestWallTaskGcMs,
        syncTraceLongestWallMs: syncTrace.traceLongestWallMs,
        syncTasksOver200CpuMs: syncTrace.tasksOver200CpuMs,
        syncTasksCpuAboveWall: syncTrace.tasksCpuAboveWall,
      };
      results.push({ kind, bytes: statSync(files()[kind]).size, figures });
      console.log(`  ${JSON.stringify(figures)}`);
      await context.close();
      // The server holds the first file's rows alone now: a new device loads the app and pulls them.
      if (!fresh) fresh = await aNewDevice(app);
    }
    if (NEW_DEVICE_ALONE) {
      await seedServer(app, csvImportRows(ROWS));
      fresh = await aNewDevice(app);
    }
    if (ONLINE) {
      if (ONLINE_HELD) await seedServer(app, benchRows(ONLINE_HELD, 7));
      console.log(`Importing ${path.basename(files().onlineCsv)} online, through the dialog…`);
      online = await importOnline(app, files().onlineCsv, { profile: PROFILE_DIR, tasks: TASKS_DIR, allocations: ALLOC_DIR });
      console.log(`  ${JSON.stringify(online)}`);
    }
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const figures: Figure[] = [];
  for (const { kind, bytes, figures: f } of results) {
    const file = `${kind.toUpperCase()} (${mb(bytes)})`;
    const csv = kind === 'csv';
    const ratio = f.importMs / f.baselineMs;
    figures.push(
      { name: `${file}: preview ready`, value: seconds(f.previewMs), detail: 'file chosen → counts shown and Import Candidates enabled (the worker reads the whole file)' },
      {
        name: `${file}: longest main-thread task during the preview`,
        value: `${Math.round(f.previewLongestTaskMs)} ms`,
        target: `≤ ${TARGET_TASK_MS} ms`,
        met: f.previewLongestTaskMs <= TARGET_TASK_MS,
        detail: 'longtask API, wall time',
      },
      { name: `${file}: import through the dialog`, value: seconds(f.importMs), ...(csv ? { target: `< ${seconds(TARGET_CSV_MS)}`, met: f.importMs < TARGET_CSV_MS } : {}), detail: f.toast.replace(/^Import Complete/, '') },
      {
        name: `${file}: raw baseline`,
        value: seconds(f.baselineMs),
        detail: `median of ${f.baselineRunsMs.length} runs (${f.baselineRunsMs.map(seconds).join(', ')}): parse ${seconds(f.baselineParseMs)} + one Dexie bulkPut, same page`,
      },
      { name: `${file}: import ÷ baseline`, value: `${ratio.toFixed(2)}×`, ...(csv ? { target: `≤ ${TARGET_RATIO}×`, met: ratio <= TARGET_RATIO } : {}) },
      {
        name: `${file}: Chromium's CPU time, import ÷ baseline`,
        value: `${ratioOf(f.importCpu.totalMs, f.baselineCpu.totalMs)}×`,
        detail: `every thread of every Chromium process (/proc): the import ${seconds(f.importCpu.totalMs)} (${cpuText(f.importCpu)}); the baseline's median run ${seconds(f.baselineCpu.totalMs)} (${cpuText(f.baselineCpu)}). Both keep two cores busy, so time follows CPU time`,
      },
      {
        name: `${file}: longest main-thread task (wall)`,
        value: `${Math.round(f.longestTaskMs)} ms`,
        target: `≤ ${TARGET_TASK_MS} ms`,
        met: f.longestTaskMs <= TARGET_TASK_MS,
        detail: `longtask API; ${f.longTasks} tasks over 50 ms; wall time includes waiting for a CPU on a loaded machine`,
      },
      {
        name: `${file}: offline import, then online: click → "Synced"`,
        value: seconds(f.importMs + f.syncMs),
        detail: `${((f.importMs + f.syncMs) / f.importMs).toFixed(2)}× "Import Complete" (nothing can be sent during the import); the sync alone ${seconds(f.syncMs)} after going online (${f.syncPhases})`,
      },
      {
        name: `${file}: longest main-thread task during the sync`,
        value: `${Math.round(f.syncLongestTaskMs)} ms`,
        target: `≤ ${TARGET_TASK_MS} ms`,
        met: f.syncLongestTaskMs <= TARGET_TASK_MS,
        detail: `longtask API, wall time: includes waiting for a CPU, which the server and PostgreSQL share here; in the trace the longest is ${Math.round(f.syncTraceLongestWallMs)} ms, ${Math.round(f.syncLongestWallTaskGcMs)} ms of it garbage collection`,
      },
      {
        name: `${file}: longest main-thread task during the sync (CPU)`,
        value: `${Math.round(f.syncLongestCpuMs)} ms`,
        target: `≤ ${TARGET_TASK_MS} ms`,
        met: f.syncTasksOver200CpuMs === 0,
        detail: `Chrome trace of the same sync, the thread's own CPU time (at most its wall time), ${Math.round(f.syncLongestCpuTaskGcMs)} ms of its wall time garbage collection; ${f.syncTasksOver200CpuMs} tasks over ${TARGET_TASK_MS} ms`,
      },
      { name: `${file}: JS heap after the import`, value: mb(f.heapAfterImport), detail: 'after a full garbage collection: the page holding the imported candidates (list, index, email lookup)' },
      {
        name: `${file}: longest main-thread task (CPU)`,
        value: `${Math.round(f.traceLongestCpuMs)} ms`,
        target: `≤ ${TARGET_TASK_MS} ms`,
        met: f.tasksOver200CpuMs === 0,
        detail: `Chrome trace of the same import on another device, the thread's own CPU time (at most its wall time); ${f.tasksOver200CpuMs} tasks over ${TARGET_TASK_MS} ms`,
      },
      {
        name: `${file}: IndexedDB backend busy, traced import`,
        value: seconds(f.backendBusyMs),
        detail: `while the import took ${seconds(f.tracedImportMs)} (busy time counts the whole trace, the preview too), ${seconds(f.backendCpuMs)} of CPU; a traced baseline run: ${seconds(f.baselineBackendBusyMs)} busy (its scratch database opened and deleted too) while it took ${seconds(f.tracedBaselineMs)}, ${seconds(f.baselineBackendCpuMs)} of CPU (the browser process's thread pool)`,
      },
      {
        name: `${file}: IndexedDB backend's puts, traced import ÷ traced baseline (CPU)`,
        value: `${ratioOf(putsCpu(f.puts), putsCpu(f.baselinePuts))}×`,
        detail: `${putsText(f.puts)}; the baseline's: ${putsText(f.baselinePuts)}; per part, import ÷ baseline: rows ${ratioOf(f.puts.rowsCpuMs, f.baselinePuts.rowsCpuMs)}×, indexes ${ratioOf(f.puts.indexesCpuMs, f.baselinePuts.indexesCpuMs)}×, callbacks ${ratioOf(f.puts.callbacksCpuMs, f.baselinePuts.callbacksCpuMs)}×`,
      },
    );
  }
  if (fresh) figures.push(...newDeviceFigureRows(fresh));
  if (online) figures.push(...onlineFigureRows(online, ROWS, TARGET_SYNCED_RATIO, TARGET_TASK_MS));
  printFigures(`Import of ${ROWS.toLocaleString('en-US')} rows on the device (offline), then its sync, headless Chromium`, figures);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
