/**
 * One honest date: an applied date imported as a date alone ("2026-11-22") reads as that day on every
 * screen (Candidates table and kanban, detail dialog, Search, Dashboard and its Hired dialog, Interviews,
 * the change history), on a device in California and on one in Manila, whichever of them imported it —
 * never "Nov 21, 4:00 PM PST". Times that are real instants (the change history's) read in the one
 * date-time format, in the device's zone.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { dismissToasts, serverCandidate, waitForDeviceCount } from './support/candidates';
import { chooseFilesToImport, csvFile } from './support/import-kit';
import { ADMIN, adminApi, closeWithEscape, expectToast, signInThroughUi } from './support/ui';

const NAME = 'Dana Dateonly';
const EMAIL = 'dana.dateonly@example.com';
const FIRST_DAY = 'Nov 22, 2026';
const SECOND_DAY = 'Nov 23, 2026';
const TIME_OF_DAY = /\d{1,2}:\d{2} [AP]M/;
const POLL = { timeout: 30_000 };

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
  await adminApi(app);
});
afterAll(() => app?.close());

async function device(timezoneId: string) {
  const context = await app.newContext({ viewport: { width: 1280, height: 900 }, timezoneId });
  const page = await context.newPage();
  await signInThroughUi(page, ADMIN);
  return { context, page };
}

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
const detailDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: NAME }) });

/** The text of an element once it shows `day`, checked to hold no time of day. */
async function showsDay(part: Locator, day: string): Promise<string> {
  await part.filter({ hasText: day }).first().waitFor(POLL);
  const text = (await part.first().textContent()) ?? '';
  expect(text).not.toMatch(TIME_OF_DAY);
  return text;
}

async function importDay(page: Page, date: string, expected: string) {
  const dialog = await chooseFilesToImport(page, [csvFile('dates.csv', ['Name,Email,Applied Date', `${NAME},${EMAIL},${date}`])]);
  await dialog.getByRole('button', { name: 'Import Candidates' }).click();
  await expectToast(page, 'Import Complete', expected);
  await page.keyboard.press('Escape');
  await dismissToasts(page);
}

async function openDetail(page: Page) {
  await nav(page, 'Candidates');
  await waitForDeviceCount(page, 1);
  await page.getByRole('row', { name: `${NAME}, open details` }).click();
  const dialog = detailDialog(page);
  await dialog.getByText('Sales Representative Candidate').waitFor();
  return dialog;
}

async function closeDetail(page: Page) {
  await closeWithEscape(page, detailDialog(page).getByText('Sales Representative Candidate'));
}

async function setStatus(page: Page, label: string) {
  const dialog = await openDetail(page);
  await dialog.getByRole('button', { name: /^Status / }).click();
  await page.getByRole('listbox').getByRole('option', { name: label, exact: true }).click();
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Status Updated', 'Candidate pipeline stage has been updated');
  await closeDetail(page);
  await dismissToasts(page);
}

/** The day on the Candidates table and kanban, the detail dialog, Search and the Dashboard's recent candidates. */
async function expectDayEverywhere(page: Page, day: string) {
  await nav(page, 'Candidates');
  await waitForDeviceCount(page, 1);
  await showsDay(page.getByRole('row', { name: `${NAME}, open details` }), day);
  await page.getByRole('button', { name: 'Kanban', exact: true }).click();
  await showsDay(page.locator('[data-kanban-column] li', { hasText: NAME }), day);
  await page.getByRole('button', { name: 'Table', exact: true }).click();

  const dialog = await openDetail(page);
  await dialog.getByText(day).first().waitFor();
  await closeDetail(page);

  await nav(page, 'Search');
  await showsDay(page.locator('tbody tr', { hasText: NAME }), day);

  await nav(page, 'Dashboard');
  await showsDay(page.locator('tbody tr', { hasText: NAME }), day);
}

async function expectDayOnInterviews(page: Page, day: string) {
  await nav(page, 'Interviews');
  expect(await showsDay(page.getByRole('article', { name: NAME }), day)).toContain(`Applied: ${day}`);
}

async function expectDayInHiredDialog(page: Page, day: string) {
  await nav(page, 'Dashboard');
  await page.getByRole('button', { name: /^Hired: 1/ }).click();
  const row = page.getByRole('dialog', { name: 'Hired Candidates' }).locator('tbody tr', { hasText: NAME });
  await showsDay(row, day);
  await closeWithEscape(page, row);
}

/** The change history's entry for the replaced applied date: the earlier day, and when, in the device's zone. */
async function expectAppliedDateHistory(page: Page, zoneName: RegExp) {
  const dialog = await openDetail(page);
  const entry = dialog.getByRole('list', { name: 'Change history' }).getByRole('listitem').filter({ hasText: 'Applied date changed by admin' });
  await entry.waitFor(POLL);
  expect(await entry.textContent()).toMatch(new RegExp(`Earlier value:\\s*${FIRST_DAY}$`));
  expect(await entry.locator('time').textContent()).toMatch(new RegExp(`^[A-Z][a-z]{2} \\d{1,2}, \\d{4}, ${TIME_OF_DAY.source} ${zoneName.source}$`));
  await closeDetail(page);
}

describe('a date without a time', () => {
  it('is that calendar day on every screen, in California and in Manila, whichever device imported it', async () => {
    const california = await device('America/Los_Angeles');
    await importDay(california.page, '2026-11-22', 'Processed 1 candidates: 1 new, 0 updated.');
    await expect.poll(() => serverCandidate(app, EMAIL).then((row) => row && new Date(row.appliedDate).toISOString()), POLL).toBe('2026-11-22T00:00:00.000Z');
    await expectDayEverywhere(california.page, FIRST_DAY);
    await setStatus(california.page, 'Interview');
    await expectDayOnInterviews(california.page, FIRST_DAY);

    const manila = await device('Asia/Manila');
    await expectDayEverywhere(manila.page, FIRST_DAY);
    await expectDayOnInterviews(manila.page, FIRST_DAY);

    // Imported again in Manila, in the spreadsheet's US form: the next day, the same day everywhere.
    await importDay(manila.page, '11/23/2026', 'Processed 1 candidates: 0 new, 1 updated.');
    await expect.poll(() => serverCandidate(app, EMAIL).then((row) => row && new Date(row.appliedDate).toISOString()), POLL).toBe('2026-11-23T00:00:00.000Z');
    await setStatus(manila.page, 'Hired');
    for (const [{ page }, zoneName] of [
      [manila, /GMT\+8/],
      [california, /P[SD]T/],
    ] as const) {
      await expectDayEverywhere(page, SECOND_DAY);
      await expectDayInHiredDialog(page, SECOND_DAY);
      await expectAppliedDateHistory(page, zoneName);
    }
    await california.context.close();
    await manila.context.close();
  });
});
