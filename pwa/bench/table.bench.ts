/**
 * The Candidates table with 100,000 candidates on the device: the time from a filter, sort or page
 * change to the table updated, against the 150 ms target (issue 5). Headless Chromium, the built app
 * served by the real server (pwa/tests/support/browser-app.ts); the device database is filled
 * directly in the page (an IndexedDB transaction) for speed, then the page reloads and reads it.
 *
 *   npm run bench:table        (also the last step of `npm run bench`; builds the PWA first when
 *                              stale; DATABASE_URL is used when set)
 *
 * Each interaction is started inside the page (element.click() or an input/change event), so
 * Playwright's own round trips are not counted. "Updated" is the first DOM mutation of the table (or
 * its "Showing X of Y" line) after the interaction — React commits a render in one go — and "painted"
 * adds the next animation frame. The search box waits 500 ms on purpose (the spec's debounce); its
 * figure starts when that wait ends (a performance mark the app sets). A status change from a row's
 * dropdown is timed to the Recruitment Pipeline counts updated (the write, the in-memory list and the
 * render). A bulk status change of 10,000 selected candidates is timed to its toast, with the longest
 * main-thread task meanwhile. Prints one table with each figure's target and whether it was met, and the machine's load
 * average (the machine is shared: each figure is a few runs, median and max).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { buildPwaIfStale } from '../../sync-server/src/build-pwa';
import { startBrowserApp } from '../tests/support/browser-app';
import { ADMIN, adminApi, signInThroughUi } from '../tests/support/ui';
import { loadLine, printFigures, type Figure } from './report';

export const CANDIDATES = 100_000;
export const TARGET_MS = 150;
/** Issue 5: a status change reaches the UI "well under a second" with 100,000 candidates. */
export const STATUS_TARGET_MS = 1000;
/** Set by SearchBox.tsx when the debounced text becomes a filter. */
const SEARCH_APPLIED_MARK = 'candidates:search-applied';

type Trigger =
  | { type: 'click'; selector: string; text?: string }
  | { type: 'select'; selector: string; value: string }
  /** Typing: timed from the performance mark the app sets when the text becomes a filter (after the debounce). */
  | { type: 'input'; selector: string; value: string; fromMark: string };

interface Timing {
  dom: number;
  /** DOM updated plus style and layout (forced right after the update). */
  layout: number;
  painted: number;
}

/** Fills the device database in the page: one IndexedDB transaction, rows shaped like Dexie's LocalCandidate. */
async function seedDevice(page: Page, count: number): Promise<number> {
  return page.evaluate(async (total) => {
    const started = performance.now();
    const first = ['Ann', 'Bo', 'Carla', 'Dev', 'Élodie', 'Frank', 'Grace', 'Hiro', 'Ines', 'Jon', 'Kira', 'Liam', 'Mia', 'Noah', 'Olga', 'Pablo'];
    const last = ['Lee', 'Novak', 'Reyes', 'Patel', 'Smith', 'Okafor', 'Kim', 'Tanaka', 'Silva', 'Berg', 'Nguyen', 'García'];
    const statuses = ['new', 'new', 'new', 'screening', 'interview', 'assessment', 'offer', 'hired', 'rejected', 'rejected'];
    const sources = ['CSV Import', 'Craigslist', 'Zapier', 'Typeform', 'Referral', null];
    const experience = ['5 years of B2B sales', 'Sales team management', 'Retail', 'Management consulting', null];
    const phone = (i: number) => {
      const n = String(i % 10_000).padStart(4, '0');
      return [`(949) 555-${n}`, `+63 917 555 ${n}`, `415-555-${n}`, `+44 20 7946 ${n}`, '', `1949555${n}`][i % 6] || null;
    };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('rephire');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const now = Date.now();
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('candidates', 'readwrite');
      const store = tx.objectStore('candidates');
      for (let i = 0; i < total; i += 1) {
        const name = `${first[i % first.length]} ${last[(i * 7) % last.length]}`;
        const email = `${first[i % first.length]!.toLowerCase()}.${i}@example.com`;
        const applied = new Date(now - ((i * 7919) % (730 * 24)) * 3_600_000 - (i % 60) * 60_000).toISOString();
        store.put({
          id: i + 1,
          uid: crypto.randomUUID(),
          name,
          email,
          emailKey: email,
          phone: phone(i),
          location: ['Irvine, CA', 'Manila', 'Austin, TX', null][i % 4],
          status: statuses[i % statuses.length],
          appliedDate: applied,
          statusChangedAt: null,
          source: sources[i % sources.length],
          experience: experience[i % experience.length],
          skills: i % 3 === 0 ? 'Cold calling, CRM, Negotiation' : 'Prospecting',
          notes: '',
          userId: 1,
          fieldClocks: {},
          createdAt: applied,
          updatedAt: applied,
          deletedAt: null,
        });
      }
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    return performance.now() - started;
  }, count);
}

/** Runs one interaction inside the page and times it until the table (or its count line) changes. */
async function measure(page: Page, trigger: Trigger): Promise<Timing> {
  return page.evaluate(async (t) => {
    const find = (): HTMLElement => {
      const all = [...document.querySelectorAll<HTMLElement>(t.selector)];
      const text = 'text' in t ? t.text : undefined;
      const hit = text === undefined ? all[0] : all.find((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() === text);
      if (!hit) throw new Error(`No element ${t.selector} ${text ?? ''}`);
      return hit;
    };
    const target = find();
    const table = document.querySelector('[data-testid="candidates-table"]')!;
    const counter = [...document.querySelectorAll('p')].find((p) => /^Showing \d+ of \d+ candidates$/.test(p.textContent ?? ''));
    let laidOut = 0;
    const changed = new Promise<number>((resolve, reject) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        const at = performance.now();
        // React commits in one go; let it finish, then force style and layout to time them apart.
        queueMicrotask(() => {
          void (table as HTMLElement).offsetHeight;
          laidOut = performance.now();
        });
        resolve(at);
      });
      observer.observe(table, { childList: true, subtree: true, characterData: true, attributes: true });
      if (counter) observer.observe(counter, { childList: true, subtree: true, characterData: true });
      setTimeout(() => reject(new Error(`No table update within 15 s after ${JSON.stringify(t)}`)), 15_000);
    });
    const started = performance.now();
    if (t.type === 'click') target.click();
    else {
      const proto = t.type === 'select' ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(target, t.value);
      target.dispatchEvent(new Event(t.type === 'select' ? 'change' : 'input', { bubbles: true }));
    }
    const updatedAt = await changed;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const paintedAt = performance.now();
    let from = started;
    if (t.type === 'input') {
      const mark = performance.getEntriesByName(t.fromMark, 'mark').filter((m) => m.startTime >= started).at(-1);
      if (!mark) throw new Error(`No ${t.fromMark} mark after typing`);
      from = mark.startTime;
    }
    return { dom: updatedAt - from, layout: laidOut - from, painted: paintedAt - from };
  }, trigger);
}

/**
 * Changes the first row's status from its dropdown (as a person would: the select's change event) and
 * times it until the Recruitment Pipeline counts show it, then the next frame. Alternates hired/interview.
 */
async function measureStatusChange(page: Page): Promise<Timing> {
  return page.evaluate(async () => {
    const select = document.querySelector<HTMLSelectElement>('[data-testid="candidates-table"] tbody tr select')!;
    const next = select.value === 'hired' ? 'interview' : 'hired';
    const pipeline = document.querySelector('section[aria-labelledby="pipeline-heading"]')!;
    const before = pipeline.textContent;
    let laidOut = 0;
    const changed = new Promise<number>((resolve, reject) => {
      const observer = new MutationObserver(() => {
        if (pipeline.textContent === before) return;
        observer.disconnect();
        const at = performance.now();
        queueMicrotask(() => {
          void (pipeline as HTMLElement).offsetHeight;
          laidOut = performance.now();
        });
        resolve(at);
      });
      observer.observe(pipeline, { childList: true, subtree: true, characterData: true });
      setTimeout(() => reject(new Error('No pipeline update within 15 s after a status change')), 15_000);
    });
    const started = performance.now();
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, next);
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const updatedAt = await changed;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const shown = document.querySelector<HTMLSelectElement>('[data-testid="candidates-table"] tbody tr select')!.value;
    if (shown !== next) throw new Error(`The row shows ${shown} after changing it to ${next}`);
    return { dom: updatedAt - started, layout: laidOut - started, painted: performance.now() - started };
  });
}

const click = (selector: string, text?: string): Trigger => ({ type: 'click', selector, text });

/** The app's own measures (useCandidateList, useCandidateTableModel) since `since`, summed per name, in ms. */
async function appMeasures(page: Page, since: number): Promise<Record<string, number>> {
  return page.evaluate((from) => {
    const sums: Record<string, number> = {};
    for (const entry of performance.getEntriesByType('measure')) {
      if (entry.startTime >= from && entry.name.startsWith('candidates:')) sums[entry.name] = (sums[entry.name] ?? 0) + entry.duration;
    }
    return sums;
  }, since);
}

const breakdown = (sums: Record<string, number>) =>
  `read from IndexedDB ${((sums['candidates:read'] ?? 0) / 1000).toFixed(2)} s, indexing ${((sums['candidates:index'] ?? 0) / 1000).toFixed(2)} s`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function tableBenchmark(log: (line: string) => void = console.log): Promise<Figure[]> {
  log(`Load average at the start: ${loadLine()}`);
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  await buildPwaIfStale(root, log);
  const app = await startBrowserApp({ browserBuild: 'full' });
  const figures: Figure[] = [];
  try {
    await adminApi(app);
    const context = await app.browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 900 } });
    // tsx (esbuild, keepNames) wraps named functions in __name(...), which the page does not define.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    await signInThroughUi(page, ADMIN);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Candidates' }).click();
    await page.getByRole('heading', { name: 'Candidates Management' }).waitFor();

    log(`Filling the device with ${CANDIDATES.toLocaleString('en-US')} candidates…`);
    const seedMs = await seedDevice(page, CANDIDATES);
    const loadStarted = Date.now();
    await page.reload();
    await page.getByText(`Showing ${CANDIDATES} of ${CANDIDATES} candidates`, { exact: true }).waitFor({ timeout: 120_000 });
    await page.locator('[data-testid="candidates-table"] tbody tr').nth(24).waitFor();
    const loadMs = Date.now() - loadStarted;
    figures.push({ name: 'Device filled (IndexedDB, one transaction)', value: `${(seedMs / 1000).toFixed(2)} s`, detail: 'setup, no target' });
    const openedParts = await appMeasures(page, 0);
    figures.push({ name: 'Page opened: read, index and sort 100,000', value: `${(loadMs / 1000).toFixed(2)} s`, detail: `reload to rows, no target; ${breakdown(openedParts)}` });

    const results = new Map<string, Timing[]>();
    const run = async (name: string, trigger: Trigger) => {
      const list = results.get(name) ?? [];
      list.push(await measure(page, trigger));
      results.set(name, list);
    };
    const header = (label: string) => click('th button', label);
    const pager = (label: string) => click('nav[aria-label="Candidates pages"] button', label);
    const stage = (label: string) => click('section[aria-labelledby="pipeline-heading"] button', label);

    for (let i = 0; i < 8; i += 1) await run('Next page', pager('Next page'));
    for (let i = 0; i < 3; i += 1) {
      await run('Jump to the last page', pager(`Page ${CANDIDATES / 25}`));
      await run('Back to page 1', pager('Page 1'));
    }
    for (let i = 0; i < 3; i += 1) {
      await run('Rows per page 25 → 100', { type: 'select', selector: 'label select', value: '100' });
      await run('Rows per page 100 → 25', { type: 'select', selector: 'label select', value: '25' });
    }
    for (let i = 0; i < 4; i += 1) {
      await run('Sort by Name (asc, then desc)', header('Name'));
      await run('Sort by Name (asc, then desc)', header('Name'));
      await run('Sort by Email', header('Email'));
      await run('Sort by Status', header('Status'));
      await run('Sort by Applied Date (asc, then desc)', header('Applied Date'));
      await run('Sort by Applied Date (asc, then desc)', header('Applied Date'));
    }
    for (let i = 0; i < 4; i += 1) {
      await run('Stage filter (Hired) on / off', stage(`Hired${(CANDIDATES / 10).toString()}`));
      await run('Stage filter (Hired) on / off', stage(`Hired${(CANDIDATES / 10).toString()}`));
    }
    for (const option of ['United States', 'International', 'All Locations', 'United States', 'International', 'All Locations']) {
      // The select's name is its label and its value ("Location All Locations"), as the browser tests find it.
      await page.getByRole('button', { name: /^Location / }).click();
      await page.getByRole('option', { name: option }).waitFor();
      await run('Location filter', click('[role="option"]', option));
    }
    for (const text of ['ann', '', 'okafor', '', '555-01', '']) {
      await run('Search (from the end of the 500 ms debounce)', { type: 'input', selector: 'input[type="search"]', value: text, fromMark: SEARCH_APPLIED_MARK });
    }
    for (let i = 0; i < 3; i += 1) {
      await page.getByRole('button', { name: 'More Filters' }).click();
      const panel = page.getByRole('dialog', { name: 'More Filters' });
      await panel.getByLabel('Sales Experience').check();
      await panel.getByLabel('Craigslist').check();
      await run('More Filters: Apply Filters', click('[role="dialog"] button', 'Apply Filters'));
      await run('Clear all filters', click('button', 'Clear all'));
    }
    for (let i = 0; i < 3; i += 1) {
      await page.getByRole('button', { name: 'Date Range' }).click();
      const panel = page.getByRole('dialog', { name: 'Date Range' });
      await panel.getByRole('button', { name: 'Previous month' }).click();
      const days = panel.locator('[data-day]');
      await days.nth(3 + i).click();
      await days.nth(20 + i).click();
      await run('Date Range: Apply', click('[role="dialog"] button', 'Apply'));
      await run('Date Range chip removed', click('[aria-label^="Remove filter Applied"]'));
    }

    for (const [name, timings] of results) {
      const painted = timings.map((t) => t.painted);
      const worst = Math.max(...painted);
      figures.push({
        name,
        value: `${median(painted).toFixed(1)} ms median, ${worst.toFixed(1)} ms max`,
        target: `< ${TARGET_MS} ms`,
        met: median(painted) < TARGET_MS,
        detail: `${timings.length} runs; medians: DOM updated ${median(timings.map((t) => t.dom)).toFixed(1)} ms, laid out ${median(timings.map((t) => t.layout)).toFixed(1)} ms`,
      });
    }

    // A data change: one status, from the first row's dropdown, to the pipeline counts updated.
    const statusSince = await page.evaluate(() => performance.now());
    const statusRuns: Timing[] = [];
    for (let i = 0; i < 6; i += 1) {
      statusRuns.push(await measureStatusChange(page));
      // The write's toast; the next change waits for the list to be published (not part of the figure).
      await page.waitForTimeout(400);
    }
    const statusPainted = statusRuns.map((t) => t.painted);
    const publishMs = (await appMeasures(page, statusSince))['candidates:publish'] ?? 0;
    figures.push({
      name: 'Status change (row dropdown) to pipeline counts',
      value: `${median(statusPainted).toFixed(1)} ms median, ${Math.max(...statusPainted).toFixed(1)} ms max`,
      target: `< ${STATUS_TARGET_MS} ms`,
      met: median(statusPainted) < STATUS_TARGET_MS,
      detail: `${statusRuns.length} runs; no re-read: in-memory list updated in ${(publishMs / statusRuns.length).toFixed(1)} ms per change`,
    });

    // A bulk action (issue 16): every Hired candidate (10,000) selected across pages and moved to
    // Interviewed from the selection bar, timed to its toast; the longest main-thread task meanwhile.
    await page.locator('section[aria-labelledby="pipeline-heading"] button', { hasText: /^Hired/ }).click();
    await page.getByRole('checkbox', { name: 'Select every candidate on this page' }).check();
    const bar = page.getByRole('region', { name: 'Selected candidates' });
    await bar.getByRole('button', { name: /^Select all [\d,]+ matching$/ }).click();
    // The page's 25, then every Hired candidate (about a tenth; the status changes above moved a few).
    await page.waitForFunction(() => /^\d{1,3}(,\d{3})+ selected$/.test(document.querySelector('[aria-label="Selected candidates"] p')?.textContent ?? ''));
    const bulkCount = (await bar.locator('p').first().textContent())!.replace(' selected', '');
    await page.evaluate(() => {
      const tasks: number[] = [];
      (globalThis as { __bulkTasks?: number[] }).__bulkTasks = tasks;
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration))).observe({ type: 'longtask' });
    });
    const bulkStarted = Date.now();
    await bar.getByRole('combobox').selectOption('interview');
    await page.locator('[data-toast]').filter({ hasText: `${bulkCount} candidates moved to Interviewed` }).waitFor({ timeout: 300_000 });
    const bulkMs = Date.now() - bulkStarted;
    const longest = await page.evaluate(() => Math.max(0, ...((globalThis as { __bulkTasks?: number[] }).__bulkTasks ?? [])));
    figures.push({
      name: `Bulk status change of ${bulkCount} candidates (selection bar)`,
      value: `${(bulkMs / 1000).toFixed(2)} s`,
      target: 'longest main-thread task < 200 ms',
      met: longest < 200,
      detail: `to its toast, through Playwright; longest main-thread task ${longest.toFixed(0)} ms; ${Math.ceil(Number(bulkCount.replace(/,/g, '')) / 500)} candidates.bulk mutations`,
    });

    await page.locator('section[aria-labelledby="pipeline-heading"] button', { hasText: /^Hired/ }).click();
    await page.getByText(`Showing ${CANDIDATES} of ${CANDIDATES} candidates`, { exact: true }).waitFor({ timeout: 60_000 });

    // Leaving and coming back: the list stays in memory, so the page shows at once.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByText(/unique candidates/).first().waitFor({ timeout: 60_000 });
    const backStarted = Date.now();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Candidates' }).click();
    await page.getByText(`Showing ${CANDIDATES} of ${CANDIDATES} candidates`, { exact: true }).waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="candidates-table"] tbody tr').nth(24).waitFor();
    figures.push({ name: 'Back to Candidates from the Dashboard', value: `${Date.now() - backStarted} ms`, detail: 'click to rows, through Playwright; no target' });
    await context.close();
  } finally {
    await app.close();
  }
  return figures;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  tableBenchmark()
    .then((figures) => {
      // A missed target is reported in the table, not as a failure, so `npm run bench` goes on.
      printFigures('Candidates table, 100,000 on the device', figures, 'Result (to next frame)');
      process.exit(0);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
