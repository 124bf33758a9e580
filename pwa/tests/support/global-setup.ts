/** Before the browser tests: both Chromium builds present (chromium.ts), the PWA built from the current sources. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPwaIfStale } from '../../../sync-server/src/build-pwa';
import { ensureChromium, ensureHeadlessShell } from './chromium';

export default async function setup() {
  process.env.CHROMIUM_PATH = ensureChromium();
  process.env.HEADLESS_SHELL_PATH = ensureHeadlessShell();
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  await buildPwaIfStale(root, (line) => console.log(line));
}
