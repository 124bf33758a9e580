/**
 * User Management (/users) against the real server: an admin adds, edits (only changed fields are
 * sent; nothing changed just closes) and deletes users; their own delete is disabled; the screen says
 * it needs a connection offline; a recruiter cannot reach it.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { ADMIN, RECRUITER, adminApi, createRecruiter, expectToast, signInThroughUi } from './support/ui';

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
  await createRecruiter(app);
});
afterAll(() => app?.close());

async function signedIn(user = ADMIN) {
  const context = await app.newContext();
  const page = await context.newPage();
  await signInThroughUi(page, user);
  await expectToast(page, 'Login successful');
  return { context, page };
}

/** The table row of a user (the signed-in admin's own name is followed by "(you)"). */
const row = (page: Page, username: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: new RegExp(`^${username}(\\s*\\(you\\))?$`) }) });
const userRow = (username: string) => app.db.knex('users').where({ username }).first();

/** Bodies of PATCH /api/users/:id requests the page sends from now on. */
function recordPatches(page: Page): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'PATCH' && /\/api\/users\/\d+$/.test(new URL(request.url()).pathname)) bodies.push(request.postDataJSON());
  });
  return bodies;
}

async function chooseRole(page: Page, role: 'Admin' | 'Recruiter') {
  await page.getByRole('dialog').getByRole('button', { name: /Role/ }).click();
  const listbox = page.getByRole('listbox');
  // Under load a click can land while the list is still opening and be ignored: click until it closes.
  for (let attempt = 1; ; attempt++) {
    await listbox.getByRole('option', { name: role }).click();
    try {
      await listbox.waitFor({ state: 'detached', timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

describe('User Management', () => {
  it('lists users with the admin badge destructive and the own delete disabled', async () => {
    const { context, page } = await signedIn();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await row(page, 'rita').waitFor();

    const adminRow = row(page, 'admin');
    expect(await adminRow.getByText('Admin', { exact: true }).getAttribute('data-variant')).toBe('destructive');
    expect(await row(page, 'rita').getByText('Recruiter', { exact: true }).getAttribute('data-variant')).toBe('secondary');
    expect(await adminRow.getByRole('button', { name: 'Delete admin' }).isDisabled()).toBe(true);
    expect(await row(page, 'rita').getByRole('button', { name: 'Delete rita' }).isEnabled()).toBe(true);
    await context.close();
  });

  it('adds a user after checking the fields, and the new user can sign in', async () => {
    const { context, page } = await signedIn();
    await page.goto('/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Username').fill('ab');
    await dialog.getByLabel('Password').fill('123');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText('Username must be at least 3 characters').waitFor();
    await dialog.getByText('Password must be at least 6 characters').waitFor();

    // A taken name is refused by the server, shown on the field and in the toast.
    await dialog.getByLabel('Username').fill('rita');
    await dialog.getByLabel('Password').fill('carol-password');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, 'Failed to create user', 'Username already exists');
    // Closing the toast kept the dialog and what was typed.
    expect(await dialog.getByLabel('Username').inputValue()).toBe('rita');

    await dialog.getByLabel('Username').fill('carol');
    await chooseRole(page, 'Admin');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, 'User created');
    await dialog.waitFor({ state: 'detached' });
    expect(await row(page, 'carol').getByText('Admin', { exact: true }).count()).toBe(1);
    expect(await userRow('carol')).toMatchObject({ role: 'admin' });

    const carol = await app.newContext();
    const carolPage = await carol.newPage();
    await signInThroughUi(carolPage, { username: 'carol', password: 'carol-password' });
    await carol.close();
    await context.close();
  });

  it('edits a user sending only what changed, and closes without a call when nothing changed', async () => {
    const { context, page } = await signedIn();
    await page.goto('/users');
    const patches = recordPatches(page);

    await row(page, 'rita').getByRole('button', { name: 'Edit rita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    expect(await dialog.getByLabel('Username').inputValue()).toBe('rita');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(patches).toEqual([]);

    await row(page, 'rita').getByRole('button', { name: 'Edit rita' }).click();
    await dialog.getByLabel('Username').fill('rita2');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'User updated');
    expect(patches).toEqual([{ username: 'rita2' }]);
    await row(page, 'rita2').waitFor();

    await row(page, 'rita2').getByRole('button', { name: 'Edit rita2' }).click();
    await dialog.getByLabel('New password').fill('short');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Password must be at least 6 characters').waitFor();
    await dialog.getByLabel('New password').fill('rita-new-password');
    await chooseRole(page, 'Admin');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'User updated');
    expect(patches[1]).toEqual({ role: 'admin', password: 'rita-new-password' });
    expect(await userRow('rita2')).toMatchObject({ role: 'admin' });

    // Put rita back as she was, for the other tests.
    const admin = await adminApi(app);
    const { id } = await userRow('rita2');
    expect((await admin.patch(`/api/users/${id}`, { username: RECRUITER.username, password: RECRUITER.password, role: 'recruiter' })).status).toBe(200);
    await context.close();
  });

  it('deletes a user after the confirmation', async () => {
    const admin = await adminApi(app);
    expect((await admin.post('/api/users', { username: 'dave', password: 'dave-password' })).status).toBe(201);
    const { context, page } = await signedIn();
    await page.goto('/users');
    await row(page, 'dave').getByRole('button', { name: 'Delete dave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete dave?' });
    await dialog
      .getByText('This action cannot be undone. This will permanently delete the user and all associated data.')
      .waitFor();
    // And what that covers: the candidates stay.
    await dialog.getByText('Candidates they added and their interview notes stay with the team.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await userRow('dave')).toBeTruthy();

    await row(page, 'dave').getByRole('button', { name: 'Delete dave' }).click();
    // A refusal shows inside the dialog too, which stays open to try again.
    await page.route('**/api/users/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'INTERNAL', message: 'The database is restarting' }) })
        : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Failed to delete user', 'The database is restarting');
    await dialog.getByRole('alert').filter({ hasText: 'The database is restarting' }).waitFor();
    await page.unroute('**/api/users/*');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'User deleted');
    await row(page, 'dave').waitFor({ state: 'detached' });
    expect(await userRow('dave')).toBeUndefined();
    await context.close();
  });

  it('says it needs a connection offline, with its controls disabled, and loads when back online', async () => {
    const { context, page } = await signedIn();
    await page.goto('/users');
    await row(page, 'rita').waitFor();
    await context.setOffline(true);
    await page.getByText('You are offline — this needs a connection').waitFor();
    expect(await page.getByRole('button', { name: 'Add User' }).isDisabled()).toBe(true);
    expect(await row(page, 'rita').getByRole('button', { name: 'Edit rita' }).isDisabled()).toBe(true);
    expect(await row(page, 'rita').getByRole('button', { name: 'Delete rita' }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await page.getByText('You are offline — this needs a connection').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Add User' }).isEnabled()).toBe(true);
    await context.close();
  });

  it('keeps a recruiter out: no Users entry, and /users goes to /', async () => {
    const { context, page } = await signedIn(RECRUITER);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).count()).toBe(0);
    await page.goto('/users');
    // / sends a signed-in user on to the dashboard.
    await page.waitForURL('**/dashboard');
    expect(await page.getByRole('heading', { name: 'User Management' }).count()).toBe(0);
    await context.close();
  });
});
