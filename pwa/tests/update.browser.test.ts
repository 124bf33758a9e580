/**
 * A new version of the app: it installs in the background and waits; the page is never reloaded by
 * itself; the prompt's Reload switches to the new version.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WITH_SERVICE_WORKER, startBrowserApp, type BrowserApp } from './support/browser-app';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
let app: BrowserApp;
let served: string;

beforeAll(async () => {
  // A copy of the build, so this test can publish a "new version" without touching pwa/dist.
  served = mkdtempSync(path.join(tmpdir(), 'rephire-dist-'));
  cpSync(dist, served, { recursive: true });
  app = await startBrowserApp({ staticDir: served });
});
afterAll(async () => {
  await app?.close();
  rmSync(served, { recursive: true, force: true });
});

it('offers a new version without reloading, and switches to it on Reload', async () => {
  const context = await app.newContext(WITH_SERVICE_WORKER);
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(firstWorker).toBe(`${app.url}/sw.js`);

  // Publish a new version: any change to sw.js makes the browser install it.
  const swFile = path.join(served, 'sw.js');
  writeFileSync(swFile, `${readFileSync(swFile, 'utf8')}\n// next version\n`);
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
    return navigator.serviceWorker.getRegistration().then((registration) => registration?.update());
  });

  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await prompt.waitFor();
  // Waiting, not taken over: the page was not reloaded.
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBeUndefined();
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await prompt.count()).toBe(0);
  await context.close();
});
