/**
 * Prints the gzipped size of the JavaScript the browser must load before the first screen renders —
 * the entry chunk plus everything it imports statically — against the budget, and, for information,
 * what the first screen of each kind adds (lazy chunks that load right after). Run after a build:
 *
 *   npm run build && npx tsx pwa/bench/bundle-size.ts
 *
 * Reads pwa/dist/.vite/manifest.json (vite.config.ts sets build.manifest) and checks it against the
 * <script>/<link rel=modulepreload> tags of pwa/dist/index.html. Exits 1 when over budget.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { NEW_DEVICE_TARGETS, kb } from '../../sync-server/bench/report';

export const INITIAL_JS_BUDGET_BYTES = 170_000;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

function gzipped(file: string): number {
  return gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
}

/** The chunk's file and every file it imports statically, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** What the server sends for a file to a browser that accepts brotli: the build's .br copy, else the file. */
function onTheWire(file: string): number {
  const full = path.join(dist, file);
  return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size;
}

/** The first load's bytes on the wire: index.html, the initial JS and the entry's CSS, as served. */
const FIRST_LOAD_WIRE_BUDGET_BYTES = NEW_DEVICE_TARGETS.firstLoadBytes;

function main() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('No entry chunk in the Vite manifest');
  const initialKeys = staticClosure(manifest, entryKey);
  const initialFiles = [...initialKeys].map((key) => manifest[key]!.file);

  // What index.html makes the browser fetch must be exactly that set.
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const missing = fromHtml.filter((file) => !initialFiles.includes(file));
  if (missing.length) throw new Error(`index.html loads JS the manifest walk missed: ${missing.join(', ')}`);

  console.log('Initial JS (entry + static imports):');
  let total = 0;
  for (const file of initialFiles) {
    const size = gzipped(file);
    total += size;
    console.log(`  ${file.padEnd(48)} ${kb(size).padStart(9)}`);
  }
  const css = (manifest[entryKey]!.css ?? []).reduce((sum, file) => sum + gzipped(file), 0);
  console.log(`  ${'total'.padEnd(48)} ${kb(total).padStart(9)}   (CSS ${kb(css)})`);

  const screens: Array<[string, string[]]> = [
    ['landing page (/)', ['src/features/landing/LandingPage.tsx']],
    ['sign-in (/auth)', ['src/features/auth/AuthPage.tsx']],
    ['dashboard (signed in)', ['src/app/layout/AppLayout.tsx', 'src/features/dashboard/DashboardPage.tsx']],
  ];
  console.log('\nFirst screen, including the lazy chunks it loads right after (information only):');
  for (const [label, keys] of screens) {
    const files = new Set(initialFiles);
    for (const key of keys) if (manifest[key]) for (const k of staticClosure(manifest, key)) files.add(manifest[k]!.file);
    const size = [...files].reduce((sum, file) => sum + gzipped(file), 0);
    console.log(`  ${label.padEnd(48)} ${kb(size).padStart(9)}`);
  }

  const ok = total < INITIAL_JS_BUDGET_BYTES;
  console.log(`\nBudget: initial JS < ${kb(INITIAL_JS_BUDGET_BYTES)} gzipped — ${ok ? 'OK' : 'OVER BUDGET'} (${kb(total)})`);
  const wire = ['index.html', ...initialFiles, ...(manifest[entryKey]!.css ?? [])].reduce((sum, file) => sum + onTheWire(file), 0);
  const wireOk = wire <= FIRST_LOAD_WIRE_BUDGET_BYTES;
  console.log(`First load on the wire (brotli copies as served): ${kb(wire)} — target ≤ ${kb(FIRST_LOAD_WIRE_BUDGET_BYTES)}: ${wireOk ? 'met' : 'MISSED'}`);
  if (!ok || !wireOk) process.exitCode = 1;
}

main();
