/**
 * One syncing tab per browser: two tabs of one browser profile, signed in once. Only the tab that
 * leads (it holds the leader lock) talks to the sync server; a candidate added in the other tab goes
 * to the server through the leader, and when the leader closes, the other tab takes over.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { serverCandidate } from './support/candidates';
import { ADMIN, adminApi, expectToast, signInThroughUi } from './support/ui';

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
  await adminApi(app);
});
afterAll(() => app?.close());

/** Counts the sync requests a page makes. */
function syncRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/api/sync/')) count += 1;
  });
  return () => count;
}

describe('two tabs of one browser', () => {
  it('sync through the leading tab only; a write in the other reaches the server, and leading moves on close', async () => {
    const context = await app.newContext();
    const first = await context.newPage();
    await signInThroughUi(first, ADMIN);
    await first.getByRole('button', { name: /^Sync: Synced/ }).waitFor({ timeout: 30_000 });
    const second = await context.newPage();
    const fromSecond = syncRequests(second);
    await second.goto('/candidates');
    await second.getByRole('heading', { name: 'Candidates Management' }).waitFor();

    await second.getByRole('button', { name: 'Add Candidate' }).click();
    const form = second.getByRole('form', { name: 'Add Candidate' });
    await form.getByLabel('Name').fill('Tabitha Two');
    await form.getByLabel('Email').fill('tabitha@example.com');
    await second.getByRole('dialog', { name: 'Add Candidate' }).getByRole('button', { name: 'Add Candidate' }).click();
    await expectToast(second, 'Candidate Added', 'Tabitha Two has been added to the pipeline');
    // The first tab leads: it sends the second tab's candidate; the second tab asked the server nothing.
    await expect.poll(() => serverCandidate(app, 'tabitha@example.com'), { timeout: 30_000 }).toMatchObject({ name: 'Tabitha Two' });
    await second.getByRole('button', { name: /^Sync: Synced/ }).waitFor({ timeout: 30_000 });
    expect(fromSecond()).toBe(0);

    // The leader closes: the second tab leads now, and syncs by itself.
    await first.close();
    await expect.poll(fromSecond, { timeout: 30_000 }).toBeGreaterThan(0);
    await context.close();
  });
});
