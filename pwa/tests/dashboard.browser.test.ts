/**
 * The dashboard on the device's data: the empty state (and the candidate screens' empty texts), then
 * the four figures, Recruitment Pipeline percentages with duplicates hidden, Recent Candidates, the
 * Hired Candidates dialog and the admin-only User Management panel.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLocalDate } from '../../shared/format/dates';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { hoursAgo, seedServerCandidates, type SeedCandidate } from './support/candidates';
import { ADMIN, adminApi, closeWithEscape, createRecruiter, RECRUITER, signInThroughUi } from './support/ui';

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
  await adminApi(app);
});
afterAll(() => app?.close());

async function signedIn(user = ADMIN) {
  const context = await app.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInThroughUi(page, user);
  return { context, page };
}

const card = (page: Page, label: string) => page.getByTestId('stat-cards').locator('div', { has: page.getByText(label, { exact: true }) }).last();

// Newest first by appliedDate. The oldest row repeats Hana's email: the dashboard hides it as a duplicate.
const ROWS: SeedCandidate[] = [
  { name: 'Hana Hired', email: 'hana@example.com', status: 'hired', phone: '(949) 555-0111', location: 'Irvine, CA', source: 'Referral', appliedDate: hoursAgo(1) },
  { name: 'Nico New', email: 'nico@example.com', status: 'new', appliedDate: hoursAgo(2) },
  { name: 'Sara Screening', email: 'sara@example.com', status: 'screening', appliedDate: hoursAgo(3) },
  { name: 'Ivan Interview', email: 'ivan@example.com', status: 'interview', appliedDate: hoursAgo(4) },
  { name: 'Olga Offer', email: 'olga@example.com', status: 'offer', appliedDate: hoursAgo(5) },
  { name: 'Hugo Hired', email: 'hugo@example.com', status: 'hired', appliedDate: hoursAgo(6) },
  { name: 'Rita Rejected', email: 'rita.r@example.com', status: 'rejected', appliedDate: hoursAgo(7) },
  { name: 'Rob Rejected', email: 'rob@example.com', status: 'rejected', appliedDate: hoursAgo(8) },
  { name: 'Ray Rejected', email: 'ray@example.com', status: 'rejected', appliedDate: hoursAgo(9) },
  { name: 'Hana Older', email: ' HANA@example.com', status: 'new', appliedDate: hoursAgo(100) },
];

describe('dashboard', () => {
  it('offers Import CSV when there are no candidates, and the candidate screens say so too', async () => {
    const { context, page } = await signedIn();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importTitle = page.getByRole('dialog', { name: 'Import Candidates' }).getByRole('heading', { name: 'Import Candidates' });
    await importTitle.waitFor();
    await closeWithEscape(page, importTitle);
    expect(await card(page, 'Total Candidates').textContent()).toContain('0');
    await page.getByRole('button', { name: /^Hired: 0/ }).click();
    const noneHired = page.getByRole('dialog', { name: 'Hired Candidates' }).getByText('No hired candidates found');
    await noneHired.waitFor();
    await closeWithEscape(page, noneHired);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Candidates' }).click();
    await page.getByText('No candidates found. Try importing some using the CSV upload button.').waitFor();
    await page.getByText('No candidates found. Add your first candidate or import from CSV.').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await page.getByText('No candidates found. Try importing some using the CSV upload button.').waitFor();
    await page.getByRole('button', { name: 'Import Candidates' }).click();
    await importTitle.waitFor();
    await context.close();
  });

  it('shows the figures, pipeline and recent candidates over candidates deduplicated by email', async () => {
    await seedServerCandidates(app, ROWS);
    const { context, page } = await signedIn();
    await page.getByText('Welcome back, admin').waitFor();
    await expect.poll(() => card(page, 'Total Candidates').textContent(), { timeout: 20_000 }).toContain('9');
    expect(await card(page, 'Hired').textContent()).toContain('2');
    expect(await card(page, 'In Progress').textContent()).toContain('4');
    expect(await card(page, 'Rejected').textContent()).toContain('3');
    expect(await page.getByRole('button', { name: 'Import CSV' }).count()).toBe(0);

    const pipeline = page.locator('section[aria-labelledby="dashboard-pipeline-heading"]');
    const stage = (status: string) => pipeline.locator(`[data-stage="${status}"]`).textContent();
    expect(await stage('hired')).toBe('Hired2 (22.2%)');
    expect(await stage('rejected')).toBe('Rejected3 (33.3%)');
    expect(await stage('new')).toBe('New1 (11.1%)');
    expect(await stage('assessment')).toBe('Assessment0 (0.0%)');
    expect(await pipeline.getByRole('meter', { name: 'Rejected' }).getAttribute('aria-valuenow')).toBe('33.3');
    expect(await pipeline.textContent()).toMatch(/9 unique candidates\s*1 duplicates hidden/);

    const recent = page.locator('section[aria-labelledby="recent-heading"] tbody tr');
    expect(await recent.locator('td:first-child').allTextContents()).toEqual(['Hana Hired', 'Nico New', 'Sara Screening', 'Ivan Interview', 'Olga Offer']);
    expect(await recent.first().textContent()).toContain(formatLocalDate(ROWS[0]!.appliedDate));
    await recent.nth(2).click();
    await page.waitForURL('**/candidates');
    await page.goBack();
    await page.getByRole('button', { name: 'View All' }).click();
    await page.waitForURL('**/candidates');
    await page.goBack();
    await page.getByRole('button', { name: 'Manage Candidates' }).click();
    await page.waitForURL('**/candidates');
    await context.close();
  });

  it('opens the Hired Candidates dialog from the Hired card, with dashes for empty cells', async () => {
    const { context, page } = await signedIn();
    const hired = page.getByRole('button', { name: /^Hired: 2/ });
    await hired.hover();
    await page.getByRole('tooltip', { name: 'Click to view hired candidates' }).waitFor();
    await hired.click();
    const dialog = page.getByRole('dialog', { name: 'Hired Candidates' });
    expect(await dialog.locator('th').allTextContents()).toEqual(['Name', 'Email', 'Phone', 'Location', 'Source', 'Hired Date']);
    const rows = dialog.locator('tbody tr');
    expect(await rows.nth(0).locator('td').allTextContents()).toEqual([
      'Hana Hired',
      'hana@example.com',
      '(949) 555-0111',
      'Irvine, CA',
      'Referral',
      formatLocalDate(ROWS[0]!.appliedDate),
    ]);
    expect(await rows.nth(1).locator('td').allTextContents()).toEqual([
      'Hugo Hired',
      'hugo@example.com',
      '-',
      '-',
      '-',
      formatLocalDate(ROWS[5]!.appliedDate),
    ]);
    // offsetHeight is the layout height; the bounding box is scaled while the dialog's open transition runs.
    expect(await dialog.locator('.h-\\[450px\\]').evaluate((el) => (el as HTMLElement).offsetHeight)).toBe(450);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await context.close();
  });

  it('shows the User Management panel to admins only', async () => {
    const admin = await signedIn();
    await admin.page.getByRole('button', { name: 'Manage Users' }).click();
    await admin.page.waitForURL('**/users');
    await admin.context.close();

    await createRecruiter(app);
    const recruiter = await signedIn(RECRUITER);
    await recruiter.page.getByText(`Welcome back, ${RECRUITER.username}`).waitFor();
    await recruiter.page.getByRole('button', { name: /^Hired: / }).waitFor();
    expect(await recruiter.page.getByRole('heading', { name: 'User Management' }).count()).toBe(0);
    await recruiter.context.close();
  });
});
