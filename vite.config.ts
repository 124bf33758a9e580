import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const alias = {
  '@shared': path.join(root, 'shared'),
  '@': path.join(root, 'pwa/src'),
};

/**
 * The installable app. generateSW precaches the whole shell, every lazily loaded screen and worker
 * chunk included, so any screen opens offline. Navigations fall back to index.html except /api (which
 * must always reach the server); /api is never cached: data lives in IndexedDB. registerType 'prompt':
 * a new version waits for the user's Reload (src/app/pwa/register-sw.ts), never reloads by itself.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  strategies: 'generateSW',
  // PNG and ICO files come in through globPatterns; list only what the globs leave out.
  includeAssets: ['icons/icon.svg'],
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'RepHire',
    short_name: 'RepHire',
    description: 'Track and hire sales candidates: import spreadsheets, run your pipeline, keep interview notes. Works offline.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#4f46e5',
    background_color: '#ffffff',
    categories: ['business', 'productivity'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    screenshots: [
      { src: '/screenshots/wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'RepHire on a laptop' },
      { src: '/screenshots/narrow.png', sizes: '750x1334', type: 'image/png', form_factor: 'narrow', label: 'RepHire on a phone' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,png,ico,woff2}'],
    // Store screenshots are for install dialogs only; no need to keep them offline.
    globIgnores: ['screenshots/**'],
    // Above the largest chunk (the spreadsheet parser): Workbox will not precache a bigger file.
    maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
    runtimeCaching: [],
  },
});

/**
 * Brotli and gzip copies of every text file of the build, made once at build time at the highest
 * settings (a server compressing per request could not afford brotli's best), served by content
 * negotiation (sync-server/src/middleware/static-files.ts). vite-plugin-compression2: a maintained
 * plugin that compresses every emitted asset, workers and lazy chunks included.
 */
const precompress = compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|html|svg|json|webmanifest)$/, threshold: 1024 });

/**
 * The server test files CI runs a second time on the embedded database (PGlite), after every server
 * test ran on PostgreSQL: those whose outcome can depend on the database. That is the files testing a
 * module that writes its own SQL (knex.raw: the arrival functions and triggers, the pull's snapshot
 * cursor, JSON built in SQL, int8 ids, locking, upserts) and the sync scenarios that run through all
 * of it on the one-connection pool. The rest only store and read plain rows through the query builder,
 * the same on both; migrations run on PGlite in every run (the pass's template database is migrated
 * from empty). Every test still runs on PostgreSQL. A test of a new module with SQL of its own goes here.
 */
const SERVER_TESTS_DATABASE_SPECIFIC = [
  // The connection: transient errors, the one-connection pool.
  'sync-server/src/db/transient.test.ts',
  // Sync: the snapshot cursor and horizon, the included/processed mutations, the write path's SQL.
  'sync-server/src/sync/pull.test.ts',
  'sync-server/src/sync/pull-plan.test.ts',
  'sync-server/src/sync/push.test.ts',
  'sync-server/src/sync/push-merge.test.ts',
  'sync-server/src/sync/write-path.test.ts',
  // (Not own-rows.test.ts: what it adds to pull.test.ts and pull-plan.test.ts, which run the
  // confirmations' SQL here, is the device's side of them — page sizes, records kept, rows taken in
  // full — the same on either database; it was 45 of this pass's 210 s of test time on 2 cores.)
  'sync-server/tests/restore.test.ts',
  'sync-server/tests/sync-property.test.ts',
  'sync-server/tests/fault-lost-response.test.ts',
  // Candidates: the store's SQL and JSON, search and order (collation), the arrival functions,
  // deduplication, erasure and the import's bulk upsert.
  'sync-server/src/candidates/candidate.store.test.ts',
  'sync-server/src/candidates/candidates.test.ts',
  'sync-server/src/candidates/arrival-batcher.test.ts',
  'sync-server/src/candidates/dedup.test.ts',
  'sync-server/src/candidates/erase.test.ts',
  'sync-server/src/candidates/import/import.test.ts',
  // Users (advisory locks around registration and the last admin), the rate limiter's upsert, the
  // webhook queue's SQL.
  'sync-server/src/users/users.test.ts',
  'sync-server/src/api-keys/api-key-rate-limit.test.ts',
  'sync-server/tests/webhooks.test.ts',
  // Leads: the xid cursor, the search jobs' claiming, a restart mid-search.
  'sync-server/src/linkedin/linkedin.router.test.ts',
  'sync-server/src/linkedin/search-job.runner.test.ts',
  'sync-server/tests/lead-search-restart.test.ts',
];
// A listed file that was renamed or moved would silently leave the pass: say so instead.
const missingFromPglitePass = SERVER_TESTS_DATABASE_SPECIFIC.filter((file) => !existsSync(path.join(root, file)));
if (missingFromPglitePass.length) throw new Error(`SERVER_TESTS_DATABASE_SPECIFIC lists files that do not exist: ${missingFromPglitePass.join(', ')}`);

/**
 * Unit files that replace a module with vi.mock: in a worker whose files share modules, the module
 * under test may already be loaded with the real one by an earlier file (candidate-actions.test.ts
 * then met the real confirmation dialog and failed), and a module loaded with the mock would stay for
 * the files after. They run in the unit-mocks project, each with modules of its own: every test file
 * under pwa/src and shared/ with a line that starts with `vi.mock(`. Looked for only when Vitest runs
 * (it sets VITEST): a build or the dev server has no use for the tests.
 */
const UNIT_FILES_WITH_MODULE_MOCKS = process.env.VITEST ? ['pwa/src', 'shared'].flatMap((dir) => testFilesMocking(path.join(root, dir))) : [];

function testFilesMocking(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFilesMocking(full);
    const mocks = /\.test\.tsx?$/.test(entry.name) && /^\s*vi\.mock\(/m.test(readFileSync(full, 'utf8'));
    return mocks ? [path.relative(root, full).split(path.sep).join('/')] : [];
  });
}

/** The unit test files' settings (the unit and unit-mocks projects). */
const unitTests = {
  root,
  environment: 'node' as const,
  // As for the server files (serverTests): 50 → 45 s, 85 → 74 s of CPU.
  pool: 'threads' as const,
  setupFiles: ['pwa/src/sync/testing/unit-files.setup.ts'],
  // Unit files share the cores with server files: the heaviest (2-3 s alone) passed vitest's default
  // 5 s on a loaded machine. A timeout only matters when a test hangs.
  testTimeout: 20_000,
};

/** The server test files: in parallel, each worker on a database of its own (see the global setup). */
const serverTests = {
  root,
  // Worker threads rather than child processes, for less to start. Measured here: the PGlite pass
  // 85 → 66 s, the server files 123 → 118 s. (The projects below also share modules across a worker's
  // files.)
  pool: 'threads' as const,
  include: ['sync-server/**/*.test.ts'],
  environment: 'node' as const,
  globalSetup: ['sync-server/tests/helpers/test-databases.global-setup.ts'],
  // The second: the simulated devices' fake-indexeddb writes rows without a key for a sparse index
  // without a DOMException each (see there; the differential test imports fake-indexeddb itself).
  setupFiles: ['sync-server/tests/helpers/worker-database.setup.ts', 'pwa/src/sync/testing/fake-indexeddb-sparse-index.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  root: path.join(root, 'pwa'),
  plugins: [react(), tailwindcss(), pwa, precompress],
  resolve: { alias },
  // The spreadsheet worker is an ES module: it loads SheetJS as a separate chunk only for workbooks.
  worker: { format: 'es' },
  build: {
    outDir: path.join(root, 'pwa/dist'),
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: lets pwa/bench/bundle-size.ts find what the first load needs.
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  test: {
    root,
    // Two files at a time, on both cores (vitest's default leaves one free); --maxWorkers overrides it.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          ...unitTests,
          include: ['shared/**/*.test.ts', 'pwa/src/**/*.test.{ts,tsx}', 'pwa/bench/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT_FILES_WITH_MODULE_MOCKS],
          // The files of a worker share its modules instead of importing them again each (Dexie, zod,
          // React, jsdom's setup stays per file): measured on a 2-core machine, the unit files alone
          // 88 → 60 s, 154 → 100 s of CPU. What a file leaves in a shared module must not reach the next:
          // see the setup file.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        // Modules of their own per file (vitest's default): see UNIT_FILES_WITH_MODULE_MOCKS.
        test: { name: 'unit-mocks', ...unitTests, include: UNIT_FILES_WITH_MODULE_MOCKS },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          ...serverTests,
          // A worker's files share its modules (the server's, knex, zod) instead of importing them again
          // each; each file still starts its own servers on a database of its own. Measured on a 2-core
          // machine: the server files alone 196 → 142 s (268 → 183 s of CPU).
          isolate: false,
        },
      },
      {
        // CI's second pass (.ci/run, npm run test:pglite): the server tests whose
        // outcome can depend on the database, once more on the embedded one (PGlite); see
        // SERVER_TESTS_DATABASE_SPECIFIC.
        resolve: { alias },
        test: {
          name: 'server-pglite',
          ...serverTests,
          include: SERVER_TESTS_DATABASE_SPECIFIC,
          env: { DATABASE_URL: '' },
          // As the server project: the pass's module imports 28 → 10 s of the workers' time (its wall
          // time moved 106-125 s between runs on a 2-core machine, as much as the change).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          root,
          include: ['pwa/tests/**/*.browser.test.ts'],
          environment: 'node',
          // Files in parallel (a file mostly waits: on the app, its toasts, its sync), each worker on a
          // PostgreSQL cluster of its own as for the server tests; the app is built once, before them.
          // Three at a time: two left a third of both cores idle (65 % busy); measured on 2 cores, the
          // phase took 275 s with two, 218 s with three (89 % busy), 198 s with four (96 %, no headroom
          // for a loaded machine). A project with its own count runs in a group of its own, after the rest.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          // A worker's files share its modules (the server's, playwright's) instead of importing them
          // again each: each file still starts its own server and database, and its devices are
          // contexts of their own in the worker's one headless shell (support/browser-app.ts). Measured
          // on a 2-core machine: the phase 350 → 305 s (module imports 120 → 17 s of the workers' time).
          isolate: false,
          globalSetup: ['pwa/tests/support/global-setup.ts', 'sync-server/tests/helpers/test-databases.global-setup.ts'],
          setupFiles: ['sync-server/tests/helpers/worker-database.setup.ts'],
          testTimeout: 60_000,
          // A poll's default second is too short for a page on a loaded machine; it only matters on failure.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
