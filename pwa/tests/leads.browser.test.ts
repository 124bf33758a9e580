/**
 * The LinkedIn Sales Reps screen in Chromium, against the real server, a search runner and the provider
 * double: the key dialog flow (a refused key reopens it, a saved key re-runs the search), a search that
 * runs in the background with its progress, the Saved Leads tab (badges, pages, page sizes, complete
 * profile and its fallbacks), cancelling, the CSV download, and reading saved leads offline.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvDateTime, isPlainPhoneNumber, neutraliseCell } from '@shared/export/csv';
import { LEAD_CSV_COLUMNS } from '@shared/leads/csv-export';
import { createProfileImageFetcher } from '../../sync-server/src/linkedin/profile-image';
import { startProviderDouble, type ProviderDouble } from '../../sync-server/src/linkedin/provider-double';
import { startImageHost, type ImageHost } from '../../sync-server/tests/helpers/image-host';
import { LeadSearchRunner } from '../../sync-server/src/linkedin/search-job.runner';
import { fastProvider } from '../../sync-server/tests/helpers/lead-search';
import { testConfig } from '../../sync-server/tests/helpers/test-server';
import { deviceCandidatesByEmail } from './support/import-kit';
import { WITH_SERVICE_WORKER, startBrowserApp, type BrowserApp } from './support/browser-app';
import { ADMIN, adminApi, expectToast, recordToasts, signInThroughUi } from './support/ui';

/**
 * A toast shown while the key dialog is open: the page behind a modal dialog is inert, so it can be
 * read but not closed; it leaves by itself.
 */
async function toastBehindDialog(page: Page, title: string, description: string) {
  // Toasts show one at a time (each up to 5 s), so this one may wait behind another of the same title.
  const toast = page.locator('[data-toast]').filter({ has: page.getByText(title, { exact: true }) }).filter({ hasText: description });
  await toast.waitFor({ state: 'visible', timeout: 20_000 });
}

let app: BrowserApp;
let pictures: ImageHost;
let double: ProviderDouble;
let runner: LeadSearchRunner;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // Profile pictures come from a local https host the server's fetcher may reach (127.0.0.1 only).
  pictures = await startImageHost();
  double = await startProviderDouble({ pictureBaseUrl: `${pictures.url}/pics` });
  app = await startBrowserApp({
    leads: { imageFetcher: createProfileImageFetcher({ isAllowedAddress: (ip) => ip === '127.0.0.1', allowedPorts: 'any', ca: pictures.cert }) },
    // A key is checked with the provider when it is saved: the double answers.
    config: { leadsProviderUrl: double.url },
  });
  // The browser app's server runs no searches itself; this runner is its background worker.
  runner = new LeadSearchRunner({ knex: app.db.knex, secretKey: testConfig().secretKey, provider: fastProvider(double.url), pollIntervalMs: 100 });
  runner.start();
  await adminApi(app);
  context = await app.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, ...WITH_SERVICE_WORKER });
  page = await context.newPage();
  await signInThroughUi(page, ADMIN);
});
afterAll(async () => {
  await context?.close();
  await runner?.stop();
  await double?.close();
  await app?.close();
  await pictures?.close();
});

const savedTab = () => page.getByRole('tab', { name: 'Saved Leads' });
const searchTab = () => page.getByRole('tab', { name: 'Search' });
const rows = () => page.locator('[data-testid="lead-row"]');

async function openLeadsPage() {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'LinkedIn Sales Reps' }).click();
  await page.getByRole('heading', { name: 'LinkedIn Sales Reps' }).waitFor();
}

async function chooseCount(label: string) {
  await page.getByRole('button', { name: 'Number of Leads' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

// The dialog element itself has no box (its panel is fixed-positioned), so tests wait on what is inside.
const keyDialog = () => page.getByRole('dialog', { name: 'Configure Proxycurl API Key' });

async function saveKey(key: string) {
  await keyDialog().getByLabel('API Key').fill(key);
  await keyDialog().getByRole('button', { name: 'Save API Key' }).click();
  await keyDialog().waitFor({ state: 'detached' });
}

describe('LinkedIn Sales Reps', () => {
  it('shows the form with its defaults and an empty Saved Leads tab', async () => {
    await openLeadsPage();
    expect(await page.getByLabel('Job Title').inputValue()).toBe('Sales Representative');
    expect(await page.getByLabel('Location').inputValue()).toBe('US');
    expect(await page.getByRole('button', { name: 'Number of Leads' }).textContent()).toContain('10');
    await page.getByText('Search up to 200,000 leads per search.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Search US' }).waitFor();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    expect(await page.getByRole('button', { name: 'Export to CSV' }).isDisabled()).toBe(true);

    await page.getByLabel('Location').fill('CA');
    await page.getByRole('button', { name: 'Search CA' }).waitFor();
    await page.getByLabel('Location').fill('US');
    await chooseCount('Maximum (200,000)');
    await chooseCount('10');

    await savedTab().click();
    await page.getByText('No LinkedIn sales representatives found').waitFor();
    await page.getByText('Use the search function to find and save leads').waitFor();
    await searchTab().click();
  });

  it('asks for the key, reopens the dialog when the provider refuses it, and re-runs the search once a good key is saved', async () => {
    await page.getByRole('button', { name: 'Search US' }).click();
    await toastBehindDialog(page, 'API Key Required', 'Please configure your Proxycurl API key to search LinkedIn');
    await keyDialog().getByRole('button', { name: 'Save API Key' }).click();
    await toastBehindDialog(page, 'API Key Required', 'Please enter your Proxycurl API key');
    await keyDialog().getByRole('alert').filter({ hasText: 'Please enter your Proxycurl API key' }).waitFor();

    // A key the provider refuses is refused when saved, with the provider's reason; the dialog stays.
    await keyDialog().getByLabel('API Key').fill('bad-key');
    await keyDialog().getByRole('button', { name: 'Save API Key' }).click();
    await toastBehindDialog(page, 'Error saving API key', 'Invalid Proxycurl API key: Invalid API key');
    // The reason stays under the field once the toast is gone.
    expect(await keyDialog().getByLabel('API Key').getAttribute('aria-invalid')).toBe('true');
    await keyDialog().getByRole('alert').filter({ hasText: 'Invalid Proxycurl API key: Invalid API key' }).waitFor();
    await keyDialog().getByLabel('API Key').waitFor();

    // A key the provider took, revoked since: the search starts, fails in the background, and the dialog comes back.
    await saveKey('revoked-later');
    // The search may fail (and the dialog reopen) before this toast is gone: its error then shows first
    // (an error never waits behind another message), so both are read in whichever order they come.
    await Promise.all([
      toastBehindDialog(page, 'Search started', 'Searching LinkedIn for up to 10 "Sales Representative" leads in United States'),
      toastBehindDialog(page, 'API Key Required', 'Please configure your Proxycurl API key to search LinkedIn'),
    ]);
    await keyDialog().getByLabel('API Key').waitFor();
    // The failure stays on the page, not only in its toast, until the next search starts.
    const failure = page.locator('[role="alert"]', { hasText: 'Please configure your Proxycurl API key to search LinkedIn' });
    await failure.waitFor();

    await saveKey('good-browser-key');
    await expectToast(page, 'Search resumed');
    await failure.waitFor({ state: 'detached' });
    await expectToast(page, 'Search complete', '10 leads processed: 10 new, 0 updated.');
    await expectToast(page, 'Leads saved to database', '10 total leads saved to your database');
    expect(await savedTab().getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => rows().count()).toBe(10);
    await page.getByText('New Leads: 10').waitFor();
    await page.getByText('Updated Leads: 0').waitFor();
    await page.getByText('Total Leads: 10').waitFor();
    await page.getByText('Showing 1-10 of 10 total leads').waitFor();
    expect(await page.getByText(/^Page \d+ of \d+$/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export to CSV' }).isDisabled()).toBe(false);

    // Pictures load through the server's /api/linkedin/profile-image; leads without one keep their initials.
    const loaded = () =>
      page.locator('[data-testid="lead-row"] img').evaluateAll((imgs) =>
        imgs.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).map((img) => img.getAttribute('src')),
      );
    await expect.poll(async () => (await loaded()).length).toBeGreaterThan(0);
    expect((await loaded()).every((src) => src!.startsWith('/api/linkedin/profile-image/https%3A%2F%2Fwww.linkedin.com%2Fin%2F'))).toBe(true);
    expect(pictures.hits.some((hit) => hit.startsWith('/pics/'))).toBe(true);
    expect(await page.locator('[data-testid="lead-row"] img').count()).toBeLessThan(10);
  });

  it('runs a bigger search in the background, marks leads seen again as Updated, and pages through them', async () => {
    // Slow answers, so the progress shows.
    double.options.latencyMs = 150;
    await searchTab().click();
    await chooseCount('50');
    await page.getByRole('button', { name: 'Search US' }).click();
    await expectToast(page, 'Search started');
    const progress = page.getByTestId('search-progress');
    await progress.waitFor();
    await progress.getByRole('progressbar').waitFor();
    double.options.latencyMs = undefined;
    await expectToast(page, 'Search complete', '50 leads processed: 40 new, 10 updated.');
    await progress.waitFor({ state: 'detached' });

    // The first ten are the same people as before: seen again, so Updated.
    await page.getByText('New Leads: 40').waitFor();
    await page.getByText('Updated Leads: 10').waitFor();
    await page.getByText('Total Leads: 50').waitFor();
    await page.getByText('Page 1 of 5').waitFor();
    const pages = page.getByRole('navigation', { name: 'Saved leads pages' });
    expect(await pages.getByRole('button', { name: /^Page \d+$/ }).allTextContents()).toEqual(['1', '2', '5']);
    await pages.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 11-20 of 50 total leads').waitFor();
    await pages.getByRole('button', { name: 'Last page' }).click();
    await page.getByText('Page 5 of 5').waitFor();
    expect(await pages.getByRole('button', { name: /^Page \d+$/ }).allTextContents()).toEqual(['1', '4', '5']);
    await page.getByRole('button', { name: 'Leads per page' }).click();
    await page.getByRole('option', { name: '25', exact: true }).click();
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByText('Showing 1-25 of 50 total leads').waitFor();
    await expect.poll(() => rows().count()).toBe(25);
    // Newest scraped first: the ten seen twice were first scraped earliest, so they are on the last page.
    const badges = (n: number) => rows().nth(n).locator('[data-variant]').textContent();
    expect(await badges(0)).toBe('New');
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await page.getByText('Showing 26-50 of 50 total leads').waitFor();
    // The rows follow the page a moment after the caption (they come from a live query).
    await expect.poll(() => badges(24)).toBe('Updated');
    await expect.poll(() => rows().locator('[data-variant]').filter({ hasText: /^Updated$/ }).count()).toBe(10);
  });

  it('shows a row’s details and its complete profile, with the fallbacks for missing data', async () => {
    const { id } = await (await adminApi(app)).get('/api/user').then((r) => r.body);
    await app.db.knex('linkedin_sales_reps').insert({
      id: app.db.knex.raw('gen_random_uuid()'),
      userId: id,
      linkedinUrl: 'https://www.linkedin.com/in/zz-sparse',
      fullName: 'Zed Quill',
      jobTitle: 'Account Executive (Contact via Apollo)',
      jobTitleInput: 'Sales Representative',
      locationInput: 'US',
      scrapedAt: '2030-01-01T00:00:00Z',
      lastScrapedAt: '2030-01-01T00:00:00Z',
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = rows().filter({ hasText: 'Zed Quill' });
    await row.waitFor();
    expect(await row.getByTestId('lead-initials').textContent()).toBe('ZQ');
    const text = await row.textContent();
    for (const expected of ['Account Executive', 'Email Unavailable', 'Phone Unavailable', 'Source: Apollo', 'New']) expect(text).toContain(expected);
    expect(await row.getByRole('link', { name: "Open Zed Quill's LinkedIn profile" }).getAttribute('href')).toBe('https://www.linkedin.com/in/zz-sparse');

    await row.getByRole('button', { name: 'View Complete Profile' }).click();
    const profile = page.getByTestId('lead-profile');
    await profile.getByText('No summary available').waitFor();
    await profile.getByText('No experience data available').waitFor();
    await profile.getByText('No education data available').waitFor();
    await row.getByRole('button', { name: 'Hide Complete Profile' }).click();
    await profile.waitFor({ state: 'detached' });

    // A lead from the provider: its experience (at most 3) and education (at most 2).
    const full = rows().nth(1);
    await full.getByRole('button', { name: 'View Complete Profile' }).click();
    const details = page.getByTestId('lead-profile');
    await details.getByRole('heading', { name: 'Experience' }).waitFor();
    expect(await details.locator('section').nth(2).locator('li').count()).toBeLessThanOrEqual(3);
    expect(await details.locator('section').nth(3).locator('li').count()).toBeLessThanOrEqual(2);
    await full.getByRole('button', { name: 'Hide Complete Profile' }).click();
  });

  it('cancels a running search from the Saved Leads tab', async () => {
    double.options.latencyMs = 300;
    await searchTab().click();
    await chooseCount('10000');
    await page.getByRole('button', { name: 'Search US' }).click();
    const progress = page.getByTestId('search-progress');
    const toasts = await recordToasts(page);
    await progress.getByRole('button', { name: 'Cancel' }).click();
    // The runner sees the cancel at its next page or heartbeat, and the screen at its next poll: on a
    // loaded machine that can take a while, so wait for the job to end before looking for its toast.
    await progress.waitFor({ state: 'detached', timeout: 45_000 });
    // Its toast may wait behind the search's own and be gone again before a loaded machine looks.
    await expect.poll(() => toasts.titles(), { timeout: 45_000 }).toContain('Search cancelled');
    double.options.latencyMs = undefined;
  });

  it('downloads the saved leads as CSV that a parser reads back intact, with no formula cell', async () => {
    const total = Number((await page.getByText(/^Total Leads: /).textContent())!.replace(/\D/g, ''));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^linkedin-sales-reps-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true, delimiter: ',' });
    expect(parsed.errors).toEqual([]);
    const [header, ...body] = parsed.data;
    expect(header).toEqual([...LEAD_CSV_COLUMNS]);
    expect(body).toHaveLength(total);
    // Every field as stored, formula-looking cells prefixed with ', phone numbers as written ("+1 …"),
    // Date Scraped as a date and time spreadsheets read, in the device's zone.
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const stored = (await app.db
      .knex('linkedin_sales_reps')
      .select('fullName', 'jobTitle', 'company', 'location', 'linkedinUrl', 'email', 'phoneNumber', 'scrapedAt')) as Array<Record<string, string | Date | null>>;
    const expected = stored.map((lead) =>
      Object.values({ ...lead, scrapedAt: csvDateTime((lead.scrapedAt as Date).toISOString(), zone) }).map((v) => (v === null ? '' : neutraliseCell(String(v)))),
    );
    const byUrl = (rows: string[][]) => [...rows].sort((a, b) => a[4]!.localeCompare(b[4]!));
    expect(byUrl(body)).toEqual(byUrl(expected));
    expect(body.some((r) => r[6]!.startsWith('+1 '))).toBe(true);
    expect(body.some((r) => r[2]!.includes(',') || r[2]!.includes('"'))).toBe(true);
    for (const cell of body.flat()) if (!isPlainPhoneNumber(cell)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    const zed = body.find((r) => r[0] === 'Zed Quill')!;
    expect(zed).toEqual(['Zed Quill', 'Account Executive (Contact via Apollo)', '', '', 'https://www.linkedin.com/in/zz-sparse', '', '', csvDateTime('2030-01-01T00:00:00.000Z', zone)]);
    expect(zed[7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('adds a lead as a candidate on the device, once: a second time says the email is taken', async () => {
    const withEmail = rows().filter({ hasNot: page.getByText('Email Unavailable') }).first();
    const email = (await withEmail.locator('td').nth(4).locator('div').first().textContent())!.trim();
    const name = (await withEmail.locator('td').first().locator('span.font-medium').textContent())!.trim();
    await withEmail.getByRole('button', { name: /^Add as candidate/ }).click();
    await expectToast(page, 'Candidate Added', `${name} has been added to the pipeline`);
    await expect.poll(async () => (await deviceCandidatesByEmail(page, email)).map((c) => [c.name, c.source])).toEqual([[name, 'LinkedIn']]);
    await withEmail.getByRole('button', { name: /^Add as candidate/ }).click();
    await expectToast(page, 'Already a candidate', `already has the email ${email}`);
    expect(await deviceCandidatesByEmail(page, email)).toHaveLength(1);
    // A lead with no email cannot become a candidate (a candidate is known by its email).
    const noEmail = rows().filter({ has: page.getByText('Email Unavailable') }).first();
    expect(await noEmail.getByRole('button', { name: /^Add as candidate/ }).isDisabled()).toBe(true);
  });

  it('reads the saved leads offline and says a search needs a connection', async () => {
    await page.evaluate(() => navigator.serviceWorker?.ready);
    await page.reload();
    await page.getByRole('heading', { name: 'LinkedIn Sales Reps' }).waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'LinkedIn Sales Reps' }).waitFor();
    await savedTab().click();
    await expect.poll(() => rows().count()).toBe(10);
    await page.getByText(/^Total Leads: \d+/).waitFor();
    await searchTab().click();
    await page.getByText('You are offline — this needs a connection').waitFor();
    expect(await page.getByRole('button', { name: 'Search US' }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await expect.poll(() => page.getByRole('button', { name: 'Search US' }).isDisabled()).toBe(false);
  });

  it('fits a 768 px tablet: the table scrolls inside its frame, the page does not', async () => {
    await page.setViewportSize({ width: 768, height: 1000 });
    await savedTab().click();
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('wipes the device’s copy of the leads at sign-out', async () => {
    const cached = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('rephire-leads');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('leads')) return resolve(0);
              const count = db.transaction('leads').objectStore('leads').count();
              count.onsuccess = () => {
                resolve(count.result);
                db.close();
              };
            };
          }),
      );
    expect(await cached()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Account menu for admin' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth');
    expect(await cached()).toBe(0);
  });
});
