/**
 * One syncing tab per browser: pages of one browser context (one profile: one database, one set of
 * Web Locks), signed in once. Only the leading page talks to the sync server; a candidate added in
 * another page reaches the server through the leader; when the leader closes or navigates away, the
 * other page leads and syncs by itself.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { serverCandidate } from './support/candidates';
import { ADMIN, adminApi, expectToast, signInThroughUi } from './support/ui';

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
  await adminApi(app);
});
afterAll(() => app?.close());

let context: BrowserContext | null = null;
afterEach(async () => {
  await context?.close();
  context = null;
});

const POLL = { timeout: 30_000, interval: 250 };

/** Counts the sync requests a page makes. */
function syncRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/api/sync/')) count += 1;
  });
  return () => count;
}

async function addCandidate(page: Page, name: string, email: string) {
  await page.bringToFront();
  await page.getByRole('button', { name: 'Add Candidate' }).click();
  const form = page.getByRole('form', { name: 'Add Candidate' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await page.getByRole('dialog', { name: 'Add Candidate' }).getByRole('button', { name: 'Add Candidate' }).click();
  await expectToast(page, 'Candidate Added', `${name} has been added to the pipeline`);
}

/** A signed-in leading page, and a second page on the Candidates screen following it. */
async function twoPages() {
  context = await app.newContext();
  const first = await context.newPage();
  const fromFirst = syncRequests(first);
  await signInThroughUi(first, ADMIN);
  await first.getByRole('button', { name: /^Sync: Synced/ }).waitFor({ timeout: 30_000 });
  const second = await context.newPage();
  const fromSecond = syncRequests(second);
  await second.goto('/candidates');
  await second.getByRole('heading', { name: 'Candidates Management' }).waitFor();
  return { first, fromFirst, second, fromSecond };
}

describe('pages of one browser', () => {
  it('sync through the leading page only; a write in the other reaches the server, and leading moves on close', async () => {
    const { first, fromFirst, second, fromSecond } = await twoPages();

    await addCandidate(second, 'Tabitha Two', 'tabitha@example.com');
    await expect.poll(() => serverCandidate(app, 'tabitha@example.com'), POLL).toMatchObject({ name: 'Tabitha Two' });
    // The follower's indicator reads the outcome from the database.
    await second.getByRole('button', { name: /^Sync: Synced/ }).waitFor({ timeout: 30_000 });
    expect(fromFirst()).toBeGreaterThan(0);
    expect(fromSecond()).toBe(0);

    // The leader closes: the second page leads now and sends its own writes.
    await first.close();
    await addCandidate(second, 'Theo Three', 'theo@example.com');
    await expect.poll(() => serverCandidate(app, 'theo@example.com'), POLL).toMatchObject({ name: 'Theo Three' });
    expect(fromSecond()).toBeGreaterThan(0);
    await second.getByRole('button', { name: /^Sync: Synced/ }).waitFor({ timeout: 30_000 });
  });

  it('leading moves on when the leader navigates away, and a write in the other page still syncs', async () => {
    const { first, second, fromSecond } = await twoPages();

    // The leader's document goes away (into the back/forward cache, where it can): it lets go of leading.
    await first.goto('about:blank');
    await addCandidate(second, 'Una Unload', 'una@example.com');
    await expect.poll(() => serverCandidate(app, 'una@example.com'), POLL).toMatchObject({ name: 'Una Unload' });
    expect(fromSecond()).toBeGreaterThan(0);

    // Back (restored from the cache or loaded again): the app runs there again, following or leading.
    await first.goBack();
    await first.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await addCandidate(second, 'Vic Back', 'vic@example.com');
    await expect.poll(() => serverCandidate(app, 'vic@example.com'), POLL).toMatchObject({ name: 'Vic Back' });
    await first.getByRole('button', { name: /^Sync: Synced/ }).waitFor({ timeout: 30_000 });
  });

  it('a page that holds the leader lock but runs no app code does not strand writes: the app page syncs itself', async () => {
    context = await app.newContext();
    // A document of the app's origin that is not the app (an API answer), holding the leader lock forever:
    // what a page kept in the back/forward cache, or frozen, would do if it never let go.
    const ghost = await context.newPage();
    await ghost.goto('/api/no-such-endpoint');
    expect(await ghost.evaluate(() => document.contentType)).not.toBe('text/html');
    await ghost.evaluate(() => {
      void navigator.locks.request('rephire-sync:leader', () => new Promise(() => {}));
    });
    await expect.poll(() => ghost.evaluate(async () => (await navigator.locks.query()).held?.map((lock) => lock.name))).toEqual(['rephire-sync:leader']);

    const page = await context.newPage();
    const fromPage = syncRequests(page);
    await signInThroughUi(page, ADMIN);
    await page.goto('/candidates');
    await page.getByRole('heading', { name: 'Candidates Management' }).waitFor();
    await addCandidate(page, 'Gus Ghost', 'gus@example.com');
    await expect.poll(() => serverCandidate(app, 'gus@example.com'), POLL).toMatchObject({ name: 'Gus Ghost' });
    await page.getByRole('button', { name: /^Sync: Synced/ }).waitFor({ timeout: 30_000 });
    expect(fromPage()).toBeGreaterThan(0);
  });
});
