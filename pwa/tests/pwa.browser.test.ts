/**
 * The installable, offline-capable app: manifest, icons, installability as Chromium judges it, the
 * service worker taking control, and an offline start that goes straight to the remembered user's
 * dashboard.
 */
import { chromium, type Page, type Route } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITH_SERVICE_WORKER, startBrowserApp, type BrowserApp } from './support/browser-app';
import { CHROMIUM_ARGS } from './support/chromium';
import { ADMIN, adminApi, signInThroughUi } from './support/ui';

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
  await adminApi(app);
});
afterAll(() => app?.close());

function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('manifest and icons', () => {
  it('describes an installable standalone app', async () => {
    const res = await fetch(`${app.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: 'RepHire',
      short_name: 'RepHire',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#4f46e5',
      background_color: '#ffffff',
    });
    const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
    const shots = manifest.screenshots as Array<{ src: string; sizes: string; form_factor: string }>;
    expect(shots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);

    // Every image the manifest names exists, is a PNG, and has the size it claims.
    for (const image of [...icons, ...shots]) {
      const file = await fetch(`${app.url}${image.src}`);
      expect(file.headers.get('content-type'), image.src).toBe('image/png');
      const [width, height] = pngSize(Buffer.from(await file.arrayBuffer()));
      expect(`${width}x${height}`, image.src).toBe(image.sizes);
    }
  });

  it('links the apple-touch-icon and sets the mobile meta tags', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toMatch(/<meta name="theme-color" content="#4f46e5"/);
    expect(html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1.0/);
    expect(html).toContain('<meta name="apple-mobile-web-app-capable" content="yes"');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180"');
    const icon = Buffer.from(await (await fetch(`${app.url}/apple-touch-icon.png`)).arrayBuffer());
    expect(pngSize(icon)).toEqual([180, 180]);
    const favicon = await fetch(`${app.url}/favicon.ico`);
    expect(favicon.status).toBe(200);
  });
});

describe('installability and the service worker', () => {
  it('has no installability errors in Chromium', async () => {
    const profile = mkdtempSync(path.join(tmpdir(), 'rephire-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL: app.url,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      const cdp = await context.newCDPSession(page);
      // Chromium checks the manifest and icons asynchronously after load: ask until it has an answer.
      let errors: unknown[] = ['not checked yet'];
      await expect
        .poll(
          async () => {
            errors = ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors;
            return errors;
          },
          { timeout: 15_000, interval: 500 },
        )
        .toEqual([]);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(manifest.url).toBe(`${app.url}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('controls the page after it is ready and the page reloads', async () => {
    const context = await app.newContext(WITH_SERVICE_WORKER);
    const page = await context.newPage();
    await page.goto('/');
    // registerType 'prompt': the first visit is not controlled.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${app.url}/`);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${app.url}/sw.js`);
    // /api is never answered from the worker's caches.
    const cacheKeys = await page.evaluate(async () => {
      const keys: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) keys.push(req.url);
      return keys;
    });
    expect(cacheKeys.some((url) => url.includes('/api/'))).toBe(false);
    expect(cacheKeys.some((url) => /\/assets\/InterviewsPage-.*\.js/.test(url))).toBe(true); // lazy chunks too
    await context.close();
  });

  it('installs again once back online when its first install failed, without a reload', async () => {
    const context = await app.newContext(WITH_SERVICE_WORKER);
    // The worker's precache fails, as when the connection drops while it fetches the app's files (its
    // own script and the Workbox runtime it imports still load: the registration itself succeeds).
    let refused = 0;
    const refuse = async (route: Route) => {
      if (!route.request().serviceWorker()) return route.continue();
      refused += 1;
      await route.abort('internetdisconnected');
    };
    await context.route('**/assets/**', refuse);
    const page = await context.newPage();
    await page.goto('/');
    const registration = () =>
      page.evaluate(async () => {
        const found = await navigator.serviceWorker.getRegistration();
        return found ? (found.active ?? found.waiting ?? found.installing)?.state ?? 'none' : 'gone';
      });
    await expect.poll(() => refused, { timeout: 30_000 }).toBeGreaterThan(0);
    // The browser drops a registration whose first install failed.
    await expect.poll(registration, { timeout: 30_000 }).toBe('gone');
    await context.unroute('**/assets/**', refuse);
    await context.setOffline(true);
    await context.setOffline(false);
    // Installed from the same page, never reloaded; the next start runs under it.
    await expect.poll(registration, { timeout: 30_000 }).toBe('activated');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${app.url}/`);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${app.url}/sw.js`);
    await context.close();
  });

  it('answers /api navigations from the server, not with the app shell', async () => {
    const context = await app.newContext(WITH_SERVICE_WORKER);
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await page.reload();
    const res = await page.goto('/api/config');
    expect(res?.headers()['content-type']).toContain('application/json');
    expect(await res?.json()).toMatchObject({ appName: 'RepHire' });
    await context.close();
  });
});

describe('install prompt', () => {
  /** What Chromium does when it finds the app installable: fire beforeinstallprompt (here with a prompt that records its call). */
  const fireInstallPrompt = (page: Page, outcome: 'accepted' | 'dismissed') =>
    page.evaluate((choice) => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      (window as unknown as { __installPrompts: number }).__installPrompts = 0;
      Object.assign(event, {
        prompt: () => {
          (window as unknown as { __installPrompts: number }).__installPrompts += 1;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: choice, platform: 'web' }),
      });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    }, outcome);
  const promptsShown = (page: Page) => page.evaluate(() => (window as unknown as { __installPrompts: number }).__installPrompts);

  it('offers Install app on the landing page and in the user menu only when the browser fires its prompt', async () => {
    const context = await app.newContext(WITH_SERVICE_WORKER);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    expect(await page.getByRole('button', { name: 'Install app' }).count()).toBe(0);
    // The app keeps the event (no mini-infobar) and offers its own entry.
    expect(await fireInstallPrompt(page, 'dismissed')).toBe(true);
    await page.getByRole('button', { name: 'Install app' }).click();
    expect(await promptsShown(page)).toBe(1);
    // Spent once shown: the entry goes until the browser offers again.
    await page.getByRole('button', { name: 'Install app' }).waitFor({ state: 'detached' });

    await signInThroughUi(page, ADMIN);
    const menuButton = page.getByRole('button', { name: /^Account menu for / });
    await menuButton.click();
    expect(await page.getByRole('menuitem', { name: 'Install app' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await fireInstallPrompt(page, 'accepted');
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Install app' }).click();
    expect(await promptsShown(page)).toBe(1);
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Install app' }).count()).toBe(0);
    await context.close();
  });
});

describe('offline start', () => {
  it('opens straight to the remembered user\'s dashboard, and other screens open too', async () => {
    const context = await app.newContext(WITH_SERVICE_WORKER);
    const page = await context.newPage();
    await signInThroughUi(page, ADMIN);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('button', { name: /^Sync: Offline/ }).waitFor();
    expect(await page.evaluate(() => fetch('/api/config').then(() => 'reached', () => 'failed'))).toBe('failed');

    // A screen never opened online: its chunk comes from the precache.
    await page.getByRole('link', { name: 'Interviews' }).click();
    await page.getByRole('heading', { name: 'Interviews' }).waitFor();

    // Reopening the app at its start URL goes to the dashboard too.
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await context.setOffline(false);
    await context.close();
  });
});
