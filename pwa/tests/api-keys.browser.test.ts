/**
 * Settings → API Keys against the real server: the empty state and help text, creating a key (shown
 * once, copied), using it with a plain HTTP client on /api/zapier/candidates, the candidate reaching a
 * signed-in device by sync, Last Used updating, deleting the key and the client being refused, the
 * offline notice, and the Zapier triggers (REST hooks) subscribed with a key, listed and removed.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { RECRUITER, createRecruiter, expectToast, signInThroughUi } from './support/ui';

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
  await createRecruiter(app);
});
afterAll(() => app?.close());

async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await signInThroughUi(page, RECRUITER);
  await expectToast(page, 'Login successful');
  return { context, page };
}

async function openApiKeys(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await page.getByRole('heading', { name: 'API Keys', level: 2 }).waitFor();
}

/** What an automation tool does: one POST with the key in a header. */
function zapierPost(key: string, candidate: Record<string, unknown>) {
  return fetch(`${app.url}/api/zapier/candidates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(candidate),
  });
}

const keyRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

describe('API keys', () => {
  it('creates a key shown once, which adds a candidate that reaches the device; Last Used updates; deleting it refuses the client', async () => {
    const { context, page } = await signedIn();
    await openApiKeys(page);
    await page.getByText('No API Keys', { exact: true }).waitFor();
    expect(await page.getByTestId('zapier-endpoint').textContent()).toBe(`${app.url}/api/zapier/candidates`);
    await page.getByText('X-API-Key', { exact: true }).waitFor();
    await page.getByText('API keys only grant access to add candidates', { exact: false }).waitFor();
    const reference = page.getByRole('link', { name: 'API reference' });
    expect(await reference.getAttribute('href')).toBe('/api/openapi.json');
    expect((await (await fetch(`${app.url}/api/openapi.json`)).json()).openapi).toMatch(/^3\.1\./);

    await page.getByRole('button', { name: 'Create Key' }).click();
    const create = page.getByRole('dialog', { name: 'Create API Key' });
    await create.getByRole('button', { name: 'Create Key' }).click();
    await create.getByText('API key name is required').waitFor();
    await create.getByLabel('API Key Name').fill('Zapier Integration');
    await create.getByRole('button', { name: 'Create Key' }).click();
    await expectToast(page, 'API key created', 'Make sure to copy it now');

    const created = page.getByRole('dialog', { name: 'API Key Created' });
    await created.getByText('cannot be shown again', { exact: false }).waitFor();
    await created.getByText('Zapier Integration').waitFor();
    const key = (await created.getByTestId('created-api-key').textContent())!;
    expect(key).toMatch(/^rk_[A-Za-z0-9_-]{40,}$/);
    await created.getByRole('button', { name: 'Copy API key' }).click();
    await expectToast(page, 'API key copied', 'The API key has been copied to clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await created.getByRole('button', { name: 'Done' }).click();
    await created.waitFor({ state: 'detached' });

    const row = keyRow(page, 'Zapier Integration');
    expect(await row.getByText(`${key.slice(0, 10)}…`).count()).toBe(1);
    expect(await row.getByTestId('last-used').textContent()).toBe('Never');
    // The full key is nowhere on the page any more.
    expect(await page.getByText(key).count()).toBe(0);

    // A device of the key's owner has the Interviews page open.
    const device = await context.newPage();
    await device.goto('/interviews');
    await device.getByRole('heading', { name: 'Today', level: 2 }).waitFor();

    const res = await zapierPost(key, { name: 'Zed Zapier', email: 'zed@zapier.example', status: 'interview', phone: '5550001111' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: 'Zed Zapier', source: 'Zapier' });

    // Reconnecting is one of the sync engine's triggers (it also syncs on a timer).
    await context.setOffline(true);
    await context.setOffline(false);
    await device.getByRole('article', { name: 'Zed Zapier' }).waitFor({ timeout: 40_000 });
    await device.close();

    await openApiKeys(page);
    await expect.poll(async () => (await row.getByTestId('last-used').textContent()) ?? 'Never').not.toBe('Never');

    await row.getByRole('button', { name: 'Delete Zapier Integration' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete API Key' });
    await confirm.getByText('This action cannot be undone. Any integrations using this key will stop working.').waitFor();
    await confirm.getByText(`${key.slice(0, 10)}…`).waitFor();
    await confirm.getByRole('button', { name: 'Delete Key' }).click();
    await expectToast(page, 'API key deleted');
    await page.getByText('No API Keys', { exact: true }).waitFor();
    expect(Number((await app.db.knex('api_keys').count({ n: '*' }).first())!.n)).toBe(0);

    const refused = await zapierPost(key, { name: 'Too Late', email: 'late@zapier.example' });
    expect(refused.status).toBe(401);
    expect(await app.db.knex('candidates').where({ email: 'late@zapier.example' }).first()).toBeUndefined();
    await context.close();
  });

  it('says it needs a connection offline, with Create Key disabled', async () => {
    const { context, page } = await signedIn();
    await openApiKeys(page);
    await page.getByText('No API Keys', { exact: true }).waitFor();
    await context.setOffline(true);
    await page.getByText('You are offline — this needs a connection').waitFor();
    expect(await page.getByRole('button', { name: 'Create Key' }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await page.getByText('You are offline — this needs a connection').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Create Key' }).isEnabled()).toBe(true);
    await context.close();
  });

  it('lists the REST hooks Zapier subscribed with a key, and removes one', async () => {
    const { context, page } = await signedIn();
    await openApiKeys(page);
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/api-keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Zap triggers' }) });
      return (await res.json()) as { id: number; key: string };
    });
    const targetUrl = 'https://34.120.0.10/hooks/catch/123/abc/';
    const subscribed = await fetch(`${app.url}/api/zapier/hooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': created.key },
      body: JSON.stringify({ targetUrl, event: 'candidate.status_changed' }),
    });
    expect(subscribed.status).toBe(201);

    await page.reload();
    await page.getByRole('tab', { name: 'API Keys' }).click();
    const hooks = page.getByRole('table', { name: 'Zapier triggers' });
    const hookRow = hooks.getByRole('row').filter({ hasText: targetUrl });
    await hookRow.waitFor();
    expect(await hookRow.getByRole('cell', { name: 'Zap triggers', exact: true }).count()).toBe(1);
    expect(await hookRow.getByRole('cell', { name: 'Candidate Status Changed', exact: true }).count()).toBe(1);

    await hookRow.getByRole('button', { name: 'Remove Candidate Status Changed hook of Zap triggers' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Hook' });
    await confirm.getByText(targetUrl).waitFor();
    await confirm.getByRole('button', { name: 'Remove Hook' }).click();
    await expectToast(page, 'Hook removed');
    await page.getByText('No Zap is subscribed to these keys.').waitFor();
    expect(await app.db.knex('webhook_subscriptions')).toEqual([]);

    await app.db.knex('api_keys').where({ id: created.id }).delete();
    await context.close();
  });
});
