/**
 * One honest date: an applied date imported as a date alone ("2026-11-22") reads as that day on every
 * screen (Candidates table, detail dialog, Search, Dashboard), on a device in California that imported
 * it and on one in Manila that pulled it — never "Nov 21, 4:00 PM PST".
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { serverCandidate, waitForDeviceCount } from './support/candidates';
import { chooseFilesToImport, csvFile } from './support/import-kit';
import { ADMIN, adminApi, closeWithEscape, expectToast, signInThroughUi } from './support/ui';

const NAME = 'Dana Dateonly';
const EMAIL = 'dana.dateonly@example.com';
const DAY = 'Nov 22, 2026';

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
  await adminApi(app);
});
afterAll(() => app?.close());

async function device(timezoneId: string) {
  const context = await app.browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 900 }, timezoneId });
  const page = await context.newPage();
  await signInThroughUi(page, ADMIN);
  return { context, page };
}

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

/** The day on the Candidates table, its detail dialog, Search and the Dashboard's recent candidates. */
async function expectDayEverywhere(page: Page) {
  await nav(page, 'Candidates');
  await waitForDeviceCount(page, 1);
  const row = page.getByRole('row', { name: `${NAME}, open details` });
  expect(await row.textContent()).toContain(DAY);
  expect(await row.textContent()).not.toMatch(/\d{1,2}:\d{2} [AP]M/);
  await row.click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: NAME }) });
  await dialog.getByText(DAY).first().waitFor();
  await closeWithEscape(page, dialog.getByText('Sales Representative Candidate'));

  await nav(page, 'Search');
  const result = page.locator('tbody tr', { hasText: NAME });
  await result.waitFor();
  expect(await result.textContent()).toContain(DAY);

  await nav(page, 'Dashboard');
  const recent = page.locator('tbody tr', { hasText: NAME });
  await recent.waitFor();
  expect(await recent.textContent()).toContain(DAY);
}

describe('a date without a time', () => {
  it('is that calendar day on every screen, in California and in Manila', async () => {
    const california = await device('America/Los_Angeles');
    const dialog = await chooseFilesToImport(california.page, [csvFile('dates.csv', ['Name,Email,Applied Date', `${NAME},${EMAIL},2026-11-22`])]);
    await dialog.getByRole('button', { name: 'Import Candidates' }).click();
    await expectToast(california.page, 'Import Complete', 'Processed 1 candidates: 1 new, 0 updated.');
    await california.page.keyboard.press('Escape');
    await expectDayEverywhere(california.page);
    await expect.poll(() => serverCandidate(app, EMAIL).then((row) => row && new Date(row.appliedDate).toISOString()), { timeout: 30_000 }).toBe('2026-11-22T00:00:00.000Z');

    const manila = await device('Asia/Manila');
    await expectDayEverywhere(manila.page);
    await california.context.close();
    await manila.context.close();
  });
});
