/**
 * What reading IndexedDB keys costs the full garbage collections after them. Chromium hands a key to the
 * page as an external string (its text outside V8's heap, watched through a weak handle), and the
 * request keeps its result until a full collection frees it, so keys read survive the minor collections
 * and are cleared, dead, in the pause of a full one. Why the candidate mirror answers holdersOfRun
 * (pwa/src/db/own-writes-index.ts) instead of the run index.
 *
 *   npm run bench:idb-keys      (BENCH_ROWS=100000 and BENCH_ROUNDS=3 by default)
 *
 * Headless Chromium with `--expose-gc`: a page stores BENCH_ROWS rows keyed by uid, then reads them as
 * the variant says, keeps what it read past three minor collections and one full one, drops it, and
 * forces two more full collections, which V8 describes (`--trace-gc-nvp`):
 *   - nothing read: the baseline;
 *   - keys read: getAllKeys, the uids as IndexedDB hands them over;
 *   - values read: getAll, each row's uid taken from its value.
 * Each variant runs in a fresh browser, round after round in turns; the figures are the medians of the
 * pauses of the full collections from the read to the end, summed per run, and of their `clear` phase
 * (weak handles and the external string table among it), the pauses also as a ratio to the baseline's
 * (the machine is shared: only ratios are read).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fullCollectionsIn, withGcTracedPage } from './gc-traced-page';
import { loadLine, printFigures, type Figure } from './report';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const VARIANTS = ['nothing read', 'keys read', 'values read'] as const;
type Variant = (typeof VARIANTS)[number];

/** The page's side: a store of `rows` rows, and a read that keeps what it read as `variant` says. */
const PAGE_SOURCE = `
const uidOf = (i) => (i * 2654435761 >>> 0).toString(16).padStart(8, '0') + '-4f1c-4cae-85fd-' + (i.toString(16) + '000000000000').slice(0, 12);
globalThis.fill = (rows) => new Promise((resolve, reject) => {
  const open = indexedDB.open('bench', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('rows', { keyPath: 'uid' });
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    globalThis.db = open.result;
    const tx = db.transaction('rows', 'readwrite');
    const store = tx.objectStore('rows');
    for (let i = 0; i < rows; i += 1) store.put({ uid: uidOf(i), n: i, name: 'Person ' + i });
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  };
});
globalThis.read = (variant) => new Promise((resolve, reject) => {
  if (variant === 'nothing read') return resolve(0);
  const store = db.transaction('rows').objectStore('rows');
  const request = variant === 'keys read' ? store.getAllKeys() : store.getAll();
  request.onerror = () => reject(request.error);
  request.onsuccess = () => {
    globalThis.kept = variant === 'keys read' ? request.result : request.result.map((row) => row.uid);
    resolve(globalThis.kept.length);
  };
});
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  console.log(`Load average at the start: ${loadLine()}`);
  const server = http.createServer((_, res) => res.end('<!doctype html><title>bench</title>')).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const runs = new Map<Variant, Array<{ pause: number; clear: number }>>(VARIANTS.map((variant) => [variant, []]));
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const variant of VARIANTS) {
        await withGcTracedPage(url, PAGE_SOURCE, async (page, output) => {
          await page.evaluate((rows) => (globalThis as unknown as { fill: (rows: number) => Promise<void> }).fill(rows), ROWS);
          await page.evaluate(() => (globalThis as unknown as { gc: () => void }).gc());
          output.text = '';
          const read = await page.evaluate((v) => (globalThis as unknown as { read: (v: string) => Promise<number> }).read(v), variant);
          if (variant !== 'nothing read' && read !== ROWS) throw new Error(`${variant}: read ${read} of ${ROWS}`);
          // Kept past minor collections (as a transaction's reads are), then one full collection.
          await page.evaluate(() => {
            const { gc } = globalThis as unknown as { gc: (options?: { type: string }) => void };
            for (let i = 0; i < 3; i += 1) gc({ type: 'minor' });
            gc();
          });
          await page.evaluate(() => {
            const page = globalThis as unknown as { gc: () => void; kept: unknown };
            page.kept = null;
            page.gc();
            page.gc();
          });
          // The lines come through a pipe: give the last one time to arrive.
          await page.waitForTimeout(300);
          const collections = fullCollectionsIn(output.text, ['pause', 'clear']);
          const sum = (part: 'pause' | 'clear') => collections.reduce((total, c) => total + c[part], 0);
          runs.get(variant)!.push({ pause: sum('pause'), clear: sum('clear') });
          console.log(`  round ${round + 1}, ${variant}: ${collections.map((c) => `${c.pause.toFixed(1)} ms (clear ${c.clear.toFixed(1)})`).join(', ')}`);
        });
      }
    }
  } finally {
    server.close();
  }
  const pause = (variant: Variant) => median(runs.get(variant)!.map((run) => run.pause));
  const clear = (variant: Variant) => median(runs.get(variant)!.map((run) => run.clear));
  const base = pause('nothing read');
  const figures: Figure[] = VARIANTS.flatMap((variant) => [
    {
      name: `${ROWS.toLocaleString('en-US')} rows, ${variant}: full collections' pauses after the read`,
      value: `${pause(variant).toFixed(1)} ms`,
      detail: `median of ${runs.get(variant)!.length} runs, each the sum of its full collections from the read to the end${variant === 'nothing read' ? '' : `; ${(pause(variant) / base).toFixed(1)}× the baseline's`}`,
    },
    {
      name: `${ROWS.toLocaleString('en-US')} rows, ${variant}: their clear phases`,
      value: `${clear(variant).toFixed(1)} ms`,
      detail: 'weak handles, the external string table and the string table among them',
    },
  ]);
  printFigures('IndexedDB keys and the full collections after them, headless Chromium', figures);
}

await main();
