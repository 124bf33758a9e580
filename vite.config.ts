import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
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

/** Server test files the PGlite pass leaves out (see the server-pglite project): why, file by file. */
const SERVER_TESTS_SAME_ON_ANY_DATABASE = [
  // No database at all.
  'sync-server/src/crypto/password.test.ts',
  'sync-server/src/candidates/import/spreadsheet-parser.test.ts',
  'sync-server/src/lib/config.test.ts',
  'sync-server/src/crypto/secret-box.test.ts',
  'sync-server/src/lib/address-policy.test.ts',
  'sync-server/src/linkedin/proxycurl.client.test.ts',
  'sync-server/src/middleware/body-parser.test.ts',
  'sync-server/src/server.test.ts',
  'sync-server/src/lib/throttled-log.test.ts',
  'sync-server/src/webhooks/target-policy.test.ts',
  // A private PostgreSQL cluster of its own on both passes.
  'sync-server/tests/fault-postgres-restart.test.ts',
  // PostgreSQL only (skipped without DATABASE_URL).
  'sync-server/src/db/migrate.test.ts',
  'sync-server/tests/fault-server-kill.test.ts',
  'sync-server/tests/fault-two-instances.test.ts',
  'sync-server/tests/fault-webhooks.test.ts',
  // Upload parsing and limits: the database only stores what import.test.ts stores on both.
  'sync-server/src/candidates/import/hostile-files.test.ts',
  'sync-server/src/candidates/import/csv-spectrum.test.ts',
];

/** The server test files: in parallel, each worker on a database of its own (see the global setup). */
const serverTests = {
  root,
  include: ['sync-server/**/*.test.ts'],
  environment: 'node' as const,
  globalSetup: ['sync-server/tests/helpers/test-databases.global-setup.ts'],
  setupFiles: ['sync-server/tests/helpers/worker-database.setup.ts'],
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
          root,
          include: ['shared/**/*.test.ts', 'pwa/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Unit files share the cores with server files now: the heaviest (2-3 s alone) passed vitest's
          // default 5 s on a loaded machine. A timeout only matters when a test hangs.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'server', ...serverTests },
      },
      {
        // CI's second pass (.ci/run): the server tests whose outcome can depend on the database, once
        // more on the embedded one (PGlite) after all of them ran on PostgreSQL. Left out: files that
        // open no database, those that bring their own PostgreSQL or need it (skipped on PGlite anyway),
        // and those testing upload parsing and HTTP limits, where the database only stores the result.
        // A new server test file runs on both unless it is added here.
        resolve: { alias },
        test: { name: 'server-pglite', ...serverTests, exclude: [...SERVER_TESTS_SAME_ON_ANY_DATABASE], env: { DATABASE_URL: '' } },
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
