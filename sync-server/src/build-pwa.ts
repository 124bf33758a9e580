/**
 * Builds the PWA when its output is missing or older than its sources, so `npm start` always serves
 * what is checked out without rebuilding on every start.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE_DIRS = ['pwa/src', 'pwa/public', 'shared'];
const SOURCE_FILES = ['pwa/index.html', 'vite.config.ts', 'package.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function pwaBuildIsStale(root: string): boolean {
  const built = path.join(root, 'pwa/dist/index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const sources = [...SOURCE_DIRS, ...SOURCE_FILES].map((p) => newestMtime(path.join(root, p)));
  return Math.max(...sources) > builtAt;
}

export async function buildPwa(root: string): Promise<void> {
  const { build } = await import('vite');
  // Vite follows NODE_ENV: under Vitest it is 'test', which bundles React's development build (a 530 kB
  // entry) into pwa/dist, and `npm start` would then serve it. Always build for production.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(root, 'vite.config.ts'), root: path.join(root, 'pwa'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

export async function buildPwaIfStale(root: string, log: (line: string) => void = console.log): Promise<boolean> {
  if (!pwaBuildIsStale(root)) return false;
  log('Building the app…');
  const started = Date.now();
  await buildPwa(root);
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
