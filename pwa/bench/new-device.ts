/**
 * A recruiter's new device, in the same run as the imports (issue 14's bench: "same run, same
 * machine"): a fresh browser context opens the app (its first load, nothing cached, no service worker
 * yet), signs in, and syncs every candidate the server holds (its full pull), timed from the sign-in
 * click to the indicator's "Synced" with every candidate stored on the device. Bytes on the wire are
 * what the browser received, not what the build or the server meant to send: for the first load, what
 * Chromium's network stack received for each response (DevTools' encodedDataLength: headers and the
 * compressed body); for the pull, the page's own Resource Timing (transferSize, the same two parts),
 * since DevTools' Network events missed pull responses (31 of 51 seen, 29 November 2026; the page's
 * entries had every one). DevTools' Network domain is off again before the sign-in, so the pull runs
 * without it. With BENCH_CPU_PROF, a CPU profile of the page's main thread from the click to "Synced"
 * (new-device.cpuprofile). After it, in the same page, the floor under the pull: the rows it stored
 * written again with raw IndexedDB (device-db.ts: rawRewrite), what the pull's time is read against on
 * a machine of its own speed. Then a recruiter's first bulk change on that device: the Candidates page
 * at 100 rows, every row on it selected, their status changed (bulkStatusChange; with BENCH_CPU_PROF,
 * new-device-bulk.cpuprofile).
 */
import type { CDPSession, Page } from 'playwright-core';
import { PULL_PATH } from '../src/sync/transport';
import type { BrowserApp } from '../tests/support/browser-app';
import { ADMIN } from '../tests/support/ui';
import { NEW_DEVICE_TARGETS, kb, mb, ratio, seconds, type Figure } from '../../sync-server/bench/report';
import { PULL_PAGE_SIZE } from '@shared/sync/protocol.schema';
import { candidatesStored, rawRewrite } from './device-db';
import { longestTask, profileMainThread, watchLongTasks } from './main-thread';
import { chromiumCpu, cpuText, type ChromiumCpu } from './process-cpu';

export interface NewDeviceFigures {
  /** The app's first load: every response the page received before its sign-in form was ready and the network idle. */
  firstLoadBytes: number;
  firstLoadRequests: number;
  /** Its first sync: sign-in click → "Synced" with `candidates` stored. */
  fullPullMs: number;
  /** From the click, when the first pull request went out and when the last pull answer was all in. */
  firstPullSentMs: number;
  lastPullDoneMs: number;
  /** The pull's responses on the wire, and as JSON once decompressed. */
  fullPullBytes: number;
  fullPullDecodedBytes: number;
  fullPullRequests: number;
  candidates: number;
  /** The CPU time of every thread of the browser, the server and PostgreSQL from the click to "Synced". */
  fullPullCpu: ChromiumCpu;
  /**
   * The floor under the pull's writes, in the same page after it: the rows it stored written again with
   * raw IndexedDB in transactions of a pull page's size (device-db.ts: rawRewrite), and Chromium's CPU time.
   */
  rawWriteMs: number;
  rawWriteCpu: ChromiumCpu;
  /** The bulk change after it (bulkStatusChange). */
  bulk: BulkFigures;
}

interface BulkFigures {
  rows: number;
  /** The status chosen → the "Status Updated" toast. */
  ms: number;
  /** The longest main-thread task meanwhile (longtask API, wall time). */
  longestTaskMs: number;
}

/**
 * Selects every row of the Candidates page at 100 rows, in its default order, and moves them all to Hired,
 * timed from the choice to the "Status Updated" toast, with the longest main-thread task meanwhile.
 * The rows a pull kept in blocks leave them for the table with this device's change
 * (candidate-blocks.ts): the rows on one page come from many blocks.
 */
async function bulkStatusChange(page: Page, profile?: string): Promise<BulkFigures> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Candidates' }).click();
  await page.getByRole('heading', { name: 'Candidates Management' }).waitFor();
  await page.getByLabel('Rows per page').selectOption('100');
  await page.locator('[data-testid="candidates-table"] tbody tr').nth(99).waitFor();
  await page.getByRole('checkbox', { name: 'Select every candidate on this page' }).check();
  const bar = page.getByRole('region', { name: 'Selected candidates' });
  await bar.getByText('100 selected').waitFor();
  await watchLongTasks(page, 'bulk');
  let ms = 0;
  await profileMainThread(page, profile, 'new-device-bulk', async () => {
    const started = Date.now();
    await bar.getByRole('combobox').selectOption('hired');
    await page.locator('[data-toast]').filter({ hasText: 'Status Updated' }).waitFor({ timeout: 300_000 });
    ms = Date.now() - started;
  });
  return { rows: 100, ms, longestTaskMs: await longestTask(page, 'bulk') };
}

interface Received {
  url: string;
  /** Bytes received on the wire. */
  encoded: number;
}

/** Every response the page's session sees finish loading, with its bytes on the wire. */
async function watchResponses(cdp: CDPSession): Promise<Received[]> {
  const received: Received[] = [];
  const urls = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => void urls.set(requestId, request.url));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => void received.push({ url: urls.get(requestId) ?? '', encoded: encodedDataLength }));
  await cdp.send('Network.enable');
  return received;
}

/** The app's own requests, not its API's. */
const isAppFile = (url: string) => !new URL(url).pathname.startsWith('/api/');

/** A pull response as the page's Resource Timing recorded it (times in the page's performance.now()). */
interface PullEntry {
  startTime: number;
  responseEnd: number;
  transferSize: number;
  decodedBodySize: number;
}

/** The pull responses the page has received so far (its Resource Timing buffer is raised for them: newDevice). */
function pullEntries(page: Page): Promise<PullEntry[]> {
  return page.evaluate(
    (path) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === path)
        .map((entry) => entry as PerformanceResourceTiming)
        .map(({ startTime, responseEnd, transferSize, decodedBodySize }) => ({ startTime, responseEnd, transferSize, decodedBodySize })),
    PULL_PATH,
  );
}

/** Whether the indicator says "Synced" (its aria-label: "Sync: Synced just now…"). */
const indicatorSynced = (page: Page) => page.evaluate(() => /^Sync: Synced/.test(document.querySelector('[aria-label^="Sync: "]')?.getAttribute('aria-label') ?? ''));

/**
 * Opens the app in a new context, signs in as the bench's admin, and waits for its first sync to store
 * `expected` candidates (the server's); the context is closed after.
 */
export async function newDevice(app: BrowserApp, expected: number, { profile, timeoutMs = 600_000 }: { profile?: string; timeoutMs?: number } = {}): Promise<NewDeviceFigures> {
  const context = await app.browser.newContext({ baseURL: app.url });
  try {
    // Room for every response's entry: the default buffer keeps 250.
    await context.addInitScript(() => performance.setResourceTimingBufferSize(100_000));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const received = await watchResponses(cdp);
    await page.goto('/auth');
    await page.getByRole('form', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    const firstLoad = received.filter((r) => isAppFile(r.url));
    // The pull is counted from the page's own entries: DevTools' network events would only weigh on it.
    await cdp.send('Network.disable');
    // Signs in on the page as loaded (fillLogin would open /auth again first).
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Username').fill(ADMIN.username);
    await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    let clickedInPage = 0;
    let clicked = 0;
    let candidates = 0;
    let fullPullMs = 0;
    const { cpu } = await chromiumCpu(() => profileMainThread(page, profile, 'new-device', async () => {
      clickedInPage = await page.evaluate(() => performance.now());
      clicked = Date.now();
      await form.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      const deadline = clicked + timeoutMs;
      for (;;) {
        // The indicator first, then the table: "Synced" once every page of the pull is stored.
        if ((await indicatorSynced(page)) && (await pullEntries(page)).length > 0) {
          candidates = await candidatesStored(page);
          if (candidates >= expected) break;
        }
        if (Date.now() > deadline) throw new Error(`the new device held ${candidates} of ${expected} candidates after ${timeoutMs / 1000} s`);
        await page.waitForTimeout(100);
      }
      fullPullMs = Date.now() - clicked;
    }), { server: true });
    const pulls = await pullEntries(page);
    const raw = await chromiumCpu(() => rawRewrite(page, PULL_PAGE_SIZE));
    const bulk = await bulkStatusChange(page, profile);
    return {
      firstLoadBytes: firstLoad.reduce((total, r) => total + r.encoded, 0),
      firstLoadRequests: firstLoad.length,
      fullPullMs,
      fullPullBytes: pulls.reduce((total, r) => total + r.transferSize, 0),
      fullPullDecodedBytes: pulls.reduce((total, r) => total + r.decodedBodySize, 0),
      fullPullRequests: pulls.length,
      firstPullSentMs: Math.min(...pulls.map((r) => r.startTime)) - clickedInPage,
      lastPullDoneMs: Math.max(...pulls.map((r) => r.responseEnd)) - clickedInPage,
      candidates,
      fullPullCpu: cpu,
      rawWriteMs: raw.result.ms,
      rawWriteCpu: raw.cpu,
      bulk,
    };
  } finally {
    await context.close();
  }
}

/** The new device's figures against issue 14's targets (NEW_DEVICE_TARGETS). */
export function newDeviceFigureRows(f: NewDeviceFigures): Figure[] {
  const pullMb = f.fullPullBytes / (1024 * 1024);
  return [
    {
      name: "A new device: the app's first load on the wire",
      value: kb(f.firstLoadBytes),
      target: `≤ ${kb(NEW_DEVICE_TARGETS.firstLoadBytes)}`,
      met: f.firstLoadBytes <= NEW_DEVICE_TARGETS.firstLoadBytes,
      detail: `${f.firstLoadRequests} responses received before the sign-in form was ready and the network idle, headers included (DevTools' encodedDataLength); nothing cached, no service worker yet`,
    },
    {
      name: `A new device: full pull of ${f.candidates.toLocaleString('en-US')} candidates on the wire`,
      value: mb(f.fullPullBytes),
      target: `≤ ${NEW_DEVICE_TARGETS.fullPullMb} MB`,
      met: pullMb <= NEW_DEVICE_TARGETS.fullPullMb,
      detail: `${f.fullPullRequests} pull responses (the page's Resource Timing: each transferSize, the compressed body and its headers), ${mb(f.fullPullDecodedBytes)} of JSON once decompressed`,
    },
    {
      name: `A new device: full pull of ${f.candidates.toLocaleString('en-US')} candidates, sign-in → "Synced"`,
      value: seconds(f.fullPullMs),
      target: `< ${seconds(NEW_DEVICE_TARGETS.fullPullMs)}`,
      met: f.fullPullMs < NEW_DEVICE_TARGETS.fullPullMs,
      detail: `the Login click to the indicator's "Synced" with every candidate stored on the device, against the real server on PostgreSQL (or the embedded database): the first pull request went out at ${seconds(f.firstPullSentMs)}, the last answer was in at ${seconds(f.lastPullDoneMs)}; ${ratio(f.fullPullMs, f.rawWriteMs)} IndexedDB alone (below); CPU ${seconds(f.fullPullCpu.totalMs)} on the two cores: ${cpuText(f.fullPullCpu)}`,
    },
    {
      name: `A new device: the same ${f.candidates.toLocaleString('en-US')} candidates written to IndexedDB alone`,
      value: seconds(f.rawWriteMs),
      detail: `the floor under the pull's writes, in the same page after it: the rows as the pull stored them, written again with raw IndexedDB (no Dexie, no app, no network, no server) into a fresh database with the same indexes, ${PULL_PAGE_SIZE.toLocaleString('en-US')} per transaction (a pull page); Chromium's CPU ${seconds(f.rawWriteCpu.totalMs)}: ${cpuText(f.rawWriteCpu)}`,
    },
    {
      name: `A new device: status of the ${f.bulk.rows} candidates on a page changed at once`,
      value: seconds(f.bulk.ms),
      detail: 'after the pull: the Candidates page at 100 rows, every row selected, Hired chosen → the "Status Updated" toast (rows the pull kept in blocks leave them for the table)',
    },
    {
      name: 'A new device: longest main-thread task during that change',
      value: `${Math.round(f.bulk.longestTaskMs)} ms`,
      target: '≤ 200 ms',
      met: f.bulk.longestTaskMs <= 200,
      detail: 'longtask API, wall time',
    },
  ];
}
