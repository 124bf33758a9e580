/**
 * The import bench's raw baseline (import.bench.ts): in the page that imported, parse the same file on
 * the main thread (papaparse / SheetJS) and write its rows with ONE Dexie bulkPut into a scratch
 * database with the candidates table's indexes (CANDIDATE_INDEXES, as the app declares them).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { CANDIDATE_INDEXES } from '../src/db/database';
import { IN_INTERVIEW_INDEX } from '../src/db/stored-candidate';
import { chromiumCpu, type ChromiumCpu } from './process-cpu';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lib = (file: string) => path.join(root, 'node_modules', file);

/**
 * The baseline's record of a file row's cells (as import-files.ts writes them), as source: it runs in
 * the page (the bench's pages bypass CSP), and the stored-row bench (stored-row.bench.ts) writes the same.
 * It has the key of each index a row of its status has an entry in (the sparse interview index,
 * IN_INTERVIEW_INDEX), so the baseline writes the index entries the app's rows must.
 */
export const BASELINE_RECORD_SOURCE = `(r, now) => ({
  uid: crypto.randomUUID(),
  name: r[0],
  email: r[1],
  emailKey: String(r[1]).trim().toLowerCase(),
  phone: r[2],
  location: r[3],
  status: r[4],
  ...(r[4] === 'interview' ? { ${IN_INTERVIEW_INDEX}: 1 } : {}),
  appliedDate: r[5],
  source: r[6],
  experience: r[7],
  skills: r[8],
  notes: '',
  updatedAt: now,
})`;

export interface BaselineFigures {
  /** The median of the runs. */
  baselineMs: number;
  baselineParseMs: number;
  baselineRunsMs: number[];
  /** Chromium's CPU time in the median run, every thread (process-cpu.ts). */
  baselineCpu: ChromiumCpu;
}

/**
 * Runs of the raw baseline; the median is the figure. One run varied from 0.9 to 1.7 s for the same
 * 20,000 rows on this machine, which moved the ratio more than any change measured.
 */
const BASELINE_RUNS = 3;

/**
 * Parse + one bulkPut, on the main thread, into a scratch database shaped like the candidates table:
 * BASELINE_RUNS times, the median run's figures (and every run's time, for the report).
 */
export async function baseline(page: Page, file: string, kind: 'csv' | 'xlsx', runCount = BASELINE_RUNS): Promise<BaselineFigures> {
  await page.addScriptTag({ path: lib('dexie/dist/dexie.min.js') });
  await page.addScriptTag({ path: lib(kind === 'csv' ? 'papaparse/papaparse.min.js' : 'xlsx/dist/xlsx.full.min.js') });
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'bench-file';
    input.hidden = true;
    document.body.append(input);
  });
  await page.locator('#bench-file').setInputFiles(file);
  const runs: Array<{ baselineMs: number; baselineParseMs: number; baselineCpu: ChromiumCpu }> = [];
  for (let run = 0; run < runCount; run += 1) {
    const { result, cpu } = await chromiumCpu(() => baselineRun(page, kind));
    runs.push({ ...result, baselineCpu: cpu });
  }
  const sorted = [...runs].sort((a, b) => a.baselineMs - b.baselineMs);
  return { ...sorted[Math.floor(sorted.length / 2)]!, baselineRunsMs: runs.map((run) => run.baselineMs) };
}

async function baselineRun(page: Page, kind: 'csv' | 'xlsx'): Promise<{ baselineMs: number; baselineParseMs: number }> {
  return page.evaluate(async ({ fileKind, indexes, recordSource }) => {
    const g = window as unknown as Record<string, any>;
    const file = (document.getElementById('bench-file') as HTMLInputElement).files![0]!;
    const db = new g.Dexie('bench-scratch');
    db.version(1).stores({ candidates: indexes });
    await db.open();
    const start = performance.now();
    let rows: string[][];
    if (fileKind === 'csv') rows = g.Papa.parse(await file.text(), { header: false, skipEmptyLines: true }).data;
    else {
      const book = g.XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: 'array', dense: true, cellFormula: false, cellHTML: false });
      rows = g.XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1, raw: false });
    }
    const parsed = performance.now();
    const now = new Date().toISOString();
    const toRecord = new Function(`return ${recordSource}`)() as (cells: string[], now: string) => unknown;
    const records = rows.slice(1).map((cells) => toRecord(cells, now));
    await db.candidates.bulkPut(records);
    const end = performance.now();
    // Deleted here, after the time is taken (its CPU counts with the run's: a few tenths of a second of
    // about 11). Deleted in a page.evaluate of its own, it left something behind that delayed the sync
    // measured next: "sending" began 3.4–4.8 s after going online instead of 1.1 (four runs against
    // three, 27 November 2026; why, not found).
    db.close();
    await g.Dexie.delete('bench-scratch');
    return { baselineMs: end - start, baselineParseMs: parsed - start };
  }, { fileKind: kind, indexes: CANDIDATE_INDEXES, recordSource: BASELINE_RECORD_SOURCE });
}
