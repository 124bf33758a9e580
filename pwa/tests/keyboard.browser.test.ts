/**
 * Issue 8 §4, accessibility: a keyboard-only walk (no mouse). Sign in, import a file, change a status,
 * write an interview note, with a visible focus indicator at every stop and dialogs that trap focus
 * and give it back. The axe-core checks of every screen are in accessibility.browser.test.ts.
 */
import type { FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { seedServerCandidates, seeToast } from './support/candidates';
import { csvFile, deviceCandidatesByEmail } from './support/import-kit';
import { expectFocusRing, focusState, isFocused, tabTo } from './support/keyboard';
import { sampleCandidates } from './support/sample-candidates';
import { ADMIN, adminApi } from './support/ui';

let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp();
  await adminApi(app);
  await seedServerCandidates(app, sampleCandidates(12));
});
afterAll(async () => {
  await app?.close();
});

const mainNav = (on: Page) => on.getByRole('navigation', { name: 'Main' });

describe('Accessibility: a keyboard-only walk', () => {
  it('signs in, imports a file, changes a status and writes an interview note with the keyboard alone', { timeout: 90_000 }, async () => {
    const kbContext = await app.newContext({ viewport: { width: 1280, height: 900 } });
    const kb = await kbContext.newPage();
    try {
      // Sign in: Tab to the fields, type, Enter submits.
      await kb.goto('/auth');
      const login = kb.getByRole('form', { name: 'Login' });
      await login.getByLabel('Username').waitFor();
      await tabTo(kb, login.getByLabel('Username'));
      await kb.keyboard.type(ADMIN.username);
      await tabTo(kb, login.getByLabel('Password', { exact: true }));
      await kb.keyboard.type(ADMIN.password);
      await kb.keyboard.press('Enter');
      await kb.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

      // Import: the top bar's Upload CSV opens the dialog, which takes focus and keeps it.
      const upload = kb.getByRole('button', { name: 'Upload CSV' });
      await tabTo(kb, upload);
      await kb.keyboard.press('Enter');
      const dialog = kb.getByRole('dialog', { name: 'Import Candidates' });
      await dialog.getByRole('heading', { name: 'Import Candidates' }).waitFor();
      expect((await focusState(kb)).inDialog).toBe(true);
      for (const key of ['Tab', 'Shift+Tab']) {
        for (let i = 0; i < 8; i += 1) {
          await kb.keyboard.press(key);
          const state = await focusState(kb);
          expect(state.inDialog, `focus left the dialog: ${state.what}`).toBe(true);
          expectFocusRing(state);
        }
      }
      // Browse files opens the system file picker from the keyboard (Enter). Playwright cannot drive the
      // operating system's dialog, so it takes the chooser the page opened and answers it with a file.
      // (Listening first: the page's request must find Playwright already intercepting it.)
      const chooserOpened = new Promise<FileChooser>((resolve) => kb.once('filechooser', resolve));
      await tabTo(kb, dialog.getByRole('button', { name: 'Browse files' }));
      await kb.keyboard.press('Enter');
      const chooser = await chooserOpened;
      await chooser.setFiles([csvFile('keyboard.csv', ['Name,Email,Phone', 'Kay Board,kay.board@example.com,415-555-0199'])]);
      await dialog.getByRole('listitem', { name: 'keyboard.csv' }).waitFor();
      expect((await focusState(kb)).inDialog, 'focus stays in the dialog after choosing a file').toBe(true);
      await tabTo(kb, dialog.getByRole('button', { name: 'Import Candidates' }));
      await kb.keyboard.press('Enter');
      await dialog.getByRole('region', { name: 'Import summary' }).waitFor({ timeout: 20_000 });
      await expect.poll(async () => (await deviceCandidatesByEmail(kb, 'kay.board@example.com')).length).toBe(1);
      // Escape closes it and focus returns to the button that opened it.
      await kb.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await isFocused(upload)).toBe(true);

      // A status change: to Candidates by the sidebar, then a row's status dropdown, changed with an arrow key.
      await tabTo(kb, mainNav(kb).getByRole('link', { name: 'Candidates' }));
      await kb.keyboard.press('Enter');
      await kb.getByRole('heading', { name: 'Candidates Management', level: 1 }).waitFor();
      const newStatus = kb.locator('[data-testid="candidates-table"] select:has(option[value="new"]:checked)').first();
      await newStatus.waitFor();
      const name = (await newStatus.getAttribute('aria-label'))!.replace(/^Status of /, '');
      const email = (await kb.getByRole('row', { name: `${name}, open details` }).locator('td').nth(2).textContent())!.trim();
      // A row is one Tab stop; the arrow keys reach its controls.
      await tabTo(kb, kb.getByRole('row', { name: `${name}, open details` }));
      await kb.keyboard.press('ArrowRight'); // its checkbox
      await kb.keyboard.press('ArrowRight');
      expect(await isFocused(newStatus)).toBe(true);
      expectFocusRing(await focusState(kb));
      await kb.keyboard.press('ArrowDown');
      // Read, not closed: closing a toast would take the mouse.
      await seeToast(kb, 'Status Updated', 'Candidate pipeline stage has been updated');
      await expect.poll(async () => (await deviceCandidatesByEmail(kb, email))[0]?.status).toBe('interview');

      // An interview note: the candidate now interviews today. Back up to the sidebar, then the card.
      await tabTo(kb, mainNav(kb).getByRole('link', { name: 'Interviews' }), { back: true, max: 120 });
      await kb.keyboard.press('Enter');
      const card = kb.getByRole('article', { name, exact: true });
      await card.waitFor();
      const addNotes = card.getByRole('button', { name: 'Add Notes' });
      await tabTo(kb, addNotes);
      await kb.keyboard.press('Enter');
      const textarea = card.getByRole('textbox', { name: `Interview notes for ${name}` });
      expect(await isFocused(textarea)).toBe(true);
      await kb.keyboard.type('Strong closer; follow up Friday.');
      await tabTo(kb, card.getByRole('button', { name: 'Save Notes' }));
      await kb.keyboard.press('Enter');
      await card.getByText('Strong closer; follow up Friday.').waitFor();
      // Focus goes back to the card's button rather than falling to the page.
      expect(await isFocused(card.getByRole('button', { name: 'Edit Notes' }))).toBe(true);
      await expect
        .poll(() => app.db.knex('interview_notes').where({ note: 'Strong closer; follow up Friday.' }).whereNull('deletedAt').count({ n: '*' }).first().then((r) => Number(r?.n)), {
          timeout: 30_000,
        })
        .toBe(1);
    } finally {
      await kbContext.close();
    }
  });
});
