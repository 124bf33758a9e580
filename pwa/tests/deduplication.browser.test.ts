/**
 * Settings → System → Deduplication against the real server: the duplicate count this device sees,
 * Quick Fix Duplicates and Advanced Deduplication (each disables the other and says "Processing..."
 * while it runs), their toasts with counts, and the removals reaching the device by sync.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestDevice, candidateArgs } from '../../sync-server/tests/helpers/sync-device';
import type { HttpClient } from '../../sync-server/tests/helpers/http-client';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { ADMIN, adminApi, expectToast, holdRequests, signInThroughUi } from './support/ui';

let app: BrowserApp;
let seeder: TestDevice;
beforeAll(async () => {
  app = await startBrowserApp();
  seeder = new TestDevice((await adminApi(app)) as HttpClient);
});
afterAll(() => app?.close());

async function seed(emails: string[]) {
  const res = await seeder.push(emails.map((email) => seeder.mutation('candidate.create', candidateArgs({ email }))));
  expect(res.status).toBe(200);
}

const liveCount = async () =>
  Number((await app.db.knex('candidates').whereNull('deletedAt').count({ n: '*' }).first())!.n);

/** Reconnecting makes the device sync now (it would also sync on its timer). */
async function syncDevice(page: Page) {
  await page.context().setOffline(true);
  await page.context().setOffline(false);
}

/** Holds the deduplication calls back until release(), so the running state can be seen. */
const holdDedup = (page: Page) => holdRequests(page, '**/api/candidates/{deduplicate,dedup-now}');

describe('Deduplication', () => {
  it('quick-fixes and then fully deduplicates, reporting the counts', async () => {
    await seed(['ann@dup.example', 'ann@dup.example', 'ANN@dup.example ', 'bea@dup.example', 'solo@dup.example']);
    const context = await app.newContext();
    const page = await context.newPage();
    await signInThroughUi(page, ADMIN);
    await expectToast(page, 'Login successful');
    await page.goto('/settings?tab=system');
    await page.getByRole('heading', { name: 'System Management' }).waitFor();
    await page.getByText('Duplicates detected: 2 candidate records have the same email as a newer record.').waitFor();

    const quick = page.getByRole('button', { name: 'Quick Fix Duplicates' });
    const advanced = page.getByRole('button', { name: 'Advanced Deduplication' });
    const quickRun = await holdDedup(page);
    await quick.click();
    await page.getByRole('button', { name: 'Processing...' }).waitFor();
    expect(await advanced.isDisabled()).toBe(true);
    quickRun.release();
    await expectToast(page, 'Quick deduplication complete', 'Removed 2 duplicate candidates.');
    expect(await quick.isEnabled()).toBe(true);
    expect(await liveCount()).toBe(3);

    await syncDevice(page);
    await page.getByText('No duplicate emails found on this device.').waitFor({ timeout: 40_000 });

    await seed(['bea@dup.example']);
    const advancedRun = await holdDedup(page);
    await advanced.click();
    await page.getByRole('button', { name: 'Processing...' }).waitFor();
    expect(await quick.isDisabled()).toBe(true);
    advancedRun.release();
    await expectToast(page, 'Deduplication complete', 'Removed 1 duplicate candidates. Total remaining: 3.');
    expect(await liveCount()).toBe(3);
    await context.close();
  });

  it('says why it failed with the server message', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    await signInThroughUi(page, ADMIN);
    await expectToast(page, 'Login successful');
    await page.goto('/settings?tab=system');
    await page.route('**/api/candidates/deduplicate', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'Database is busy' }) }),
    );
    await page.getByRole('button', { name: 'Advanced Deduplication' }).click();
    await expectToast(page, 'Deduplication failed', 'Database is busy');

    await context.setOffline(true);
    await page.getByText('You are offline — this needs a connection').waitFor();
    expect(await page.getByRole('button', { name: 'Quick Fix Duplicates' }).isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Allow self-registration' }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await context.close();
  });
});
