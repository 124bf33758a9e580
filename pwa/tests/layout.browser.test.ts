/**
 * The signed-in layout on a 1280 px laptop and a 768 px tablet: sidebar collapse (remembered, Ctrl+B),
 * the mobile menu, the top bar, toasts' F8 shortcut, appearance from the user's settings, and the
 * Add to Home Screen hint on iPhone/iPad.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { ADMIN, adminApi, createRecruiter, RECRUITER, signInThroughUi } from './support/ui';

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
  await adminApi(app);
});
afterAll(() => app?.close());

async function signedInPage(width: number, options: { userAgent?: string; hasTouch?: boolean } = {}) {
  const context = await app.newContext({ viewport: { width, height: 900 }, ...options });
  const page = await context.newPage();
  await signInThroughUi(page, ADMIN);
  return { context, page };
}

const sidebarWidth = (page: Page) => page.locator('aside[data-collapsed]').evaluate((el) => el.getBoundingClientRect().width);
const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('laptop (1280 px)', () => {
  it('collapses the sidebar to 64 px, remembers it across reloads, and Ctrl+B toggles it', async () => {
    const { context, page } = await signedInPage(1280);
    const main = page.getByRole('navigation', { name: 'Main' });
    expect(await sidebarWidth(page)).toBe(256);
    for (const label of ['Dashboard', 'Candidates', 'Users', 'Search', 'LinkedIn Sales Reps', 'Interviews', 'Settings']) {
      await main.getByRole('link', { name: label }).waitFor();
    }
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(() => sidebarWidth(page)).toBe(64);
    expect(await page.evaluate(() => localStorage.getItem('sidebar-collapsed'))).toBe('true');
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expect.poll(() => sidebarWidth(page)).toBe(64);
    // Collapsed entries keep their names for screen readers and show a tooltip.
    await main.getByRole('link', { name: 'Candidates' }).hover();
    await page.getByRole('tooltip', { name: 'Candidates' }).waitFor();

    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebarWidth(page)).toBe(256);
    expect(await page.evaluate(() => localStorage.getItem('sidebar-collapsed'))).toBe('false');
    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebarWidth(page)).toBe(64);
    await context.close();
  });

  it('navigates with the sidebar and opens the import slot from the top bar', async () => {
    const { context, page } = await signedInPage(1280);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Candidates' }).click();
    await page.getByRole('heading', { name: 'Candidates Management' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await page.getByRole('heading', { name: 'Search Candidates' }).waitFor();
    await page.getByRole('button', { name: 'Upload CSV' }).waitFor();
    await page.getByRole('button', { name: /^Sync: (?!Offline)/ }).waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    await context.close();
  });

  it('moves focus to the notifications with F8', async () => {
    const context = await app.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInThroughUi(page, ADMIN);
    await page.locator('[data-toast]').waitFor();
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-toast'))).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('[data-toast]').waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('tablet (768 px)', () => {
  it('hides the sidebar behind a menu with the same entries, Upload CSV and Sign out', async () => {
    const { context, page } = await signedInPage(768);
    expect(await page.locator('aside[data-collapsed]').isVisible()).toBe(false);
    expect(await noHorizontalScroll(page)).toBe(true);
    const header = page.locator('header');
    for (const name of ['Open menu', 'Upload CSV', 'Account menu for admin']) await header.getByRole('button', { name }).waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    // The dialog element itself has no box (its panel is fixed): wait for what is in it.
    const menu = page.getByRole('dialog', { name: 'RepHire' });
    for (const label of ['Dashboard', 'Candidates', 'Users', 'Search', 'LinkedIn Sales Reps', 'Interviews', 'Settings']) {
      await menu.getByRole('link', { name: label }).waitFor();
    }
    await menu.getByRole('button', { name: 'Upload CSV' }).waitFor();
    await menu.getByRole('button', { name: 'Sign out' }).waitFor();

    await menu.getByRole('link', { name: 'Interviews' }).click();
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Interviews' }).waitFor();

    // Upload CSV closes the menu and opens the import dialog.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Upload CSV' }).click();
    await menu.waitFor({ state: 'detached' });
    const importDialog = page.getByRole('dialog', { name: 'Import Candidates' });
    await importDialog.getByRole('heading', { name: 'Import Candidates' }).waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    await importDialog.getByRole('button', { name: 'Cancel' }).click();
    await importDialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth');
    await context.close();
  });

  it('shows the menu without the admin entry to a recruiter', async () => {
    await createRecruiter(app);
    const context = await app.newContext({ viewport: { width: 768, height: 900 } });
    const page = await context.newPage();
    await signInThroughUi(page, RECRUITER);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'RepHire' });
    await menu.getByRole('link', { name: 'Candidates' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await context.close();
  });
});

describe('appearance', () => {
  it('follows the OS theme live when the user chose system, and the user\'s choice otherwise', async () => {
    const { context, page } = await signedInPage(1280);
    const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await dark()).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(dark).toBe(true);

    const api = await adminApi(app);
    const me = (await api.get('/api/user')).body as { id: number };
    await api.patch(`/api/users/${me.id}/appearance`, { theme: 'light', compactView: true, highContrast: true });
    await page.reload(); // the background refresh picks the new settings up
    await expect.poll(dark).toBe(false);
    const classes = await page.evaluate(() => [...document.documentElement.classList].sort());
    expect(classes).toEqual(expect.arrayContaining(['compact', 'high-contrast']));
    await api.patch(`/api/users/${me.id}/appearance`, { theme: 'system', compactView: false, highContrast: false });
    await context.close();
  });
});

describe('iPhone and iPad', () => {
  const IPAD =
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  it('explains Add to Home Screen until dismissed', async () => {
    const context = await app.newContext({ viewport: { width: 768, height: 1024 }, userAgent: IPAD, hasTouch: true });
    const page = await context.newPage();
    await page.goto('/');
    const hint = page.getByRole('complementary', { name: 'Install RepHire' });
    await hint.getByText('Add to Home Screen').waitFor();
    await hint.getByRole('button', { name: 'Dismiss install hint' }).click();
    await hint.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await hint.count()).toBe(0);
    await context.close();
  });

  it('does not show the hint elsewhere', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Install RepHire' }).count()).toBe(0);
    await context.close();
  });
});
