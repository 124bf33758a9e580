/**
 * Search Candidates on the device's data: simple search over every listed field with its chip, the
 * result counts with duplicates hidden, advanced filters (and the simple query ignored meanwhile),
 * badge colours, the no-match text and the detail modal, by pointer and keyboard.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLocalDate } from '../../shared/format/dates';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { hoursAgo, seedServerCandidates, type SeedCandidate } from './support/candidates';
import { ADMIN, signInThroughUi } from './support/ui';

const ROWS: SeedCandidate[] = [
  { name: 'Ann Lee', email: 'ann@example.com', status: 'interview', phone: '(949) 555-0100', location: 'Irvine, CA', source: 'Zapier', appliedDate: hoursAgo(1) },
  { name: 'Ann Lee', email: 'ANN@example.com ', status: 'new', appliedDate: hoursAgo(50) },
  { name: 'Mara Santos', email: 'mara@example.com', status: 'hired', phone: '+63 917 555 0101', location: 'Manila', source: 'Craigslist', skills: 'Cold calling, CRM', appliedDate: hoursAgo(2) },
  { name: 'Otto Berg', email: 'otto@example.com', status: 'offer', location: 'Oslo', notes: 'Plays golf with the VP of sales', appliedDate: hoursAgo(3) },
  { name: 'Rhea Stone', email: 'rhea@example.com', status: 'rejected', location: 'Manila', source: 'Referral', appliedDate: hoursAgo(4) },
  { name: 'Sven Gray', email: 'sven@example.com', status: 'screening', appliedDate: hoursAgo(5) },
];

let app: BrowserApp;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  app = await startBrowserApp();
  await seedServerCandidates(app, ROWS);
  context = await app.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await signInThroughUi(page, ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
  await page.getByRole('heading', { name: 'Search Candidates' }).waitFor();
  await page.getByText('Find and filter candidates in your database').waitFor();
  await page.getByText('Found 6 candidates').waitFor({ timeout: 20_000 });
});
afterAll(async () => {
  await context?.close();
  await app?.close();
});

const box = () => page.getByPlaceholder('Search candidates by name, email, phone, or any other information...');
const names = () => page.locator('tbody tr td:first-child').allTextContents();
const header = () => page.locator('p[aria-live="polite"]').first().textContent();

describe('simple search', () => {
  it('counts results with duplicates hidden, newest kept', async () => {
    expect(await header()).toBe('Found 6 candidates5 unique candidates(1 duplicate hidden)');
    await box().fill('ann@example');
    await expect.poll(header).toBe('Found 2 candidates1 unique candidate(1 duplicate hidden)');
    const row = page.locator('tbody tr');
    expect(await row.count()).toBe(1);
    expect(await row.locator('td').allTextContents()).toEqual([
      'Ann Lee',
      'ann@example.com(949) 555-0100',
      'Interview',
      'Irvine, CA',
      'Zapier',
      formatLocalDate(ROWS[0]!.appliedDate),
    ]);
  });

  it('matches every listed field case-insensitively, and the chip clears the query', async () => {
    for (const [query, expected] of [
      ['GOLF', ['Otto Berg']], // notes
      ['crm', ['Mara Santos']], // skills
      ['manila', ['Mara Santos', 'Rhea Stone']], // location
      ['craigslist', ['Mara Santos']], // source
      ['screening', ['Sven Gray']], // status
      ['555 0101', ['Mara Santos']], // phone, any separators
    ] as const) {
      await box().fill(query);
      await expect.poll(names).toEqual(expected);
    }
    await page.getByText('Search: "555 0101"').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(await box().inputValue()).toBe('');
    await expect.poll(header).toContain('Found 6 candidates');
  });

  it('colours the status badges as the spec says, shows dashes for a missing source, and says when nothing matches', async () => {
    const colour = (name: string) => page.locator('tbody tr', { hasText: name }).locator('[data-color]').getAttribute('data-color');
    expect(await colour('Mara Santos')).toBe('green');
    expect(await colour('Rhea Stone')).toBe('red');
    expect(await colour('Ann Lee')).toBe('blue');
    expect(await colour('Otto Berg')).toBe('purple');
    expect(await colour('Sven Gray')).toBe('gray');
    expect(await page.locator('tbody tr', { hasText: 'Sven Gray' }).locator('td').nth(4).textContent()).toBe('-');
    await box().fill('nobody-matches-this');
    await page.getByText('No candidates match your search criteria.').waitFor();
    await box().fill('');
  });
});

describe('advanced search', () => {
  it('filters field by field, ignores the simple query, and clears and hides', async () => {
    await box().fill('otto');
    await expect.poll(names).toEqual(['Otto Berg']);
    await page.getByRole('button', { name: 'Advanced Search' }).click();
    await page.getByRole('button', { name: 'Simple Search' }).waitFor();
    const panel = page.getByRole('region', { name: 'Advanced Search' });
    await expect.poll(header).toContain('Found 6 candidates'); // the simple query no longer applies

    await panel.getByLabel('Location').fill('MANILA');
    await expect.poll(names).toEqual(['Mara Santos', 'Rhea Stone']);
    await panel.getByRole('button', { name: 'Status' }).click();
    expect(await page.getByRole('listbox').getByRole('option').allTextContents()).toEqual([
      'All Statuses',
      'New',
      'Screening',
      'Interview',
      'Assessment',
      'Offer',
      'Hired',
      'Rejected',
    ]);
    await page.getByRole('listbox').getByRole('option', { name: 'Rejected' }).click();
    await expect.poll(names).toEqual(['Rhea Stone']);
    await panel.getByLabel('Phone').fill('555');
    await page.getByText('No candidates match your search criteria.').waitFor();

    await panel.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(header).toContain('Found 6 candidates');
    expect(await panel.getByLabel('Location').inputValue()).toBe('');
    await panel.getByRole('button', { name: 'Hide Advanced Search' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(await box().inputValue()).toBe('otto'); // back to simple mode, where the query applies again
    await expect.poll(names).toEqual(['Otto Berg']);
    await box().fill('');
  });
});

describe('detail modal', () => {
  it('opens a candidate by click or by Enter on its row', async () => {
    await page.locator('tbody tr', { hasText: 'Mara Santos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mara Santos' });
    await dialog.getByText('Sales Representative Candidate').waitFor();
    expect(await dialog.getByTestId('phone-country').textContent()).toBe('Philippines');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Closing gives the focus back to the row that opened it, a moment later: wait for that before moving it.
    const mara = page.locator('tbody tr', { hasText: 'Mara Santos' });
    await expect.poll(() => mara.evaluate((row) => row === document.activeElement)).toBe(true);

    await page.locator('tbody tr', { hasText: 'Otto Berg' }).focus();
    await page.keyboard.press('Enter');
    const otto = page.getByRole('dialog', { name: 'Otto Berg' });
    await otto.getByText('Sales Representative Candidate').waitFor();
    expect(await otto.getByPlaceholder('Add notes about this candidate').inputValue()).toBe('Plays golf with the VP of sales');
  });
});
