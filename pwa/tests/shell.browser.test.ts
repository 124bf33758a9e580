import { afterAll, beforeAll, expect, it } from 'vitest';
import { WITH_SERVICE_WORKER, startBrowserApp, type BrowserApp } from './support/browser-app';

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

it('serves the built app, which renders in Chromium', async () => {
  const context = await app.newContext(WITH_SERVICE_WORKER);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await page.title()).toBe('RepHire');
  expect(await page.locator('header').textContent()).toContain('RepHire');
  expect(errors).toEqual([]);
  await context.close();
});
