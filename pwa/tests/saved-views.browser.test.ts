/**
 * Saved views of the Candidates page: save the filters, sort and page size under a name (offline, on
 * the device at once, synced to the server later), restored after a reload as the default view, and
 * applied again from its chip; renamed and deleted from Manage views.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCandidateFilters, DEFAULT_CANDIDATE_FILTERS } from '../../shared/candidates/filters';
import { PACIFIC_TIME_ZONE } from '../../shared/format/dates';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { asViews, openCandidatesPage, seedServerCandidates, type SeedCandidate } from './support/candidates';
import { deviceCount } from './support/import-kit';
import { sampleCandidates } from './support/sample-candidates';
import { expectToast } from './support/ui';

const ROWS: SeedCandidate[] = sampleCandidates(90);
const CRAIGSLIST = applyCandidateFilters(asViews(ROWS), { ...DEFAULT_CANDIDATE_FILTERS, sources: ['craigslist'] }, PACIFIC_TIME_ZONE);
const POLL = { timeout: 30_000, interval: 250 };
const SHOWING = `Showing ${CRAIGSLIST.length} of ${ROWS.length} candidates`;

let app: BrowserApp;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  app = await startBrowserApp();
  await seedServerCandidates(app, ROWS);
  ({ context, page } = await openCandidatesPage(app, ROWS.length));
});
afterAll(async () => {
  await context?.close();
  await app?.close();
});

const views = () => page.getByRole('navigation', { name: 'Saved views' });
const header = (name: string) => page.getByRole('columnheader', { name });
const serverViews = () => app.db.knex('savedViews').select('name', 'state', 'defaultHlc', 'deletedAt');

async function expectSavedState() {
  await page.getByText(SHOWING, { exact: true }).waitFor();
  expect(await page.getByLabel('Rows per page').inputValue()).toBe('10');
  expect(await header('Name').getAttribute('aria-sort')).toBe('ascending');
}

describe('saved views', () => {
  it('saves a view offline, restores it as the default after a reload, and syncs it', async () => {
    expect(CRAIGSLIST.length).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'More Filters' }).click();
    const panel = page.getByRole('dialog', { name: 'More Filters' });
    await panel.getByRole('checkbox', { name: 'Craigslist', exact: true }).check();
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await page.getByLabel('Rows per page').selectOption('10');
    await expectSavedState();

    await context.setOffline(true);
    await views().getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('View name').fill('Craigslist A–Z');
    await dialog.getByRole('checkbox', { name: 'Open the Candidates page with this view' }).check();
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expectToast(page, 'View saved');
    await views().getByRole('button', { name: 'Craigslist A–Z (default)', pressed: true }).waitFor();
    expect(await serverViews()).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => deviceCount(page, 'outbox'), POLL).toBe(0);
    expect(await serverViews()).toEqual([expect.objectContaining({ name: 'Craigslist A–Z', defaultHlc: expect.any(String), deletedAt: null })]);

    await page.reload();
    await page.getByRole('heading', { name: 'Candidates Management' }).waitFor();
    await expectSavedState();

    // Cleared, then picked again from its chip.
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByText(`Showing ${ROWS.length} of ${ROWS.length} candidates`, { exact: true }).waitFor();
    await views().getByRole('button', { name: 'Craigslist A–Z (default)', pressed: false }).click();
    await expectSavedState();
  });

  it('renames and deletes a view from Manage views, and the server follows', async () => {
    await views().getByRole('button', { name: 'Manage views' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage views' });
    await dialog.getByLabel('Name of view Craigslist A–Z').fill('Craigslist sorted');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await views().getByRole('button', { name: 'Craigslist sorted (default)' }).waitFor();
    await expect.poll(async () => (await serverViews())[0]?.name, POLL).toBe('Craigslist sorted');
    await dialog.getByRole('button', { name: 'Delete view Craigslist sorted' }).click();
    await dialog.getByText('No saved views.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(async () => (await serverViews())[0]?.deletedAt, POLL).not.toBeNull();
  });
});
