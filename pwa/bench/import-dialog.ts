/**
 * The import bench's run of the real import dialog (import.bench.ts, import-online.ts): choose a file,
 * wait for its preview's counts, click Import Candidates, wait for the run's toast. Timed inside the page.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { longestTask, watchLongTasks } from './main-thread';
import { chromiumCpu, type ChromiumCpu } from './process-cpu';

export interface DialogFigures {
  /** From choosing the file to its preview's counts, when Import Candidates can be clicked. */
  previewMs: number;
  /** The longest main-thread task while the preview was read (longtask API). */
  previewLongestTaskMs: number;
  /** From the click on Import Candidates to the run's toast. */
  importMs: number;
  /** The longest main-thread task of the import, and how many were over 50 ms (longtask API). */
  longestTaskMs: number;
  longTasks: number;
  /** The run's toast, as shown. */
  toast: string;
  /** Chromium's CPU time from the click to the toast, every thread (process-cpu.ts). */
  importCpu: ChromiumCpu;
}

/** The real dialog: choose the file, click Import, wait for the run's toast. Timed inside the page. */
export async function importThroughDialog(page: Page, file: string): Promise<DialogFigures> {
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  await page.getByRole('heading', { name: 'Import Candidates' }).waitFor();
  await watchLongTasks(page, 'preview');
  const chosen = Date.now();
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByRole('listitem', { name: path.basename(file) }).waitFor();
  // The preview shows the first rows at once, then the worker reads the whole file for the counts:
  // timed to the counts, and the import starts after them so it does not share the worker.
  await page.getByRole('button', { name: 'Import Candidates' }).and(page.locator(':enabled')).waitFor({ timeout: 600_000 });
  await page.getByText('Counting rows…').waitFor({ state: 'detached', timeout: 600_000 });
  const previewMs = Date.now() - chosen;
  const previewLongestTaskMs = await longestTask(page, 'preview');
  const { result: run, cpu: importCpu } = await chromiumCpu(() => clickAndWait(page));
  return { previewMs, previewLongestTaskMs, ...run, importCpu };
}

/** Clicks Import Candidates and waits for the run's toast: the time between, and the longest tasks meanwhile. */
async function clickAndWait(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { bench: { start: number; end: number | null; toast: string; tasks: number[] } };
    w.bench = { start: 0, end: null, toast: '', tasks: [] };
    new PerformanceObserver((list) => {
      if (w.bench.end === null) for (const entry of list.getEntries()) w.bench.tasks.push(entry.duration);
    }).observe({ type: 'longtask' });
    new MutationObserver(() => {
      const toast = document.querySelector('[data-toast]');
      if (w.bench.end === null && toast && /Import (Complete|Failed)|Partial Import/.test(toast.textContent ?? '')) {
        w.bench.end = performance.now();
        w.bench.toast = toast.textContent ?? '';
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Import Candidates')!;
    w.bench.start = performance.now();
    button.click();
  });
  await page.waitForFunction(() => (window as unknown as { bench: { end: number | null } }).bench.end !== null, null, {
    timeout: 600_000,
    polling: 250,
  });
  return page.evaluate(() => {
    const { bench } = window as unknown as { bench: { start: number; end: number; toast: string; tasks: number[] } };
    return { importMs: bench.end - bench.start, longestTaskMs: Math.max(0, ...bench.tasks), longTasks: bench.tasks.length, toast: bench.toast };
  });
}
