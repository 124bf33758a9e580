/** Small steps the browser tests share: signing in through the screens, waiting for toasts, API setup. */
import type { Locator, Page } from 'playwright-core';
import { HttpClient } from '../../../sync-server/tests/helpers/http-client';
import type { BrowserApp } from './browser-app';

export const ADMIN = { username: 'admin', password: 'admin-password' };
export const RECRUITER = { username: 'rita', password: 'recruiter-password' };

/** Waits for the toast with this title (it may be queued behind others), checks it, then closes it. */
export async function expectToast(page: Page, title: string, description?: string | RegExp, { timeout = 20_000 } = {}): Promise<void> {
  const toast = page.locator('[data-toast]').filter({ has: page.getByText(title, { exact: true }) });
  // Queued toasts show one after another, each up to 5 s: allow a few of them ahead.
  await toast.waitFor({ state: 'visible', timeout });
  if (description !== undefined) {
    const text = (await toast.textContent()) ?? '';
    if (typeof description === 'string' ? !text.includes(description) : !description.test(text)) {
      throw new Error(`Toast "${title}" says "${text}", expected ${description}`);
    }
  }
  // This toast, not a later one with the same title.
  const card = (await toast.elementHandle())!;
  // A click can miss when the card moves as it is made (a notification queued behind it adds a line to
  // it); the pointer then rests on the card, which pauses it. Click again, as a person would.
  for (let attempt = 1; attempt <= 3; attempt++) {
    const close = await card.$('button[aria-label="Close notification"]');
    if (!close) return;
    await close.click({ timeout: 5_000 }).catch((error: unknown) => {
      if (attempt === 3) throw error;
    });
    if (await card.waitForElementState('hidden', { timeout: 5_000 }).then(() => true, () => false)) return;
  }
  throw new Error(`Toast "${title}" stayed on screen after three clicks on its close button`);
}

/**
 * Presses Escape until the dialog has gone: a key pressed while it is still opening (its transition
 * running on a loaded machine) can be lost, as it would be for a person, who presses again.
 */
export async function closeWithEscape(page: Page, dialogPart: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Escape');
    try {
      await dialogPart.waitFor({ state: 'detached', timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Records the title of every toast the page shows from now on, so a test can check that one was shown
 * even if it came and went (5 s each) while the test waited for something else on a loaded machine.
 */
export async function recordToasts(page: Page): Promise<{ titles(): Promise<string[]> }> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toastTitles: string[] }).__toastTitles = seen;
    // Each recorder keeps its own memory of the cards it saw, so two recorders never hide cards from each other.
    const noted = new WeakSet<Element>();
    const note = () => {
      for (const card of document.querySelectorAll('[data-toast]')) {
        if (noted.has(card)) continue;
        noted.add(card);
        seen.push(card.querySelector('p')?.textContent ?? '');
      }
    };
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
    note();
  });
  return { titles: () => page.evaluate(() => [...(window as unknown as { __toastTitles: string[] }).__toastTitles]) };
}

/**
 * Holds the requests matching `url` until release(), so a test sees a pending state (a "Saving..."
 * label) for as long as it looks, then lets them through; none is answered before.
 */
export async function holdRequests(page: Page, url: string): Promise<{ release(): void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

export async function fillLogin(page: Page, { username, password }: { username: string; password: string }, rememberMe = false) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await form.getByLabel('Remember me').check();
  await form.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the Login tab and waits for the dashboard. */
export async function signInThroughUi(page: Page, user: { username: string; password: string }, rememberMe = false) {
  await fillLogin(page, user, rememberMe);
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

export async function registerThroughUi(page: Page, { username, password }: { username: string; password: string }) {
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password').fill(password);
  await form.getByRole('button', { name: 'Create account' }).click();
}

/** A signed-in API client for the first admin, registering them when nobody exists yet. */
export async function adminApi(app: BrowserApp): Promise<HttpClient> {
  const client = new HttpClient(app.url);
  const registered = await client.post('/api/register', ADMIN);
  if (registered.status !== 201) {
    const login = await client.post('/api/login', ADMIN);
    if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status} ${login.text}`);
  }
  return client;
}

export async function createRecruiter(app: BrowserApp, user = RECRUITER): Promise<void> {
  const admin = await adminApi(app);
  const created = await admin.post('/api/users', { ...user, role: 'recruiter' });
  if (created.status !== 201) throw new Error(`create recruiter failed: ${created.status} ${created.text}`);
}
