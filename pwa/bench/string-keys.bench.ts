/**
 * What keying candidates by their uid and email strings costs each full garbage collection, in V8's
 * Maps and in StringMap (shared/candidates/string-map.ts, which says why). Headless Chromium with
 * `--expose-gc`: a page builds BENCH_ROWS candidate-like rows (uid, email, name… as the candidate mirror
 * holds them), keys them as the variant says, and forces full collections, which V8 describes
 * (`--trace-gc-nvp`): each one's pause, and the two parts of it that walk the string table (`clear`,
 * which drops dead strings from it, and `evacuate.update_pointers.to_new_roots`, which updates the
 * roots, the table among them).
 *
 *   npm run bench:string-keys      (BENCH_ROWS=300000 and BENCH_ROUNDS=3 by default)
 *
 * The variants:
 *   - rows only: the rows in an array, no string keyed anywhere (the baseline);
 *   - Map: the rows by uid and the uids by email in Maps, as the mirror kept them, then every uid
 *     looked up once more (a write's Set of uids does as much);
 *   - StringMap: the same in StringMaps.
 * Each variant runs in a fresh browser, round after round in turns; the figure is the median of its
 * collections' string-table parts and whole pauses, the pauses also as a ratio to the baseline's median
 * in the same run (the machine is shared: only ratios are read). Time to key and look up every row is
 * printed too (nanoseconds per row).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { fullCollectionsIn, withGcTracedPage } from './gc-traced-page';
import { loadLine, printFigures, type Figure } from './report';

const ROWS = Number(process.env.BENCH_ROWS ?? 300_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const COLLECTIONS = 5;
const VARIANTS = ['rows only', 'Map', 'StringMap'] as const;
type Variant = (typeof VARIANTS)[number];

interface Measured {
  /** Keying and looking up every row, ns per row (0 for the baseline). */
  keyingNs: number;
}

/** One full collection as V8 reported it (ms). */
interface Collection {
  pause: number;
  /** The parts that walk the string table: clear + evacuate.update_pointers.to_new_roots. */
  stringTable: number;
}

/** The forced full collections in V8's `--trace-gc-nvp` output. */
function collectionsIn(output: string): Collection[] {
  return fullCollectionsIn(output, ['pause', 'clear', 'evacuate.update_pointers.to_new_roots']).map((c) => ({
    pause: c.pause,
    stringTable: c.clear + c['evacuate.update_pointers.to_new_roots'],
  }));
}

/** The page's side: StringMap bundled, and the rows built and keyed as `variant` says. */
const PAGE_SOURCE = `
import { StringMap } from ${JSON.stringify(path.resolve(import.meta.dirname, '../../shared/candidates/string-map.ts'))};
globalThis.measure = (variant, rows) => {
  const run = Math.random().toString(36).slice(2, 8);
  const list = [];
  for (let i = 0; i < rows; i += 1) {
    const hex = (i * 2654435761 >>> 0).toString(16).padStart(8, '0');
    const uid = hex + '-' + run + '-4cae-85fd-' + (i.toString(16) + '000000000000').slice(0, 12);
    const email = 'person' + i + '.' + run + '@bench.example';
    list.push({ candidate: { id: i, uid, name: 'Person ' + i, email, phone: '555-' + i, status: 'new', notes: '' }, name: ('Person ' + i).toLowerCase(), email });
  }
  const started = performance.now();
  let kept = null;
  if (variant !== 'rows only') {
    const Keyed = variant === 'Map' ? Map : StringMap;
    const byUid = new Keyed();
    const byEmail = new Keyed();
    for (const entry of list) {
      byUid.set(entry.candidate.uid, entry);
      byEmail.set(entry.email, entry.candidate.uid);
    }
    let found = 0;
    for (const entry of list) if (byUid.get(entry.candidate.uid) === entry) found += 1;
    if (found !== rows) throw new Error('lookup failed');
    kept = { byUid, byEmail };
  }
  const keyingNs = variant === 'rows only' ? 0 : ((performance.now() - started) * 1e6) / rows;
  globalThis.kept = { list, kept };
  gc();
  return { keyingNs };
};
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  console.log(`Load average at the start: ${loadLine()}`);
  const bundle = await build({ stdin: { contents: PAGE_SOURCE, resolveDir: import.meta.dirname, loader: 'ts' }, bundle: true, format: 'iife', write: false, target: 'es2022' });
  const script = bundle.outputFiles[0]!.text;
  const server = http.createServer((_, res) => res.end('<!doctype html><title>bench</title>')).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const results = new Map<Variant, Array<Measured & { collections: Collection[] }>>(VARIANTS.map((variant) => [variant, []]));
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const variant of VARIANTS) {
        // A fresh browser each time (withGcTracedPage): the string table is the isolate's, and one variant's keys would stay in it.
        await withGcTracedPage(url, script, async (page, output) => {
          const measured = await page.evaluate(([v, rows]) => (globalThis as unknown as { measure: (...args: unknown[]) => Measured }).measure(v, rows), [variant, ROWS] as const);
          output.text = '';
          for (let i = 0; i < COLLECTIONS; i += 1) await page.evaluate(() => (globalThis as unknown as { gc: () => void }).gc());
          // The lines come through a pipe: give the last one time to arrive.
          await page.waitForTimeout(300);
          const collections = collectionsIn(output.text);
          results.get(variant)!.push({ ...measured, collections });
          console.log(`  round ${round + 1}, ${variant}: ${collections.map((c) => `${c.pause.toFixed(0)} ms (string table ${c.stringTable.toFixed(1)})`).join(', ')}`);
        });
      }
    }
  } finally {
    server.close();
  }
  const collections = (variant: Variant) => results.get(variant)!.flatMap((m) => m.collections);
  const pause = (variant: Variant) => median(collections(variant).map((c) => c.pause));
  const stringTable = (variant: Variant) => median(collections(variant).map((c) => c.stringTable));
  const keying = (variant: Variant) => median(results.get(variant)!.map((m) => m.keyingNs));
  const base = pause('rows only');
  const figures: Figure[] = VARIANTS.flatMap((variant) => [
    {
      name: `${ROWS.toLocaleString('en-US')} rows, ${variant}: the string table's part of a full collection`,
      value: `${stringTable(variant).toFixed(1)} ms`,
      detail: `median of ${collections(variant).length} forced collections: clear + evacuate.update_pointers.to_new_roots`,
    },
    {
      name: `${ROWS.toLocaleString('en-US')} rows, ${variant}: full collection ÷ the rows alone's`,
      value: `${(pause(variant) / base).toFixed(2)}×`,
      detail: `median pause ${pause(variant).toFixed(0)} ms (mostly marking, done all at once when forced)${variant === 'rows only' ? '' : `; keying and looking up each row ${keying(variant).toFixed(0)} ns`}`,
    },
  ]);
  printFigures('Strings as keys, headless Chromium', figures);
}

await main();
