/**
 * A 390 px phone (iPhone 12–15 size): every page (and its tabs, the kanban board, the menu and the
 * candidate dialogs) fits the screen with no sideways scrolling, the Candidates table becomes cards,
 * and tap targets are at least 44 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { seedServerCandidates, waitForDeviceCount } from './support/candidates';
import { chooseFilesToImport, csvFile } from './support/import-kit';
import { sampleCandidates } from './support/sample-candidates';
import { ADMIN, closeWithEscape, createRecruiter, expectToast, signInThroughUi } from './support/ui';

const PHONE = { width: 390, height: 844 };
const ROWS = sampleCandidates(30);

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
  await createRecruiter(app);
  await seedServerCandidates(app, ROWS);
});
afterAll(() => app?.close());

/**
 * Visible tap targets smaller than 44 × 44 px: buttons, links, fields, selects, tabs and switches. A
 * checkbox or radio counts by its label when it has one (the label takes the tap). A screen-reader-only
 * control is no tap target, nor is a link inside a sentence (WCAG 2.5.5 leaves inline links out).
 */
const smallTapTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"], [role="switch"]')]
      .filter((el) => !(el.tagName === 'A' && el.closest('p')))
      .map((el) => {
        const target = (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type) && el.closest('label')) || el;
        return { el, box: target.getBoundingClientRect() };
      })
      .filter(({ el, box }) => box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden' && (box.width < 43.5 || box.height < 43.5))
      .map(({ el, box }) => `${el.getAttribute('aria-label') ?? (el.textContent?.trim().slice(0, 30) || el.tagName.toLowerCase())} (${Math.round(box.width)}×${Math.round(box.height)})`),
  );

/** The page's width beyond the screen, and what sticks out (for the message). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The innermost elements that stick out: their own content, not a child, makes them wide.
    // Wide content inside its own scrolling frame (a table's) does not widen the page.
    const scrollsInside = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return true;
      return false;
    };
    const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (el) => el.getBoundingClientRect().right > width + 1 && !scrollsInside(el) && getComputedStyle(el).position !== 'fixed',
    );
    const culprits = wide
      .filter((el) => ![...el.children].some((child) => wide.includes(child as HTMLElement)))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} (${Math.round(el.getBoundingClientRect().width)} wide)`);
    return { extra: document.documentElement.scrollWidth - width, culprits };
  });

/** No sideways scrolling and no small tap target on what is on screen now. */
async function expectFits(page: Page, where: string) {
  const result = await overflow(page);
  expect(result.extra, `${where}: ${result.culprits.join(', ')}`).toBeLessThanOrEqual(0);
  expect(await smallTapTargets(page), where).toEqual([]);
}

/**
 * An open dialog (fixed, so it never widens the page) fits the screen: nothing in it reaches past either
 * edge unless inside its own scrolling frame, and its tap targets are 44 px.
 */
async function expectDialogFits(page: Page, where: string) {
  // Measured once its opening transition (a slight zoom) has ended.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const dialog = [...document.querySelectorAll('[role="dialog"]')].at(-1)!;
    const scrollsInside = (el: Element) => {
      for (let up = el.parentElement; up && up !== dialog.parentElement; up = up.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return true;
      return false;
    };
    return [dialog, ...dialog.querySelectorAll('*')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.left < -1 || box.right > width + 1) && !scrollsInside(el);
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} (${Math.round(el.getBoundingClientRect().left)}–${Math.round(el.getBoundingClientRect().right)})`);
  });
  expect(outside, where).toEqual([]);
  expect(await smallTapTargets(page), where).toEqual([]);
}

describe('phone (390 px)', () => {
  it('fits every page without sideways scrolling', async () => {
    const context = await app.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const fits = (where: string) => expectFits(page, where);
    await page.goto('/');
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    await fits('/');
    await page.goto('/auth');
    await page.getByRole('form', { name: 'Login' }).waitFor();
    await fits('/auth (Login)');
    await page.getByRole('tab', { name: 'Register' }).click();
    // An admin exists and self-registration is closed: the tab says so.
    await page.getByRole('tab', { name: 'Register', selected: true }).waitFor();
    await fits('/auth (Register)');
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await fits('404');

    await signInThroughUi(page, ADMIN);
    // The top bar shows the whole product name; Upload CSV is in the menu, not squeezed into the bar.
    const header = page.locator('header');
    expect(await header.getByRole('button', { name: 'Upload CSV' }).count()).toBe(0);
    expect(await header.getByText('RepHire', { exact: true }).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const pages: Array<[string, RegExp]> = [
      ['/dashboard', /Dashboard/],
      ['/candidates', /Candidates Management/],
      ['/search', /Search Candidates/],
      ['/linkedin-sales-reps', /LinkedIn/],
      ['/interviews', /Interviews/],
      ['/users', /User Management/],
      ['/settings', /Settings/],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
      if (path === '/candidates') await waitForDeviceCount(page, ROWS.length);
      await fits(path);
    }
    // The other states of those pages: each Settings tab, the saved leads, the kanban board, the menu.
    await page.goto('/settings');
    for (const tab of ['Password', 'Appearance', 'API Keys', 'System']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
      await fits(`/settings (${tab})`);
    }
    await page.goto('/linkedin-sales-reps');
    await page.getByRole('tab', { name: 'Saved Leads' }).click();
    await page.getByRole('tab', { name: 'Saved Leads', selected: true }).waitFor();
    await fits('/linkedin-sales-reps (Saved Leads)');
    await page.goto('/candidates');
    await waitForDeviceCount(page, ROWS.length);
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Kanban' }).click();
    await page.locator('[data-kanban-column]').first().waitFor();
    await fits('/candidates (kanban)');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Dashboard' }).waitFor();
    await fits('menu');
    await context.close();
  });

  it('shows the candidates as cards that select, change status and open; the dialogs fit too', async () => {
    const context = await app.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signInThroughUi(page, ADMIN);
    await page.goto('/candidates');
    await waitForDeviceCount(page, ROWS.length);
    expect(await page.locator('[data-testid="candidates-table"]').count()).toBe(0);
    const cards = page.getByRole('list', { name: 'Candidates' }).getByRole('listitem');
    expect(await cards.count()).toBe(25);
    const first = cards.first();
    const name = (await first.getAttribute('aria-label'))!;
    await first.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('region', { name: 'Selected candidates' }).getByText('1 selected').waitFor();
    // The selection bar with its actions fits too.
    await expectFits(page, '/candidates (selection bar)');
    const status = first.getByRole('combobox', { name: `Status of ${name}` });
    const next = (await status.inputValue()) === 'interview' ? 'hired' : 'interview';
    await status.selectOption(next);
    await expectToast(page, 'Status Updated', 'Candidate pipeline stage has been updated');
    expect(await status.inputValue()).toBe(next);
    await first.getByRole('button', { name: `View ${name}` }).click();
    const detail = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name }) });
    await detail.getByText('Sales Representative Candidate').waitFor();
    await expectDialogFits(page, 'detail dialog');
    await closeWithEscape(page, detail.getByText('Sales Representative Candidate'));
    await page.getByRole('button', { name: 'Add Candidate' }).click();
    const add = page.getByRole('dialog', { name: 'Add Candidate' });
    await add.getByLabel('Name').first().waitFor();
    await expectDialogFits(page, 'Add Candidate');
    await closeWithEscape(page, add.getByLabel('Name').first());
    // The import dialog with a file's preview (its table scrolls inside its own frame).
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByRole('dialog', { name: 'Import Candidates' }).getByRole('heading', { name: 'Import Candidates' }).waitFor();
    const importDialog = await chooseFilesToImport(page, [csvFile('phone.csv', ['Name,Email,Phone,Location', 'Pat Phone,pat.phone@example.com,555-0100,Austin'])]);
    await importDialog.getByRole('button', { name: 'Import Candidates' }).waitFor();
    await expectDialogFits(page, 'import dialog');
    await context.close();
  });
});
