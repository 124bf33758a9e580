import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
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

export default defineConfig({
  root: path.join(root, 'pwa'),
  plugins: [react(), tailwindcss(), pwa],
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
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          root,
          include: ['shared/**/*.test.ts', 'pwa/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          root,
          include: ['sync-server/**/*.test.ts'],
          environment: 'node',
          // One file at a time: on a shared PostgreSQL, an open transaction in any database (another
          // file's migrations, say) holds back pg_snapshot_xmin for all of them, which delays pulls.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          root,
          include: ['pwa/tests/**/*.browser.test.ts'],
          environment: 'node',
          globalSetup: ['pwa/tests/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
