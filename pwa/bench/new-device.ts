/**
 * A recruiter's new device, in the same run as the imports (issue 14's bench: "same run, same
 * machine"): a fresh browser context opens the app (its first load, nothing cached, no service worker
 * yet), signs in, and syncs every candidate the server holds (its full pull), timed from the sign-in
 * click to the indicator's "Synced" with every candidate stored on the device. Bytes on the wire are
 * what Chromium's network stack received for each response (DevTools' encodedDataLength: headers and
 * the compressed body), not what the build or the server meant to send. With BENCH_CPU_PROF, a CPU
 * profile of the page's main thread from the click to "Synced" (new-device.cpuprofile). After it, in the
 * same page, the floor under the pull: the rows it stored written again with raw IndexedDB
 * (device-db.ts: rawRewrite), what the pull's time is read against on a machine of its own speed.
 */
import type { CDPSession, Page } from 'playwright-core';
import { PULL_PATH } from '../src/sync/transport';
import type { BrowserApp } from '../tests/support/browser-app';
import { ADMIN } from '../tests/support/ui';
import { NEW_DEVICE_TARGETS, seconds, type Figure } from '../../sync-server/bench/report';
import { PULL_PAGE_SIZE } from '@shared/sync/protocol.schema';
import { rawRewrite, storeCount } from './device-db';
import { profileMainThread } from './main-thread';
import { chromiumCpu, cpuText, type ChromiumCpu } from './process-cpu';

const ratio = (value: number, of: number) => `${(value / of).toFixed(2)}×`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

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
}

interface Received {
  url: string;
  /** When the request went out and when its answer was all in (this process's Date.now()). */
  sentAt: number;
  doneAt: number;
  /** Bytes received on the wire. */
  encoded: number;
  /** The body's bytes once decoded (decompressed). */
  decoded: number;
}

/** Every response the page's session sees finish loading, with its bytes on the wire and decoded. */
async function watchResponses(cdp: CDPSession): Promise<Received[]> {
  const received: Received[] = [];
  const sent = new Map<string, { url: string; at: number }>();
  const decoded = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => void sent.set(requestId, { url: request.url, at: Date.now() }));
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => void decoded.set(requestId, (decoded.get(requestId) ?? 0) + dataLength));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const request = sent.get(requestId);
    received.push({ url: request?.url ?? '', sentAt: request?.at ?? 0, doneAt: Date.now(), encoded: encodedDataLength, decoded: decoded.get(requestId) ?? 0 });
  });
  await cdp.send('Network.enable');
  return received;
}

/** The app's own requests, not its API's. */
const isAppFile = (url: string) => !new URL(url).pathname.startsWith('/api/');
const isPull = (url: string) => new URL(url).pathname === PULL_PATH;
const sum = (responses: readonly Received[], part: 'encoded' | 'decoded') => responses.reduce((total, r) => total + r[part], 0);

/** Whether the indicator says "Synced" (its aria-label: "Sync: Synced just now…"). */
const indicatorSynced = (page: Page) => page.evaluate(() => /^Sync: Synced/.test(document.querySelector('[aria-label^="Sync: "]')?.getAttribute('aria-label') ?? ''));

/**
 * Opens the app in a new context, signs in as the bench's admin, and waits for its first sync to store
 * `expected` candidates (the server's); the context is closed after.
 */
export async function newDevice(app: BrowserApp, expected: number, { profile, timeoutMs = 600_000 }: { profile?: string; timeoutMs?: number } = {}): Promise<NewDeviceFigures> {
  const context = await app.browser.newContext({ baseURL: app.url });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const received = await watchResponses(cdp);
    await page.goto('/auth');
    await page.getByRole('form', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    const firstLoad = received.filter((r) => isAppFile(r.url));
    // Signs in on the page as loaded (fillLogin would open /auth again first).
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Username').fill(ADMIN.username);
    await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    const before = received.length;
    let clicked = 0;
    let candidates = 0;
    let fullPullMs = 0;
    const { cpu } = await chromiumCpu(() => profileMainThread(page, profile, 'new-device', async () => {
      clicked = Date.now();
      await form.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      const deadline = clicked + timeoutMs;
      for (;;) {
        // The indicator first, then the table: "Synced" once every page of the pull is stored.
        if (received.slice(before).some((r) => isPull(r.url)) && (await indicatorSynced(page))) {
          candidates = await storeCount(page, 'candidates');
          if (candidates >= expected) break;
        }
        if (Date.now() > deadline) throw new Error(`the new device held ${candidates} of ${expected} candidates after ${timeoutMs / 1000} s`);
        await page.waitForTimeout(100);
      }
      fullPullMs = Date.now() - clicked;
    }), { server: true });
    const pulls = received.slice(before).filter((r) => isPull(r.url));
    const raw = await chromiumCpu(() => rawRewrite(page, PULL_PAGE_SIZE));
    return {
      firstLoadBytes: sum(firstLoad, 'encoded'),
      firstLoadRequests: firstLoad.length,
      fullPullMs,
      fullPullBytes: sum(pulls, 'encoded'),
      fullPullDecodedBytes: sum(pulls, 'decoded'),
      fullPullRequests: pulls.length,
      firstPullSentMs: Math.min(...pulls.map((r) => r.sentAt)) - clicked,
      lastPullDoneMs: Math.max(...pulls.map((r) => r.doneAt)) - clicked,
      candidates,
      fullPullCpu: cpu,
      rawWriteMs: raw.result.ms,
      rawWriteCpu: raw.cpu,
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
      detail: `${f.fullPullRequests} pull responses, ${mb(f.fullPullDecodedBytes)} of JSON once decompressed`,
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
  ];
}
