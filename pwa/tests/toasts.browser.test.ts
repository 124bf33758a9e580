/**
 * Messages are not hidden: an error toast shows at once over a success (which comes back after it), the
 * reason of a refused form shows next to the form as well, and a toast never covers a dialog's buttons
 * or the table's pager — it moves to the other edge of the screen instead.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { openCandidatesPage, seedServerCandidates } from './support/candidates';
import { csvFile, chooseFilesToImport } from './support/import-kit';
import { sampleCandidates } from './support/sample-candidates';
import { ADMIN, RECRUITER, createRecruiter, expectToast, signInThroughUi } from './support/ui';

const EDGE_GAP = 16;
const CANDIDATES = 40;

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
  await createRecruiter(app);
  await seedServerCandidates(app, sampleCandidates(CANDIDATES));
});
afterAll(() => app?.close());

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

/** Where the toast would sit at the bottom-right corner, the spot it takes when nothing is under it. */
function bottomCorner(page: Page, toast: Box): Box {
  const viewport = page.viewportSize()!;
  return { x: viewport.width - EDGE_GAP - toast.width, y: viewport.height - EDGE_GAP - toast.height, width: toast.width, height: toast.height };
}

const toastTitled = (page: Page, title: string) => page.locator('[data-toast]').filter({ has: page.getByText(title, { exact: true }) });

/** A signed-in admin on Settings → Profile, with the login toast gone. */
async function openProfile() {
  const context = await app.newContext();
  const page = await context.newPage();
  await signInThroughUi(page, ADMIN);
  await expectToast(page, 'Login successful');
  await page.goto('/settings');
  return { context, page, form: page.getByRole('form', { name: 'Profile' }) };
}

describe('toasts', () => {
  it('shows an error at once while a success is up, next to the form too, and the success again after it', async () => {
    const { context, page, form } = await openProfile();
    await form.getByLabel('Display name').fill('Ada Admin');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    const success = toastTitled(page, 'Profile updated');
    await success.waitFor();
    // The pointer rests on it, so it stays up however long the next steps take (the keyboard does the rest).
    await success.hover();

    await form.getByLabel('Username').fill(RECRUITER.username);
    await form.getByLabel('Username').press('Enter');
    const failure = toastTitled(page, 'Failed to update profile');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('1 more notification');
    expect(await success.count()).toBe(0);
    await form.getByText('Username already exists').waitFor();

    await failure.getByRole('button', { name: 'Close notification' }).click();
    await expectToast(page, 'Profile updated');
    await context.close();
  });

  it('says why a form failed inside the form when no one field is to blame', async () => {
    const { context, page, form } = await openProfile();
    await form.getByLabel('Display name').waitFor();
    await page.route('**/api/users/*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'INTERNAL', message: 'The database is restarting' }) }));
    await form.getByLabel('Display name').fill('Ada Again');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByRole('alert').filter({ hasText: 'The database is restarting' }).waitFor();
    await expectToast(page, 'Failed to update profile', 'The database is restarting');
    await context.close();
  });

  it("moves off a dialog's buttons on a tablet", async () => {
    const context = await app.newContext({ viewport: { width: 1024, height: 480 }, hasTouch: true });
    const page = await context.newPage();
    await signInThroughUi(page, ADMIN);
    await expectToast(page, 'Login successful');
    // Three files listed: the dialog is tall enough that its buttons reach the bottom corner.
    const dialog = await chooseFilesToImport(
      page,
      ['first', 'second', 'third'].map((name) => csvFile(`${name}.csv`, ['Name,Email', `Ok Person,${name}@example.com`])),
    );
    await page.locator('input[type=file]').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    const toast = toastTitled(page, 'Invalid Files');
    await toast.waitFor();
    const importButton = await box(dialog.getByRole('button', { name: 'Import Candidates' }));
    const toastBox = await box(toast);
    // Left where it usually is, it would cover the Import button.
    expect(intersects(bottomCorner(page, toastBox), importButton)).toBe(true);
    expect(intersects(toastBox, importButton)).toBe(false);
    expect(intersects(toastBox, await box(dialog.getByRole('button', { name: 'Cancel' })))).toBe(false);
    await context.close();
  });

  it('moves off the pager when the pager is at the bottom of the screen', async () => {
    const { context, page } = await openCandidatesPage(app, CANDIDATES);
    const pager = page.locator('[data-toast-avoid]').filter({ hasText: 'Rows per page' });
    // Scroll so the pager sits just above the bottom edge.
    await pager.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      window.scrollBy(0, rect.bottom - window.innerHeight + 24);
    });
    const rows = page.locator('[data-testid="candidates-table"] tbody tr');
    await rows.last().getByRole('combobox').selectOption('interview');
    const toast = toastTitled(page, 'Status Updated');
    await toast.waitFor();
    const toastBox = await box(toast);
    const pagerBox = await box(pager);
    expect(intersects(bottomCorner(page, toastBox), pagerBox)).toBe(true);
    expect(intersects(toastBox, pagerBox)).toBe(false);
    // Below the sticky top bar, not over its buttons.
    expect(toastBox.y).toBeGreaterThanOrEqual((await box(page.locator('header'))).height);
    await context.close();
  });
});
