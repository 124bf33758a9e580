/**
 * What IndexedDB charges for the candidate row the device stores, against the import bench's baseline
 * record (import-baseline.ts), and what a smaller stored row would save: a question the import bench's
 * ratio raises (issue 14: "Import Complete" within 1.5× the baseline). Headless Chromium, raw
 * IndexedDB (no Dexie, no app), the same candidates written each way into a fresh database with the
 * candidates table's indexes (CANDIDATE_INDEXES, or an earlier version's: a row lacking an index's key
 * path has no entry in it), 5,000 rows per transaction as the import writes them.
 *
 *   npm run bench:stored-row      (BENCH_ROWS=30000 and BENCH_ROUNDS=5 by default; BENCH_VARIANTS to pick)
 *
 * The variants:
 *   - baseline: the baseline's record (no id, clocks, run or localOnly: the run index stays empty);
 *   - device row: the row an import makes (createCandidateRecord → toLocalCandidate, with its run), in
 *     full, as it was stored before the stored form, with version 8's indexes (localOnly and the run
 *     apart: two index entries beyond the baseline's), and without either entry;
 *   - version 11's stored form (short names, implied values left out: 622 bytes of JSON become 389),
 *     still with localOnly and the run apart;
 *   - the stored form, the app's (stored-candidate.ts: localOnly and the run one key, `r`), and
 *     without own writes at all (no entry beyond the baseline's);
 *   - the row a pull brings a new device (the server's: an id, no run) in the stored form, with the
 *     app's indexes (the interview index sparse: a row out of interview has no entry), with version
 *     12's (an entry for every row's status), and with none: what each index costs it;
 *   - the same rows in blocks of BLOCK_ROWS, one record per block: what fewer records would save.
 * Each is the median of the rounds (the variants take turns within a round), and is printed as a
 * ratio to the baseline's median: the machine is shared, so only the ratios are read, never a time.
 * The figure is the IndexedDB backend's CPU time (a Chrome trace: main-thread.ts), which sets an
 * import's pace and varies little from run to run; wall time is printed too, and "main-thread put",
 * the synchronous put() loop (serialising each row and its index keys).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { HybridLogicalClock, nodeIdFrom } from '../../shared/sync/hlc';
import { createCandidateRecord } from '../../shared/sync/merge';
import { CANDIDATE_INDEXES, CANDIDATE_INDEXES_V8, CANDIDATE_INDEXES_V12, toLocalCandidate } from '../src/db/database';
import { toStoredCandidate } from '../src/db/stored-candidate';
import { BLOCK_ROWS } from '../src/db/candidate-blocks';
import { nextOwnWrites } from '../src/sync/dexie-rows';
import { CHROMIUM_ARGS, ensureChromium } from '../tests/support/chromium';
import { BASELINE_RECORD_SOURCE } from './import-baseline';
import { row } from './import-files';
import { traceBackend } from './main-thread';
import { loadLine, printFigures, type Figure } from './report';

const ROWS = Number(process.env.BENCH_ROWS ?? 30_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** BENCH_VARIANTS="part,part": only the variants whose names hold one of these (and the baseline). */
const ONLY = process.env.BENCH_VARIANTS?.split(',');
/** Rows per transaction: the import's batch (shared/import/reader/row-batcher.ts). */
const PER_TRANSACTION = 5_000;
/** Rows per candidates.import mutation: each mutation starts a run of its own. */
const PER_MUTATION = 1_000;
/** The signed-in user's id, as the server numbers users. */
const USER_ID = 1;

interface Variant {
  name: string;
  /** The stored rows (the baseline's are made in the page, from its cells). */
  rows: (cells: string[][]) => unknown[] | null;
  /** The table's indexes, when not the app's (CANDIDATE_INDEXES). */
  indexes?: string;
}

/** The rows an import of `cells` stores on the device, as the real code makes them. */
function deviceRows(cells: string[][]): Array<Record<string, unknown>> {
  const clock = new HybridLogicalClock(nodeIdFrom('bench-device'));
  const now = new Date().toISOString();
  let hlc = '';
  return cells.map((r, i) => {
    if (i % PER_MUTATION === 0) hlc = clock.tick();
    const fields = { uid: crypto.randomUUID(), name: r[0]!, email: r[1]!, phone: r[2], location: r[3], status: r[4] as 'new', appliedDate: r[5], source: r[6], experience: r[7], skills: r[8] };
    const record = createCandidateRecord(fields, hlc, { id: null, userId: USER_ID, now });
    return { ...toLocalCandidate(record), ownWrites: nextOwnWrites(undefined, 1 + Math.floor(i / PER_MUTATION)) };
  });
}

/** The rows as the app stores them (stored-candidate.ts). */
const stored = (rows: Array<Record<string, unknown>>) => rows.map(toStoredCandidate);

function without<T extends Record<string, unknown>>(rows: T[], fields: string[]): T[] {
  return rows.map((row) => {
    const copy: Record<string, unknown> = { ...row };
    for (const field of fields) delete copy[field];
    return copy as T;
  });
}

/** Version 11's stored form: the app's, but localOnly and the run as fields of their own. */
const version11Form = (rows: Array<Record<string, unknown>>) =>
  rows.map(({ localOnly, ownWrites, ...row }) => ({ ...(toStoredCandidate(row) as object), ...(localOnly ? { localOnly } : {}), ownWrites }));

/** The rows a pull brings a new device: the server's (an id, no run), in the stored form. */
const pulledRows = (cells: string[][]) => stored(deviceRows(cells).map(({ localOnly, ownWrites, ...row }, i) => ({ ...row, id: i + 1 })));


/**
 * The same rows stored a block per record (keyed by a block number, no per-row index): what the
 * per-record cost above is, and what fewer records than candidates save (the storage a new device's
 * pull uses: pwa/src/db/candidate-blocks.ts).
 */
const inBlocks = (rows: unknown[]) =>
  Array.from({ length: Math.ceil(rows.length / BLOCK_ROWS) }, (_, i) => ({ uid: `block-${String(i).padStart(6, '0')}`, rows: rows.slice(i * BLOCK_ROWS, (i + 1) * BLOCK_ROWS) }));

const VARIANTS: Variant[] = [
  { name: 'baseline record', rows: () => null },
  { name: 'device row (version 8)', rows: deviceRows, indexes: CANDIDATE_INDEXES_V8 },
  { name: 'device row, neither entry', rows: (cells) => without(deviceRows(cells), ['localOnly', 'ownWrites']), indexes: CANDIDATE_INDEXES_V8 },
  { name: 'stored form of version 11', rows: (cells) => version11Form(deviceRows(cells)), indexes: CANDIDATE_INDEXES_V8 },
  { name: "stored form (the app's)", rows: (cells) => stored(deviceRows(cells)) },
  { name: 'stored form, no own writes', rows: (cells) => stored(without(deviceRows(cells), ['localOnly', 'ownWrites'])) },
  { name: 'pulled row', rows: pulledRows },
  { name: 'pulled row, every status indexed (version 12)', rows: pulledRows, indexes: CANDIDATE_INDEXES_V12 },
  { name: 'pulled row, no index', rows: pulledRows, indexes: 'uid' },
  { name: `pulled rows in blocks of ${BLOCK_ROWS}, a record each`, rows: (cells) => inBlocks(pulledRows(cells)), indexes: 'uid' },
];

/** Dexie's index specs as IndexedDB indexes: name → key path (a compound spec is an array of paths). */
function keyPaths(specs: string): Array<[string, string | string[]]> {
  return specs
    .split(', ')
    .slice(1)
    .map((spec) => [spec, spec.startsWith('[') ? spec.slice(1, -1).split('+') : spec]);
}

interface Timing {
  totalMs: number;
  putMs: number;
  /** The IndexedDB backend's CPU time (main-thread.ts): steadier than wall time on a shared machine. */
  backendCpuMs: number;
  /** Its puts' CPU time by part: writing the rows, updating the indexes (main-thread.ts: backendTime). */
  rowsCpuMs: number;
  indexesCpuMs: number;
}

async function main() {
  console.log(`Load average at the start: ${loadLine()}`);
  const server = http.createServer((_, res) => res.end('<!doctype html><title>bench</title>')).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  const RUN = ONLY ? VARIANTS.filter((variant, i) => i === 0 || ONLY.some((part) => variant.name.includes(part))) : VARIANTS;
  const timings = new Map<string, Timing[]>(RUN.map((v) => [v.name, []]));
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const cells = Array.from({ length: ROWS }, (_, i) => row(i, 'stored-row.bench.example'));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const variant of RUN) {
        let timing!: { totalMs: number; putMs: number };
        const { backendCpuMs, puts } = await traceBackend(browser, async () => {
          timing = await page.evaluate(
          async ({ rows, cells, indexes, perTransaction, recordSource }) => {
            const now = new Date().toISOString();
            const toRecord = new Function(`return ${recordSource}`)() as (cells: string[], now: string) => unknown;
            const values = rows ?? cells.map((c) => toRecord(c, now));
            const name = `stored-row-${Math.random()}`;
            const db = await new Promise<IDBDatabase>((resolve, reject) => {
              const open = indexedDB.open(name, 1);
              open.onupgradeneeded = () => {
                const store = open.result.createObjectStore('candidates', { keyPath: 'uid' });
                for (const [index, keyPath] of indexes) store.createIndex(index, keyPath);
              };
              open.onsuccess = () => resolve(open.result);
              open.onerror = () => reject(open.error);
            });
            let putMs = 0;
            const start = performance.now();
            for (let from = 0; from < values.length; from += perTransaction) {
              await new Promise<void>((resolve, reject) => {
                const tx = db.transaction('candidates', 'readwrite');
                const store = tx.objectStore('candidates');
                const putStart = performance.now();
                for (const value of values.slice(from, from + perTransaction)) store.put(value);
                putMs += performance.now() - putStart;
                tx.oncomplete = () => resolve();
                tx.onerror = () => reject(tx.error);
              });
            }
            const totalMs = performance.now() - start;
            db.close();
            await new Promise((resolve) => (indexedDB.deleteDatabase(name).onsuccess = resolve));
            return { totalMs, putMs };
          },
          { rows: variant.rows(cells), cells, indexes: keyPaths(variant.indexes ?? CANDIDATE_INDEXES), perTransaction: PER_TRANSACTION, recordSource: BASELINE_RECORD_SOURCE },
          );
        });
        timings.get(variant.name)!.push({ ...timing, backendCpuMs, rowsCpuMs: puts.rowsCpuMs, indexesCpuMs: puts.indexesCpuMs });
      }
      console.log(`Round ${round + 1} of ${ROUNDS} done`);
    }
  } finally {
    await browser.close();
    server.close();
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const baseRuns = timings.get(VARIANTS[0]!.name)!;
  const medianOf = (runs: Timing[], part: keyof Timing) => median(runs.map((t) => t[part]));
  const ratio = (runs: Timing[], part: keyof Timing) => (medianOf(runs, part) / medianOf(baseRuns, part)).toFixed(2);
  const figures: Figure[] = RUN.map((variant) => {
    const runs = timings.get(variant.name)!;
    return {
      name: variant.name,
      value: `${ratio(runs, 'backendCpuMs')}×`,
      detail: `its puts: writing the rows ${ratio(runs, 'rowsCpuMs')}×, updating the indexes ${ratio(runs, 'indexesCpuMs')}×; wall ${ratio(runs, 'totalMs')}×, main-thread put ${ratio(runs, 'putMs')}×; backend CPU ${runs.map((t) => Math.round(t.backendCpuMs)).join(', ')} ms`,
    };
  });
  printFigures(`${ROWS.toLocaleString('en-US')} rows written to IndexedDB, ${ROUNDS} rounds (median ÷ the baseline record's)`, figures, 'Backend CPU');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
