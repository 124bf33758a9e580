/**
 * Candidates Management, looking at the list: the pipeline card and each filter (stage buttons,
 * location, debounced search, date range calendar, More Filters), the chips bar, sorting, paging, the
 * 24-hour sparkle and Pacific dates, keyboard access, Refresh, the Debug panel and the new-arrival
 * toast — on candidates the device pulled from the real server. Expected counts come from the seeded
 * rows through the shared filter functions (unit-tested on their own); here we check the screen is
 * wired to them and shows the right rows.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCandidateFilters, DEFAULT_CANDIDATE_FILTERS, type CandidateFilters } from '../../shared/candidates/filters';
import { sortCandidates } from '../../shared/candidates/sort';
import { PACIFIC_TIME_ZONE } from '../../shared/format/dates';
import { shiftDay, toDayString } from '../../shared/format/time-zone';
import { isFormSource } from '../src/features/candidates/debug-selection';
import { dayLabel } from '../src/ui/calendar/calendar-math';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { asViews, hoursAgo, openCandidatesPage, seedServerCandidates, tableNames, type SeedCandidate } from './support/candidates';
import { sampleCandidates } from './support/sample-candidates';
import { closeWithEscape, expectToast } from './support/ui';

const ROWS: SeedCandidate[] = [
  ...sampleCandidates(64),
  { name: 'Fiona Form', email: 'fiona@forms.example', source: 'Typeform', appliedDate: hoursAgo(900) },
  { name: 'Test Candidate', email: 'test.candidate@example.com', source: 'Zapier', appliedDate: hoursAgo(950) },
];
const TOTAL = ROWS.length;
const views = asViews(ROWS);
const expectedCount = (filters: Partial<CandidateFilters>) =>
  applyCandidateFilters(views, { ...DEFAULT_CANDIDATE_FILTERS, ...filters }, PACIFIC_TIME_ZONE).length;

let app: BrowserApp;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  app = await startBrowserApp();
  await seedServerCandidates(app, ROWS);
  ({ context, page } = await openCandidatesPage(app, TOTAL));
});
afterAll(async () => {
  await context?.close();
  await app?.close();
});

const showing = (count: number, total = TOTAL) => page.getByText(`Showing ${count} of ${total} candidates`, { exact: true }).waitFor();
const chip = (label: string) => page.getByRole('list', { name: 'Active filters' }).getByText(label, { exact: true });
const header = (name: string) => page.locator('th', { has: page.getByRole('button', { name, exact: true }) });

describe('filters', () => {
  it('shows the pipeline counts and toggles a stage filter with its button', async () => {
    const pipeline = page.locator('section[aria-labelledby="pipeline-heading"]');
    expect(await pipeline.textContent()).toContain(`${TOTAL} unique candidates (${TOTAL} total)`);
    const hired = page.getByRole('button', { name: /^Hired/ });
    expect(await hired.textContent()).toBe(`Hired${expectedCount({ status: 'hired' })}`);
    await hired.click();
    expect(await hired.getAttribute('aria-pressed')).toBe('true');
    await showing(expectedCount({ status: 'hired' }));
    await chip('Stage: Hired').waitFor();
    const statuses = await page.locator('[data-testid="candidates-table"] tbody select').evaluateAll((els) =>
      els.map((el) => (el as HTMLSelectElement).value),
    );
    expect(new Set(statuses)).toEqual(new Set(['hired']));
    await hired.click();
    await showing(TOTAL);
  });

  it('filters by location (phone rules) and removes the filter with its chip', async () => {
    // The button's name is its label, then the chosen value.
    await page.getByRole('button', { name: 'Location All Locations', exact: true }).click();
    await page.getByRole('option', { name: 'International' }).click();
    await showing(expectedCount({ location: 'international' }));
    expect(await tableNames(page)).toContain('Bo Tanaka'); // +63 917 555 0101
    await page.getByRole('button', { name: 'Location International', exact: true }).click();
    await page.getByRole('option', { name: 'United States' }).click();
    await showing(expectedCount({ location: 'us' }));
    expect(await tableNames(page)).not.toContain('Bo Tanaka');
    await page.getByRole('button', { name: 'Remove filter Location: United States' }).click();
    await showing(TOTAL);
  });

  it('searches name, email and phone after the debounce, and the chip clears the box', async () => {
    const box = page.getByRole('searchbox', { name: 'Search candidates by name, email or phone' });
    await box.fill('ann');
    await showing(expectedCount({ search: 'ann' }));
    await chip('Search: "ann"').waitFor();
    await box.fill('555-0101'); // digits match (415) 555-0101-style numbers whatever the separators
    await showing(expectedCount({ search: '555-0101' }));
    expect(expectedCount({ search: '555-0101' })).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Remove filter Search: "555-0101"' }).click();
    await showing(TOTAL);
    expect(await box.inputValue()).toBe('');
  });

  it('filters by a date range picked on the two-month calendar, and Clear removes it', async () => {
    const now = Date.now();
    const from = toDayString(now - 4 * 86_400_000, PACIFIC_TIME_ZONE);
    const to = shiftDay(from, 2);
    await page.getByRole('button', { name: 'Date Range' }).click();
    const panel = page.getByRole('dialog', { name: 'Date Range' });
    await panel.getByRole('button', { name: 'Previous month' }).click(); // shows last month and this one
    expect(await panel.getByRole('grid').count()).toBe(2);
    await panel.getByRole('button', { name: dayLabel(to), exact: true }).click();
    await panel.getByRole('button', { name: dayLabel(from), exact: true }).click(); // either order
    await panel.getByRole('button', { name: 'Apply' }).click();
    const count = expectedCount({ dateRange: { from, to } });
    expect(count).toBeGreaterThan(0);
    await showing(count);
    await page.getByRole('list', { name: 'Active filters' }).getByText(/^Applied: /).waitFor();

    await page.getByRole('button', { name: /^Date Range: / }).click();
    await page.getByRole('dialog', { name: 'Date Range' }).getByRole('button', { name: 'Clear' }).click();
    await showing(TOTAL);
  });

  it('applies More Filters, shows the active count, and Clear all resets every filter', async () => {
    await page.getByRole('button', { name: 'More Filters' }).click();
    const panel = page.getByRole('dialog', { name: 'More Filters' });
    await panel.getByLabel('Sales Experience').check();
    await panel.getByLabel('Craigslist').check();
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByRole('button', { name: 'More Filters (2 active)' }).waitFor();
    await showing(expectedCount({ experience: ['sales'], sources: ['craigslist'] }));
    await chip('Sales Experience').waitFor();
    await chip('Source: Craigslist').waitFor();

    await page.getByRole('button', { name: /^Hired/ }).click();
    await showing(expectedCount({ experience: ['sales'], sources: ['craigslist'], status: 'hired' }));
    await page.getByRole('button', { name: 'Clear all' }).click();
    await showing(TOTAL);
    await page.getByRole('button', { name: 'More Filters', exact: true }).waitFor();

    // Beyond the spec's two, the sources present in the data are offered.
    await page.getByRole('button', { name: 'More Filters' }).click();
    const sources = panel.getByRole('group', { name: 'Source' }).getByRole('checkbox');
    const offered = await sources.evaluateAll((boxes) => boxes.map((box) => box.closest('label')!.querySelector('span')?.textContent ?? box.closest('label')!.textContent));
    expect(offered.slice(0, 2)).toEqual(['CSV Import', 'Craigslist']);
    for (const source of ['Typeform', 'Zapier']) expect(offered).toContain(source);
    await panel.getByRole('checkbox', { name: 'Typeform', exact: true }).check();
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await showing(expectedCount({ sources: ['is:Typeform'] }));
    await chip('Source: Typeform').waitFor();
    await page.getByRole('button', { name: 'Clear all' }).click();
    await showing(TOTAL);
  });

  it('says when nothing matches', async () => {
    await page.getByRole('searchbox', { name: /Search candidates/ }).fill('zz-nobody-zz');
    await page.getByText('No candidates match your current filters. Try adjusting or clearing filters.').waitFor();
    await page.getByText('No candidates match your search criteria.').waitFor();
    await page.getByRole('button', { name: 'Clear all' }).click();
    await showing(TOTAL);
  });
});

describe('table', () => {
  it('sorts by a header click: same column toggles, a new column starts ascending; default is newest first', async () => {
    expect(await header('Applied Date').getAttribute('aria-sort')).toBe('descending');
    expect((await tableNames(page))[0]).toBe(ROWS[0]!.name); // applied 2 hours ago
    // The caption says the order in words.
    const caption = page.locator('[data-testid="candidates-table"] caption');
    expect(await caption.textContent()).toBe('Candidates, sorted by applied date, newest first');

    await page.getByRole('button', { name: 'Name', exact: true }).click();
    expect(await header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(await caption.textContent()).toBe('Candidates, sorted by name, A to Z');
    expect(await header('Applied Date').getAttribute('aria-sort')).toBe('none');
    expect(await tableNames(page)).toEqual(sortCandidates(views, 'name', 'asc').slice(0, 25).map((c) => c.name));
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    expect(await header('Name').getAttribute('aria-sort')).toBe('descending');
    expect(await tableNames(page)).toEqual(sortCandidates(views, 'name', 'desc').slice(0, 25).map((c) => c.name));

    await page.getByRole('button', { name: 'Email', exact: true }).click();
    expect(await header('Email').getAttribute('aria-sort')).toBe('ascending');
    expect(await tableNames(page)).toEqual(sortCandidates(views, 'email', 'asc').slice(0, 25).map((c) => c.name));

    // Keyboard: the header buttons are reachable and Enter sorts.
    await page.getByRole('button', { name: 'Applied Date', exact: true }).focus();
    await page.keyboard.press('Enter');
    expect(await header('Applied Date').getAttribute('aria-sort')).toBe('ascending');
    expect((await tableNames(page))[0]).toBe('Test Candidate'); // the oldest
    await page.keyboard.press('Enter');
    expect(await header('Applied Date').getAttribute('aria-sort')).toBe('descending');
  });

  it('pages with a size choice, numbered pages with ellipses, previous and next', async () => {
    await page.getByText(`Showing 1 to 25 of ${TOTAL} results`).waitFor();
    await page.getByLabel('Rows per page').selectOption('10');
    await page.getByText(`Showing 1 to 10 of ${TOTAL} results`).waitFor();
    expect(await page.locator('[data-testid="candidates-table"] tbody tr').count()).toBe(10);
    const pager = page.getByRole('navigation', { name: 'Candidates pages' });
    expect(await pager.getByRole('button', { name: /^Page \d+$/ }).allTextContents()).toEqual(['1', '2', '7']);
    expect(await pager.textContent()).toContain('…');
    expect(await pager.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);

    await pager.getByRole('button', { name: 'Next page' }).click();
    await page.getByText(`Showing 11 to 20 of ${TOTAL} results`).waitFor();
    expect(await pager.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await pager.getByRole('button', { name: 'Page 7' }).click();
    await page.getByText(`Showing 61 to ${TOTAL} of ${TOTAL} results`).waitFor();
    expect(await pager.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Previous page' }).click();
    await page.getByText(`Showing 51 to 60 of ${TOTAL} results`).waitFor();
    // A filter change goes back to page 1.
    await page.getByRole('button', { name: /^Interviewed/ }).click();
    await page.getByText(`Showing 1 to ${Math.min(10, expectedCount({ status: 'interview' }))} of ${expectedCount({ status: 'interview' })} results`).waitFor();
    await page.getByRole('button', { name: /^Interviewed/ }).click();
    await page.getByLabel('Rows per page').selectOption('25');
  });

  it('shows Pacific dates with PST/PDT, the 24-hour sparkle, and opens a row with Enter', async () => {
    const rows = page.locator('[data-testid="candidates-table"] tbody tr');
    expect(await rows.nth(0).textContent()).toContain('(applied in the last 24 hours)'); // 2 hours ago
    expect(await rows.nth(1).textContent()).toContain('(applied in the last 24 hours)'); // 15 hours ago
    expect(await rows.nth(2).textContent()).not.toContain('(applied in the last 24 hours)'); // 28 hours ago
    expect(await rows.nth(2).textContent()).toMatch(/\d{1,2}:\d{2} [AP]M P[SD]T/);

    // A row is one Tab stop: Tab goes to the next row; Left and Right move within the row, Up and Down between rows.
    const focusedIs = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
    await rows.nth(0).focus();
    await page.keyboard.press('Tab');
    expect(await focusedIs(rows.nth(1))).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await focusedIs(rows.nth(1).getByRole('checkbox'))).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await focusedIs(rows.nth(1).getByRole('combobox'))).toBe(true);
    const statusBefore = await rows.nth(1).getByRole('combobox').inputValue();
    await page.keyboard.press('ArrowRight');
    expect(await focusedIs(rows.nth(1).getByRole('button', { name: /^View / }))).toBe(true);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    expect(await focusedIs(rows.nth(1))).toBe(true);
    // Left and Right moved focus, never the select's value.
    expect(await rows.nth(1).getByRole('combobox').inputValue()).toBe(statusBefore);
    await page.keyboard.press('ArrowUp');
    expect(await focusedIs(rows.nth(0))).toBe(true);
    await page.keyboard.press('Enter');
    // The title reads "Candidate" until the row is read from IndexedDB: wait for the name.
    await page.getByRole('dialog').getByRole('heading', { name: ROWS[0]!.name }).waitFor();
    await closeWithEscape(page, page.getByText('Sales Representative Candidate'));
  });
});

describe('page tools', () => {
  it('opens the import dialog from Import CSV', async () => {
    await page.getByRole('button', { name: 'Import CSV' }).click();
    // The dialog element itself has no size (Headless UI); its title is what shows.
    const title = page.getByRole('dialog', { name: 'Import Candidates' }).getByRole('heading', { name: 'Import Candidates' });
    await title.waitFor();
    await page.keyboard.press('Escape');
    await title.waitFor({ state: 'detached' });
  });

  it('refreshes with the spec toasts, and says a refresh needs a connection when offline', async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expectToast(page, 'Refresh complete', `Found ${TOTAL} candidates`);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expectToast(page, 'Refresh failed', /Please try again.*needs a connection/);
    await context.setOffline(false);
  });

  it('shows form-integration candidates, a test candidate and the most recent one in the Debug panel', async () => {
    await page.getByRole('button', { name: 'Debug' }).click();
    const panel = page.locator('section[aria-labelledby="debug-heading"]');
    await panel.waitFor();
    const text = (await panel.textContent()) ?? '';
    const forms = ROWS.filter((row) => isFormSource(row.source ?? null));
    expect(text).toContain(`Form integration candidates (${forms.length})`);
    expect(text).toContain(sortCandidates(asViews(forms), 'appliedDate', 'desc')[0]!.name);
    expect(text).toMatch(/Test candidate\s*Test Candidate/);
    expect(text).toMatch(new RegExp(`Most recent candidate\\s*${ROWS[0]!.name}`));
    await page.getByRole('button', { name: 'Debug' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('pulls new arrivals within seconds while open and announces them', async () => {
    await seedServerCandidates(app, [
      { name: 'Zed Arrival', email: 'zed.arrival@example.com', source: 'Zapier' },
      { name: 'Yara Arrival', email: 'yara.arrival@example.com', source: 'Form' },
    ]);
    await expectToast(page, '2 new candidate(s) arrived', 'added at the top');
    await showing(TOTAL + 2, TOTAL + 2);
    expect((await tableNames(page)).slice(0, 2).sort()).toEqual(['Yara Arrival', 'Zed Arrival']);
  });
});
