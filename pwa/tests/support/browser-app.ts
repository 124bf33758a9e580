/**
 * The built app served by the real server on a loopback port, over a database of its own, with
 * Chromium (its headless shell unless asked for the full browser) driven by playwright-core. One per
 * browser test file; the headless shell itself serves every file of a vitest worker (sharedShell).
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createApp, type CreateAppOptions } from '../../../sync-server/src/app';
import type { Config } from '../../../sync-server/src/lib/config';
import { bindModels } from '../../../sync-server/src/db/database';
import { createTestDatabase, type TestDatabase } from '../../../sync-server/tests/helpers/test-database';
import { testConfig } from '../../../sync-server/tests/helpers/test-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHROMIUM_ARGS, ensureChromium, ensureHeadlessShell } from './chromium';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface BrowserApp {
  url: string;
  db: TestDatabase;
  browser: Browser;
  /**
   * A new device (browser context) on the app, its service worker blocked unless `options` asks for it
   * (WITH_SERVICE_WORKER): see there.
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Stops the server answering, as a server that is down does (connections refused), until listenAgain. */
  stopListening(): Promise<void>;
  /** Serves again on the same address. */
  listenAgain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * For a device whose page the service worker must control: one that reloads or opens the app offline,
 * or a test of the worker itself. Installing it precaches the whole app (2.4 MB, every chunk
 * decompressed and stored): measured on a 2-core machine, 1.4 s of CPU per device, four out of ten of
 * what signing a device in costs. Every other device runs without it, as the app does where service
 * workers are unavailable (the app only enhances itself with one).
 */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const satisfies BrowserContextOptions;

export interface BrowserAppOptions {
  /** Serve the app from here instead of pwa/dist (e.g. a copy a test modifies). */
  staticDir?: string;
  /** Test seams of the lead routes (e.g. a profile-picture fetcher that may reach a local host). */
  leads?: CreateAppOptions['leads'];
  /** Settings of the server's (e.g. the lead provider's address: a local double). */
  config?: Partial<Config>;
  /** Which Chromium build drives it (chromium.ts): the headless shell for tests, the full browser for benches. */
  browserBuild?: 'headless-shell' | 'full';
}

/**
 * The headless shell the test files of one vitest worker share (their modules are shared: vite.config.ts,
 * isolate: false), launched by the first and relaunched if it went away. Each file's devices are
 * contexts of their own (cookies, storage and IndexedDB apart), closed with the file's app; only the
 * launch is shared, about a second of the machine's CPU per file (30 of them) on a 2-core machine.
 */
let shell: Promise<Browser> | null = null;

export async function sharedShell(): Promise<Browser> {
  const current = shell && (await shell.catch(() => null));
  if (current?.isConnected()) return current;
  shell = chromium.launch({ executablePath: ensureHeadlessShell(), args: CHROMIUM_ARGS });
  return shell;
}

export async function startBrowserApp({ staticDir = path.join(root, 'pwa/dist'), leads, config: overrides, browserBuild = 'headless-shell' }: BrowserAppOptions = {}): Promise<BrowserApp> {
  const db = await createTestDatabase();
  bindModels(db.knex);
  const config = testConfig({ staticDir, dataDir: mkdtempSync(path.join(tmpdir(), 'rephire-b-')), ...overrides });
  const app = createApp({ knex: db.knex, config, leads });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const stopListening = async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  };
  // The benches' full browser is their own; the tests' headless shell is the worker's (sharedShell).
  // BENCH_JS_FLAGS: V8 flags for a bench's pages (--trace-gc-nvp: every collection's phases on stdout).
  const jsFlags = process.env.BENCH_JS_FLAGS ? [`--js-flags=${process.env.BENCH_JS_FLAGS}`] : [];
  const browser = browserBuild === 'full' ? await chromium.launch({ executablePath: ensureChromium(), args: [...CHROMIUM_ARGS, ...jsFlags] }) : await sharedShell();
  const contexts = new Set<BrowserContext>();
  return {
    url,
    db,
    browser,
    async newContext(options = {}) {
      const context = await browser.newContext({ baseURL: url, serviceWorkers: 'block', ...options });
      contexts.add(context);
      context.once('close', () => contexts.delete(context));
      return context;
    },
    stopListening,
    async listenAgain() {
      server.listen(port, '127.0.0.1');
      await new Promise<void>((resolve) => server.once('listening', resolve));
    },
    async close() {
      if (browserBuild === 'full') await browser.close();
      else await Promise.all([...contexts].map((context) => context.close()));
      await stopListening();
      await db.close();
    },
  };
}
