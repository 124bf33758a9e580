/**
 * Settings against the real server: profile, password (the wrong current password refused), appearance
 * applied to the whole app and kept per user across reloads, notification preferences, the System tab's
 * self-registration switch, what a recruiter sees, and the offline notice.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../sync-server/tests/helpers/http-client';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { ADMIN, RECRUITER, adminApi, createRecruiter, expectToast, holdRequests, signInThroughUi } from './support/ui';

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
  await createRecruiter(app);
});
afterAll(() => app?.close());

async function signedIn(user: { username: string; password: string } = ADMIN) {
  const context = await app.newContext();
  const page = await context.newPage();
  await signInThroughUi(page, user);
  await expectToast(page, 'Login successful');
  return { context, page };
}

async function openTab(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor();
}

const userRow = (username: string) => app.db.knex('users').where({ username }).first();
const htmlClasses = (page: Page) => page.evaluate(() => [...document.documentElement.classList].sort());

describe('Profile', () => {
  it('checks the fields, saves them, and shows them again after a reload', async () => {
    const { context, page } = await signedIn();
    await openTab(page, 'Profile');
    const form = page.getByRole('form', { name: 'Profile' });
    await form.getByText('This is your public username.').waitFor();
    expect(await form.getByLabel('Username').inputValue()).toBe('admin');

    await form.getByLabel('Username').fill('ad');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByText('Username must be at least 3 characters').waitFor();
    await form.getByText('Please enter a valid email address').waitFor();

    await form.getByLabel('Username').fill('admin');
    await form.getByLabel('Email').fill('admin@example.com');
    await form.getByLabel('Display name').fill('Ada Admin');
    // Held back until the pending label has been seen.
    const save = await holdRequests(page, '**/api/users/*');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    expect(await form.getByRole('button', { name: 'Saving...' }).isDisabled()).toBe(true);
    save.release();
    await expectToast(page, 'Profile updated');
    await page.unrouteAll();
    expect(await userRow('admin')).toMatchObject({ email: 'admin@example.com', displayName: 'Ada Admin' });
    // The header shows the display name, with the username under it in the menu.
    await page.getByRole('button', { name: 'Account menu for Ada Admin' }).click();
    await page.getByText("Ada Admin's Account").waitFor();
    await page.getByText('@admin').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByText('Welcome back, Ada Admin').waitFor();
    await page.goBack();

    await page.reload();
    await page.getByRole('form', { name: 'Profile' }).waitFor();
    expect(await form.getByLabel('Email').inputValue()).toBe('admin@example.com');
    expect(await form.getByLabel('Display name').inputValue()).toBe('Ada Admin');
    await context.close();
  });

  it('refuses a username someone else has, with the server message', async () => {
    const { context, page } = await signedIn();
    await openTab(page, 'Profile');
    const form = page.getByRole('form', { name: 'Profile' });
    await form.getByLabel('Username').fill(RECRUITER.username);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Failed to update profile', 'Username already exists');
    expect(await userRow('admin')).toBeTruthy();
    await context.close();
  });
});

describe('Password', () => {
  const paula = { username: 'paula', password: 'paula-password' };

  it('refuses a wrong current password, checks the new one, then changes it', async () => {
    const admin = await adminApi(app);
    expect((await admin.post('/api/users', { ...paula, role: 'recruiter' })).status).toBe(201);
    const { context, page } = await signedIn(paula);
    await openTab(page, 'Password');
    const form = page.getByRole('form', { name: 'Password' });
    await form.getByText('Your password must be at least 6 characters long.').waitFor();

    await form.getByRole('button', { name: 'Update Password' }).click();
    await form.getByText('Current password is required').waitFor();
    await form.getByLabel('New password', { exact: true }).fill('123');
    await form.getByLabel('Confirm new password').fill('456');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await form.getByText('New password must be at least 6 characters').waitFor();
    await form.getByText('Passwords do not match').waitFor();

    await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('paula-new-password');
    await form.getByLabel('Confirm new password').fill('paula-new-password');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Failed to update password', 'Current password is incorrect');
    await form.getByText('Current password is incorrect').waitFor();
    expect((await new HttpClient(app.url).post('/api/login', paula)).status).toBe(200);

    await form.getByLabel('Current password', { exact: true }).fill(paula.password);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Password updated');
    expect(await form.getByLabel('Current password', { exact: true }).inputValue()).toBe('');
    expect((await new HttpClient(app.url).post('/api/login', paula)).status).toBe(401);
    expect((await new HttpClient(app.url).post('/api/login', { ...paula, password: 'paula-new-password' })).status).toBe(200);

    // This device stays signed in after its own password change.
    await page.reload();
    await page.getByRole('form', { name: 'Password' }).waitFor();
    await context.close();
  });

  it('says it needs a connection offline, with the fields and the button disabled', async () => {
    const { context, page } = await signedIn();
    await openTab(page, 'Password');
    await context.setOffline(true);
    await page.getByText('You are offline — this needs a connection').waitFor();
    const form = page.getByRole('form', { name: 'Password' });
    expect(await form.getByLabel('Current password', { exact: true }).isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Update Password' }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await page.getByText('You are offline — this needs a connection').waitFor({ state: 'detached' });
    expect(await form.getByRole('button', { name: 'Update Password' }).isEnabled()).toBe(true);
    await context.close();
  });
});

describe('Appearance and notifications', () => {
  it('applies theme, compact view and high contrast to the whole app, for this user only, across reloads', async () => {
    const { context, page } = await signedIn();
    await openTab(page, 'Appearance');
    const form = page.getByRole('form', { name: 'Appearance' });
    expect(await htmlClasses(page)).toEqual([]);

    await form.getByRole('button', { name: /Theme/ }).click();
    await page.getByRole('option', { name: 'Dark' }).click();
    await form.getByRole('switch', { name: 'Compact view' }).click();
    await form.getByRole('switch', { name: 'High contrast' }).click();
    expect(await htmlClasses(page)).toEqual([]); // nothing changes before Save
    await form.getByRole('button', { name: 'Save Preferences' }).click();
    await expectToast(page, 'Appearance settings updated');
    expect(await htmlClasses(page)).toEqual(['compact', 'dark', 'high-contrast']);
    const rootFontSize = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(rootFontSize).toBe('14px');
    expect(await userRow('admin')).toMatchObject({ theme: 'dark', compactView: true, highContrast: true });

    await page.goto('/dashboard');
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await htmlClasses(page)).toEqual(['compact', 'dark', 'high-contrast']);

    // Another user on another device keeps their own appearance.
    const other = await signedIn(RECRUITER);
    expect(await htmlClasses(other.page)).toEqual([]);
    await other.context.close();

    // System follows the operating system.
    await openTab(page, 'Appearance');
    await form.getByRole('button', { name: /Theme/ }).click();
    await page.getByRole('option', { name: 'System' }).click();
    await form.getByRole('switch', { name: 'Compact view' }).click();
    await form.getByRole('switch', { name: 'High contrast' }).click();
    await form.getByRole('button', { name: 'Save Preferences' }).click();
    await expectToast(page, 'Appearance settings updated');
    expect(await htmlClasses(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => htmlClasses(page)).toEqual(['dark']);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => htmlClasses(page)).toEqual([]);
    await context.close();
  });

  it('saves the notification preferences from their form', async () => {
    const { context, page } = await signedIn();
    await openTab(page, 'Appearance');
    const form = page.getByRole('form', { name: 'Notifications' });
    const digest = form.getByRole('switch', { name: 'Weekly digest' });
    const email = form.getByRole('switch', { name: 'Email notifications' });
    expect(await digest.getAttribute('aria-checked')).toBe('false');
    expect(await email.getAttribute('aria-checked')).toBe('true');
    await digest.click();
    await email.click();
    // A failed save says why next to the form too, and the choices stay to save again.
    await page.route('**/api/users/*/notifications', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'INTERNAL', message: 'The database is restarting' }) }),
    );
    await form.getByRole('button', { name: 'Save Notification Settings' }).click();
    await expectToast(page, 'Failed to update notification settings', 'The database is restarting');
    await form.getByRole('alert').filter({ hasText: 'The database is restarting' }).waitFor();
    expect(await digest.getAttribute('aria-checked')).toBe('true');
    await page.unroute('**/api/users/*/notifications');
    await form.getByRole('button', { name: 'Save Notification Settings' }).click();
    await expectToast(page, 'Notification settings updated');
    expect(await form.getByRole('alert').count()).toBe(0);
    expect(await userRow('admin')).toMatchObject({
      emailNotifications: false,
      newCandidateAlert: true,
      statusChangeAlert: true,
      weeklyDigest: true,
    });
    await page.reload();
    await form.waitFor();
    expect(await digest.getAttribute('aria-checked')).toBe('true');
    expect(await email.getAttribute('aria-checked')).toBe('false');
    await context.close();
  });
});

describe('System', () => {
  it('opens and closes self-registration', async () => {
    const { context, page } = await signedIn();
    await openTab(page, 'System');
    await page.getByRole('heading', { name: 'System Management' }).waitFor();
    const allow = page.getByRole('switch', { name: 'Allow self-registration' });
    expect(await allow.getAttribute('aria-checked')).toBe('false');
    await allow.click();
    await expectToast(page, 'System settings updated');
    expect((await (await fetch(`${app.url}/api/config`)).json()).registrationOpen).toBe(true);
    const visitor = await new HttpClient(app.url).post('/api/register', { username: 'selfie', password: 'selfie-password' });
    expect(visitor.status).toBe(201);
    expect(visitor.body.role).toBe('recruiter');

    await page.reload();
    await allow.waitFor();
    expect(await allow.getAttribute('aria-checked')).toBe('true');
    await allow.click();
    await expectToast(page, 'System settings updated');
    expect((await (await fetch(`${app.url}/api/config`)).json()).registrationOpen).toBe(false);
    await context.close();
  });

  it('is not there for a recruiter, even by its address', async () => {
    const { context, page } = await signedIn(RECRUITER);
    await openTab(page, 'Profile');
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual(['Profile', 'Password', 'Appearance', 'API Keys']);
    await page.goto('/settings?tab=system');
    await page.getByRole('tab', { name: 'Profile', selected: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'System Management' }).count()).toBe(0);
    await context.close();
  });
});
