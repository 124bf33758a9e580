/** Before the browser tests: Chromium present, the PWA built from the current sources. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPwaIfStale } from '../../../sync-server/src/build-pwa';
import { ensureChromium } from './chromium';

export default async function setup() {
  process.env.CHROMIUM_PATH = ensureChromium();
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  await buildPwaIfStale(root, (line) => console.log(line));
}
