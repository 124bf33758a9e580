/**
 * Signing in and out through the screens, against the real server: first-admin registration, closed
 * registration, failed and remembered sign-in, route guards (signed out, signed in, non-admin), the
 * not-found page, and a session that ends on the server.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { ADMIN, RECRUITER, createRecruiter, expectToast, fillLogin, registerThroughUi, signInThroughUi } from './support/ui';

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
});
afterAll(() => app?.close());

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.newContext();
  const page = await context.newPage();
  return { context, page };
}

const pathname = (page: Page) => new URL(page.url()).pathname;

describe('registration and sign-in', () => {
  it('registers the first account (admin) through the Register tab and lands on the dashboard', async () => {
    const { context, page } = await freshPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL('**/auth?tab=register');
    await page.getByRole('tab', { name: 'Register', selected: true }).waitFor();

    // The form checks its fields before anything is sent.
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    await page.getByText('Please confirm your password').waitFor();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Password', { exact: true }).fill('admin-password');
    await form.getByLabel('Confirm password').fill('something-else');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Passwords do not match').waitFor();

    await registerThroughUi(page, ADMIN);
    await page.waitForURL('**/dashboard');
    await expectToast(page, 'Registration successful', 'Your account has been created');
    // A new account is welcomed, not welcomed back.
    await page.getByText('Welcome, admin', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Account menu for admin' }).click();
    await page.getByText("admin's Account").waitFor();
    await page.getByRole('menu').getByText('admin', { exact: true }).waitFor(); // the role
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('shows that registration is closed once an admin exists', async () => {
    const { context, page } = await freshPage();
    await page.goto('/auth?tab=register');
    await page.getByText('Registration is closed. Ask an administrator for an account.').waitFor();
    expect(await page.getByRole('form', { name: 'Register' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await page.getByRole('form', { name: 'Login' }).waitFor();
    expect(pathname(page)).toBe('/auth');
    await context.close();
  });

  it('reports a wrong password with the server message', async () => {
    const { context, page } = await freshPage();
    await fillLogin(page, { username: ADMIN.username, password: 'not-the-password' });
    await expectToast(page, 'Login failed', 'Invalid username or password');
    // Next to the form too, where it stays once the toast is gone.
    await page.getByRole('form', { name: 'Login' }).getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    expect(pathname(page)).toBe('/auth');
    await context.close();
  });

  it('validates the login form before sending', async () => {
    const { context, page } = await freshPage();
    await page.goto('/auth');
    await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await context.close();
  });

  it('signs in with Remember me (a persistent session), then signs out', async () => {
    const { context, page } = await freshPage();
    await signInThroughUi(page, ADMIN, true);
    await expectToast(page, 'Login successful', 'Welcome back to RepHire!');
    const session = (await context.cookies()).find((cookie) => cookie.name === 'rephire.sid');
    expect(session?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);

    await page.getByRole('button', { name: 'Account menu for admin' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth');
    await expectToast(page, 'Logged out', 'You have been successfully logged out');
    expect(await page.evaluate(() => localStorage.getItem('rephire-user'))).toBeNull();
    // The server session is gone too.
    expect(await page.evaluate(() => fetch('/api/user').then((r) => r.status))).toBe(401);
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');
    await context.close();
  });
});

describe('routes', () => {
  it('sends a signed-in user from / and /auth to the dashboard', async () => {
    const { context, page } = await freshPage();
    await signInThroughUi(page, ADMIN);
    await page.goto('/auth');
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.goto('/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await context.close();
  });

  it('sends nobody to /auth from every protected route', async () => {
    const { context, page } = await freshPage();
    for (const route of ['/dashboard', '/candidates', '/search', '/linkedin-sales-reps', '/interviews', '/settings', '/users']) {
      await page.goto(route);
      await page.waitForURL('**/auth');
    }
    await context.close();
  });

  it('shows the not-found page for any other path', async () => {
    const { context, page } = await freshPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await context.close();
  });

  it('keeps a recruiter out of /users and hides the Users entry', async () => {
    await createRecruiter(app);
    const { context, page } = await freshPage();
    await signInThroughUi(page, RECRUITER);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Candidates' }).waitFor();
    await page.goto('/users');
    await page.waitForURL('**/dashboard'); // redirected to /, which sends a signed-in user on to the dashboard
    expect(await page.getByRole('heading', { name: 'User Management' }).count()).toBe(0);
    await page.getByRole('button', { name: `Account menu for ${RECRUITER.username}` }).click();
    await page.getByRole('menu').getByText('recruiter', { exact: true }).waitFor();
    await context.close();
  });
});

describe('a session that ends on the server', () => {
  it('signs out on the device with a note, when the server no longer knows the session', async () => {
    const { context, page } = await freshPage();
    await signInThroughUi(page, ADMIN);
    await app.db.knex('sessions').delete();
    await page.reload();
    await page.waitForURL('**/auth');
    await page.getByText('Your session has ended. Please sign in again.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('rephire-user'))).toBeNull();
    await context.close();
  });
});
