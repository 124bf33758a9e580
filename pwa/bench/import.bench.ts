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
 *     "Import Complete" and click → "Synced", the figure issue 14's 1.25× target is judged on.
 * and prints them against the targets: CSV within 1.5× its baseline and under 10 s; no main-thread task
 * over 200 ms. Figures only — it never fails a build. Run: npm run bench:import
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { buildPwaIfStale } from '../../sync-server/src/build-pwa';
import { startBrowserApp, type BrowserApp } from '../tests/support/browser-app';
import { ADMIN, adminApi, signInThroughUi } from '../tests/support/ui';
import { baseline, type BaselineFigures } from './import-baseline';
import { makeFiles } from './import-files';
import { confirmationsGiven, storeCount } from './device-db';
import { longestTask, profileMainThread, traceMainThread, watchLongTasks } from './main-thread';
import { loadLine, printFigures, type Figure } from './report';

/** BENCH_ROWS overrides the size for a quick look; the targets are for 100,000. */
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
/** BENCH_KINDS=csv (or xlsx) runs one file only; BENCH_KINDS=online the CSV imported online only. */
const KIND_NAMES = (process.env.BENCH_KINDS ?? 'csv,xlsx').split(',');
const KINDS = KIND_NAMES.filter((kind): kind is 'csv' | 'xlsx' => kind === 'csv' || kind === 'xlsx');
/** The CSV imported online runs with the CSV's offline run, or alone. */
const ONLINE = KIND_NAMES.includes('csv') || KIND_NAMES.includes('online');
/** BENCH_CPU_PROF=dir writes a V8 CPU profile of the page's main thread during each import there (online: to "Synced"). */
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Figures extends BaselineFigures {
  /** From choosing the file to its preview's counts, when Import Candidates can be clicked. */
  previewMs: number;
  /** The longest main-thread task while the preview was read (longtask API). */
  previewLongestTaskMs: number;
  importMs: number;
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
  syncTasksOver200CpuMs: number;
  /** When the indicator first showed sending, receiving and synced. */
  syncPhases: string;
  longestTaskMs: number;
  longTasks: number;
  /** From a Chrome trace of the same import on another device (tracedImport): the main thread's longest task, wall and CPU time. */
  traceLongestWallMs: number;
  traceLongestCpuMs: number;
  /** Tasks over 200 ms of CPU time. */
  tasksOver200CpuMs: number;
  toast: string;
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
 * runs each way: 9.73 s traced, 8.70 s not).
 */
async function tracedImport(app: BrowserApp, file: string) {
  const { context, page } = await signedInOffline(app);
  console.log(`Importing ${path.basename(file)} through the dialog, traced…`);
  const traced = await traceMainThread(page, async () => void (await importThroughDialog(page, file)));
  await context.close();
  return traced;
}

/** The real dialog: choose the file, click Import, wait for the run's toast. Timed inside the page. */
async function importThroughDialog(page: Page, file: string): Promise<Pick<Figures, 'previewMs' | 'previewLongestTaskMs' | 'importMs' | 'longestTaskMs' | 'longTasks' | 'toast'>> {
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  await page.getByRole('heading', { name: 'Import Candidates' }).waitFor();
  await watchLongTasks(page, 'preview');
  const chosen = Date.now();
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByRole('listitem', { name: path.basename(file) }).waitFor();
  // The preview shows the first rows at once, then the worker reads the whole file for the counts:
  // timed to the counts, and the import starts after them so it does not share the worker.
  await page.getByRole('button', { name: 'Import Candidates' }).and(page.locator(':enabled')).waitFor({ timeout: 600_000 });
  await page.getByText('Counting rows…').waitFor({ state: 'detached', timeout: 600_000 });
  const previewMs = Date.now() - chosen;
  const previewLongestTaskMs = await longestTask(page, 'preview');
  await page.evaluate(() => {
    const w = window as unknown as { bench: { start: number; end: number | null; toast: string; tasks: number[] } };
    w.bench = { start: 0, end: null, toast: '', tasks: [] };
    new PerformanceObserver((list) => {
      if (w.bench.end === null) for (const entry of list.getEntries()) w.bench.tasks.push(entry.duration);
    }).observe({ type: 'longtask' });
    new MutationObserver(() => {
      const toast = document.querySelector('[data-toast]');
      if (w.bench.end === null && toast && /Import (Complete|Failed)|Partial Import/.test(toast.textContent ?? '')) {
        w.bench.end = performance.now();
        w.bench.toast = toast.textContent ?? '';
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Import Candidates')!;
    w.bench.start = performance.now();
    button.click();
  });
  await page.waitForFunction(() => (window as unknown as { bench: { end: number | null } }).bench.end !== null, null, {
    timeout: 600_000,
    polling: 250,
  });
  const run = await page.evaluate(() => {
    const { bench } = window as unknown as { bench: { start: number; end: number; toast: string; tasks: number[] } };
    return { importMs: bench.end - bench.start, longestTaskMs: Math.max(0, ...bench.tasks), longTasks: bench.tasks.length, toast: bench.toast };
  });
  return { previewMs, previewLongestTaskMs, ...run };
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
    // When the indicator first says each phase: sending, receiving, synced.
    new MutationObserver(() => {
      const label = document.querySelector('[aria-label^="Sync: "]')?.getAttribute('aria-label') ?? '';
      const phase = /Sending/.test(label) ? 'sending' : /Receiving/.test(label) ? 'receiving' : /Synced/.test(label) ? 'synced' : null;
      if (phase && !w.syncPhases.some(([, seen]) => seen === phase)) w.syncPhases.push([Date.now(), phase]);
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-label'], childList: true });
  });
  const start = Date.now();
  await goOnline();
  await page.getByRole('button', { name: /^Sync: Synced/ }).waitFor({ timeout: 1_800_000 });
  const syncMs = Date.now() - start;
  const givenAt = await confirmationsGiven(page);
  const longest = await longestTask(page, 'sync');
  const phases = await page.evaluate(() => (window as unknown as { syncPhases: Array<[number, string]> }).syncPhases);
  const syncPhases = [...phases.map(([at, phase]) => `${phase} at ${seconds(at - start)}`), `ids given at ${seconds(givenAt - start)}`].join(', ');
  return { syncMs, syncLongestTaskMs: longest, syncPhases, idsGivenMs: givenAt - start };
}

const ONLINE_DOMAIN = 'online.bench.example';

interface OnlineFigures {
  importMs: number;
  clickToSyncedMs: number;
  /** Click → the confirmed rows holding their server ids, which the round gives them after "Synced" (at most 100 ms late: polled). */
  clickToIdsGivenMs: number;
  /** The longest main-thread task from the click to the ids given (longtask API). */
  longestTaskMs: number;
  /** The server's rows of the file when the indicator said "Synced". */
  serverRows: number;
}

/**
 * Waits until a newly signed-in device holds every candidate of the server (its first sync pulls what
 * the earlier runs imported): the online run then times its own import only.
 */
async function firstSyncDone(page: Page, app: BrowserApp) {
  const [{ n }] = await app.db.knex('candidates').count({ n: '*' });
  const deadline = Date.now() + 600_000;
  for (;;) {
    const label = await page.evaluate(() => document.querySelector('[aria-label^="Sync: "]')?.getAttribute('aria-label') ?? '');
    const held = /^Sync: Synced/.test(label) ? await storeCount(page, 'candidates') : -1;
    if (held >= Number(n)) return;
    if (Date.now() > deadline) throw new Error(`the device's first sync did not end: ${held} of ${n} candidates`);
    await page.waitForTimeout(500);
  }
}

/**
 * The CSV imported online, as at a desk: the device pushes while it imports. Timed in the page from the
 * click to "Import Complete" and to the indicator's "Synced"; the server's rows are counted at "Synced".
 */
async function importOnline(app: BrowserApp, file: string): Promise<OnlineFigures> {
  const context = await app.browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  try {
    await signInThroughUi(page, ADMIN);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await firstSyncDone(page, app);
    await watchLongTasks(page, 'online');
    let importMs = 0;
    await profileMainThread(page, PROFILE_DIR, 'online', async () => {
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
    });
    const [{ n }] = await app.db.knex('candidates').whereLike('email', `%@${ONLINE_DOMAIN}`).whereNull('deletedAt').count({ n: '*' });
    await confirmationsGiven(page);
    const timings = await page.evaluate(() => {
      const w = window as unknown as { bench: { start: number }; syncedAt: number };
      return { clickToSyncedMs: w.syncedAt - w.bench.start, clickToIdsGivenMs: performance.now() - w.bench.start };
    });
    return { importMs, ...timings, longestTaskMs: await longestTask(page, 'online'), serverRows: Number(n) };
  } finally {
    await context.close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
/**
 * The time and ratio targets are the CSV's; no long task is asked of both files. The ratio is issue 14's
 * (it tightened issue 5's 2× to 1.5×).
 */
const TARGET_RATIO = 1.5;
const TARGET_CSV_MS = 10_000;
const TARGET_TASK_MS = 200;
/** Issue 14: click → "Synced" within 1.25× click → "Import Complete". */
const TARGET_SYNCED_RATIO = 1.25;

async function main() {
  console.log(`Load average at the start: ${loadLine()}`);
  await buildPwaIfStale(root, (line) => console.log(line));
  const dir = mkdtempSync(path.join(tmpdir(), 'rephire-bench-'));
  console.log(`Generating ${ROWS.toLocaleString('en-US')}-row CSV and xlsx files…`);
  const files = makeFiles(dir, ROWS, ONLINE_DOMAIN);
  const app = await startBrowserApp({ browserBuild: 'full' });
  const results: Array<{ kind: 'csv' | 'xlsx'; bytes: number; figures: Figures }> = [];
  let online: OnlineFigures | null = null;
  try {
    await adminApi(app);
    for (const kind of KINDS) {
      const traced = await tracedImport(app, files[kind]);
      const { context, page } = await signedInOffline(app);
      console.log(`Importing ${path.basename(files[kind])} through the dialog…`);
      let imported!: Awaited<ReturnType<typeof importThroughDialog>>;
      await profileMainThread(page, PROFILE_DIR, `import-${kind}`, async () => {
        imported = await importThroughDialog(page, files[kind]);
      });
      const raw = await baseline(page, files[kind], kind);
      console.log('Going online: syncing the import…');
      let synced!: Awaited<ReturnType<typeof syncAfterImport>>;
      let syncTrace!: Awaited<ReturnType<typeof traceMainThread>>;
      await profileMainThread(page, PROFILE_DIR, `sync-${kind}`, async () => {
        // Traced (no target depends on this sync's time): the CPU time of its longest task.
        syncTrace = await traceMainThread(page, async () => void (synced = await syncAfterImport(page, () => context.setOffline(false))));
      });
      const figures = { ...imported, ...traced, ...raw, ...synced, syncLongestCpuMs: syncTrace.traceLongestCpuMs, syncTasksOver200CpuMs: syncTrace.tasksOver200CpuMs };
      results.push({ kind, bytes: statSync(files[kind]).size, figures });
      console.log(`  ${JSON.stringify(figures)}`);
      await context.close();
    }
    if (ONLINE) {
      console.log(`Importing ${path.basename(files.onlineCsv)} online, through the dialog…`);
      online = await importOnline(app, files.onlineCsv);
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
        detail: 'longtask API, wall time: includes waiting for a CPU, which the server and PostgreSQL share here',
      },
      {
        name: `${file}: longest main-thread task during the sync (CPU)`,
        value: `${Math.round(f.syncLongestCpuMs)} ms`,
        target: `≤ ${TARGET_TASK_MS} ms`,
        met: f.syncTasksOver200CpuMs === 0,
        detail: `Chrome trace of the same sync, the thread's own CPU time; ${f.syncTasksOver200CpuMs} tasks over ${TARGET_TASK_MS} ms`,
      },
      {
        name: `${file}: longest main-thread task (CPU)`,
        value: `${Math.round(f.traceLongestCpuMs)} ms`,
        target: `≤ ${TARGET_TASK_MS} ms`,
        met: f.tasksOver200CpuMs === 0,
        detail: `Chrome trace of the same import on another device, the thread's own CPU time; ${f.tasksOver200CpuMs} tasks over ${TARGET_TASK_MS} ms`,
      },
    );
  }
  if (online) {
    const ratio = online.clickToSyncedMs / online.importMs;
    figures.push(
      { name: 'CSV imported online: click → "Import Complete"', value: seconds(online.importMs), detail: 'the device sends while it imports' },
      {
        name: 'CSV imported online: click → "Synced"',
        value: seconds(online.clickToSyncedMs),
        target: `≤ ${TARGET_SYNCED_RATIO}× the import`,
        met: ratio <= TARGET_SYNCED_RATIO && online.serverRows === ROWS,
        detail: `${ratio.toFixed(2)}× "Import Complete"; the server held ${online.serverRows.toLocaleString('en-US')} of ${ROWS.toLocaleString('en-US')} rows at "Synced"`,
      },
      {
        name: 'CSV imported online: click → the confirmed rows hold their server ids',
        value: seconds(online.clickToIdsGivenMs),
        detail: `${(online.clickToIdsGivenMs / online.importMs).toFixed(2)}× "Import Complete": after "Synced", the round gives the rows the ids the pull confirmed`,
      },
      {
        name: 'CSV imported online: longest main-thread task, click → ids given',
        value: `${Math.round(online.longestTaskMs)} ms`,
        target: `≤ ${TARGET_TASK_MS} ms`,
        met: online.longestTaskMs <= TARGET_TASK_MS,
        detail: 'longtask API, wall time',
      },
    );
  }
  printFigures(`Import of ${ROWS.toLocaleString('en-US')} rows on the device (offline), then its sync, headless Chromium`, figures);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
