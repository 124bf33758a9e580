/**
 * Erase for privacy, the admin's action in the candidate detail dialog: it asks first (it cannot be
 * undone), needs a connection, and afterwards the person is gone from PostgreSQL and from this
 * browser's IndexedDB. Recruiters are not offered it.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serverRowsMentioning } from '../../sync-server/tests/helpers/personal-data';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { openCandidatesPage, seedServerCandidates, waitForDeviceCount } from './support/candidates';
import { RECRUITER, createRecruiter, expectToast, signInThroughUi } from './support/ui';

const ROWS = [
  { name: 'Erin Erase', email: 'erin.erase@example.com', phone: '(949) 555-0111', location: 'Quiet Lane', notes: 'Lives near the office' },
  { name: 'Kara Keep', email: 'kara.keep@example.com' },
];
const PERSONAL = ['Erin', 'erin.erase@example.com', 'Quiet Lane', 'Lives near the office'];

let app: BrowserApp;
let context: BrowserContext;
let page: Page;
let erinUid: string;
beforeAll(async () => {
  app = await startBrowserApp();
  erinUid = (await seedServerCandidates(app, ROWS))[0]!;
  ({ context, page } = await openCandidatesPage(app, ROWS.length));
});
afterAll(async () => {
  await context?.close();
  await app?.close();
});

/** Everything this browser's device database holds, as text. */
function deviceData(p: Page): Promise<string> {
  return p.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('rephire');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const stores = [...db.objectStoreNames];
    const tx = db.transaction(stores, 'readonly');
    const all = await Promise.all(
      stores.map(
        (name) =>
          new Promise<unknown[]>((resolve, reject) => {
            const request = tx.objectStore(name).getAll();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          }),
      ),
    );
    db.close();
    return JSON.stringify(all);
  });
}

const erinOnServer = () => app.db.knex('candidates').where({ uid: erinUid }).first();

it('an admin erases a candidate after confirming; it leaves the server and this device', async () => {
  expect(await deviceData(page)).toContain('Lives near the office');
  await page.getByRole('button', { name: 'View Erin Erase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erin Erase' });
  await dialog.getByRole('button', { name: 'Erase for privacy…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Erase Erin Erase for privacy?' });
  expect(await confirm.textContent()).toMatch(/permanently removes Erin Erase's personal data.*This action cannot be undone\./);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
  // Focus goes back to the button that asked, inside the candidate dialog.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Erase for privacy…');
  expect(await erinOnServer()).toMatchObject({ name: 'Erin Erase', erasedAt: null });

  await dialog.getByRole('button', { name: 'Erase for privacy…' }).click();
  await confirm.getByRole('button', { name: 'Erase' }).click();
  await expectToast(page, 'Candidate erased', 'The personal data was removed. Other devices remove it when they next sync.');
  await dialog.waitFor({ state: 'detached' });
  await waitForDeviceCount(page, 1);

  expect(await erinOnServer()).toMatchObject({ name: '', email: '', erasedAt: expect.any(Date) });
  expect(await serverRowsMentioning(app.db.knex, PERSONAL)).toEqual([]);
  await expect.poll(() => deviceData(page), { timeout: 20_000 }).not.toMatch(/Erin|Quiet Lane|Lives near the office/);
  expect(await deviceData(page)).toContain('Kara Keep');
});

it('needs a connection', async () => {
  await page.getByRole('button', { name: 'View Kara Keep' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kara Keep' });
  const erase = dialog.getByRole('button', { name: 'Erase for privacy…' });
  await context.setOffline(true);
  await expect.poll(() => erase.isDisabled()).toBe(true);
  expect(await erase.getAttribute('title')).toBe('You are offline — this needs a connection');
  await context.setOffline(false);
  await expect.poll(() => erase.isDisabled()).toBe(false);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await dialog.waitFor({ state: 'detached' });
});

it('is not offered to recruiters', async () => {
  await createRecruiter(app);
  const recruiterContext = await app.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const recruiterPage = await recruiterContext.newPage();
    await signInThroughUi(recruiterPage, RECRUITER);
    await recruiterPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Candidates' }).click();
    await waitForDeviceCount(recruiterPage, 1);
    await recruiterPage.getByRole('button', { name: 'View Kara Keep' }).click();
    const dialog = recruiterPage.getByRole('dialog', { name: 'Kara Keep' });
    await dialog.getByRole('button', { name: 'Save Changes' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Erase for privacy…' }).count()).toBe(0);
    // A recruiter's device never pulled Erin's data either.
    expect(await deviceData(recruiterPage)).not.toMatch(/Erin/);
  } finally {
    await recruiterContext.close();
  }
});
