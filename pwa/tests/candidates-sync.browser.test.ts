/**
 * Two devices (two browser contexts) editing the same candidate offline through the detail dialog.
 * Different fields: both changes survive, in PostgreSQL and on both devices. The same field: the later
 * edit wins and the other value stays in view in the dialog's change history.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { dismissToasts, hoursAgo, openCandidatesPage, seedServerCandidates, serverCandidate } from './support/candidates';
import { closeWithEscape, expectToast } from './support/ui';

let app: BrowserApp;
const devices: Array<{ context: BrowserContext; page: Page }> = [];
beforeAll(async () => {
  app = await startBrowserApp();
  await seedServerCandidates(app, [
    { name: 'Sam Shared', email: 'sam@example.com', phone: '(949) 555-0100', notes: 'Met at the job fair', appliedDate: hoursAgo(40) },
    { name: 'Cleo Clash', email: 'cleo@example.com', location: 'Irvine, CA', appliedDate: hoursAgo(41) },
  ]);
  devices.push(await openCandidatesPage(app, 2), await openCandidatesPage(app, 2));
});
afterAll(async () => {
  for (const device of devices) await device.context.close();
  await app?.close();
});

const POLL = { timeout: 30_000, interval: 250 };

/**
 * Waits for the page's dialogs to have gone (one may still be closing); one that stays fails with its
 * name, rather than as a click that something else intercepts. (Once in CI a dialog stayed open on a
 * device between two tests here; which one is not known yet.)
 */
async function noDialogOpen(page: Page) {
  const dialogs = page.getByRole('dialog');
  try {
    await dialogs.first().waitFor({ state: 'detached', timeout: 10_000 });
  } catch {
    const names = await dialogs.evaluateAll((found) => found.map((dialog) => dialog.textContent?.slice(0, 120) ?? ''));
    throw new Error(`A dialog is still open on this device: ${JSON.stringify(names)}`);
  }
}

// Each device is a page of its own; the one in front is visible (toast timers pause in hidden pages).
async function editInDialog(page: Page, name: string, edit: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.bringToFront();
  await dismissToasts(page);
  await noDialogOpen(page);
  await page.getByRole('button', { name: `View ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByText('Sales Representative Candidate').waitFor();
  await edit(dialog);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Candidate Updated', 'Candidate information has been updated successfully');
  await dialog.waitFor({ state: 'detached' });
}

async function dialogValue(page: Page, name: string, read: (dialog: ReturnType<Page['getByRole']>) => Promise<string | null>) {
  await page.bringToFront();
  await noDialogOpen(page);
  await page.getByRole('button', { name: `View ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByText('Sales Representative Candidate').waitFor();
  const value = await read(dialog);
  // A press while the dialog is still opening can be lost on a loaded machine: press until it has gone.
  await closeWithEscape(page, dialog.getByText('Sales Representative Candidate'));
  return value;
}

describe('two devices offline', () => {
  it('keeps both edits when they touch different fields of the same candidate', async () => {
    const [a, b] = devices as [(typeof devices)[0], (typeof devices)[0]];
    await a.context.setOffline(true);
    await b.context.setOffline(true);

    await editInDialog(a.page, 'Sam Shared', async (dialog) => {
      await dialog.getByRole('button', { name: 'Edit details' }).click();
      await dialog.getByLabel('Phone').fill('+63 917 555 0100');
    });
    await editInDialog(b.page, 'Sam Shared', async (dialog) => {
      await dialog.getByPlaceholder('Add notes about this candidate').fill('Met at the job fair\nSecond interview booked');
    });
    expect(await serverCandidate(app, 'sam@example.com')).toMatchObject({ phone: '(949) 555-0100', notes: 'Met at the job fair' });

    await a.context.setOffline(false);
    await b.context.setOffline(false);
    await expect
      .poll(() => serverCandidate(app, 'sam@example.com'), POLL)
      .toMatchObject({ phone: '+63 917 555 0100', notes: 'Met at the job fair\nSecond interview booked' });

    // Each device pulls the other's change (the Candidates page polls every 5 s).
    await expect
      .poll(() => dialogValue(a.page, 'Sam Shared', (d) => d.getByPlaceholder('Add notes about this candidate').inputValue()), POLL)
      .toBe('Met at the job fair\nSecond interview booked');
    await expect
      .poll(() => dialogValue(b.page, 'Sam Shared', (d) => d.getByTestId('phone-country').textContent()), POLL)
      .toBe('Philippines');
  });

  it('lets the later edit of the same field win and shows the other value in the change history', async () => {
    const [a, b] = devices as [(typeof devices)[0], (typeof devices)[0]];
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await editInDialog(a.page, 'Cleo Clash', async (dialog) => {
      await dialog.getByRole('button', { name: 'Edit details' }).click();
      await dialog.getByLabel('Location').fill('Austin, TX');
    });
    await editInDialog(b.page, 'Cleo Clash', async (dialog) => {
      await dialog.getByRole('button', { name: 'Edit details' }).click();
      await dialog.getByLabel('Location').fill('Boston, MA');
    });
    // The earlier edit reaches the server last: it must not overwrite the later one.
    await b.context.setOffline(false);
    await expect.poll(() => serverCandidate(app, 'cleo@example.com'), POLL).toMatchObject({ location: 'Boston, MA' });
    await a.context.setOffline(false);
    await expect
      .poll(() => app.db.knex('candidate_events').where({ field: 'location' }).count('* as n').first().then((row) => Number(row?.n)), POLL)
      .toBeGreaterThan(0);
    expect(await serverCandidate(app, 'cleo@example.com')).toMatchObject({ location: 'Boston, MA' });

    await expect
      .poll(
        () =>
          dialogValue(a.page, 'Cleo Clash', async (dialog) => {
            const history = dialog.getByRole('list', { name: 'Change history' });
            await history.waitFor({ timeout: 5_000 }).catch(() => undefined);
            return (await history.count()) ? history.textContent() : null;
          }),
        POLL,
      )
      .toMatch(/An older edit to Location by admin was not applied.*Austin, TX/s);
  });
});

describe('a server that cannot be reached while the browser is online', () => {
  it('reads as offline with the changes waiting, not as a sync error, and syncs once the server answers', async () => {
    const { page } = devices[0]!;
    await page.bringToFront();
    // The edits of the test before are in (a pull can end below a horizon an open transaction elsewhere
    // holds back, leaving them waiting a round longer): only this test's change waits below.
    await page.getByRole('button', { name: /^Sync: Synced/ }).waitFor({ timeout: 30_000 });
    // The server is stopped while the browser still says it is online: its requests are refused.
    await app.stopListening();
    try {
      await editInDialog(page, 'Sam Shared', (dialog) => dialog.getByPlaceholder('Add notes about this candidate').fill('Met at the job fair\nCalled back'));
      const indicator = page.getByRole('button', { name: /^Sync: Can't reach the server — 1 change waiting, retrying$/ });
      await indicator.waitFor({ timeout: 30_000 }).catch(async (error: Error) => {
        // What the indicator said instead (a round stuck "Syncing…", another state), for the next run.
        const shown = await page.locator('[aria-label^="Sync: "]').first().getAttribute('aria-label').catch(() => null);
        throw new Error(`${error.message}\nThe indicator read: ${shown}`);
      });
      expect(await indicator.getAttribute('data-tone')).toBe('warning');
      expect(await page.getByRole('button', { name: /^Sync: Sync error/ }).count()).toBe(0);
    } finally {
      await app.listenAgain();
    }
    await page.getByRole('button', { name: /^Sync: / }).click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => serverCandidate(app, 'sam@example.com'), POLL).toMatchObject({ notes: expect.stringContaining('Called back') });
    await page.getByRole('button', { name: /^Sync: Synced/ }).waitFor({ timeout: 30_000 });
  });
});
