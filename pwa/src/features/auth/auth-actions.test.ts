// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { amy, installFetch, load, reply, requests } from './auth-test-kit';

beforeEach(() => {
  localStorage.clear();
  installFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('sign-in and registration', () => {
  it('signs in with a welcome toast naming the product', async () => {
    const m = await load();
    reply('POST /api/login', { status: 200, body: amy });
    await m.signIn({ username: 'amy', password: 'secret1', rememberMe: true });
    expect(m.useAuthStore.getState()).toMatchObject({ status: 'signedIn', user: { username: 'amy' } });
    expect(m.toasts.getSnapshot()[0]).toMatchObject({ title: 'Login successful', description: 'Welcome back to RepHire!' });
  });

  it('reports a refused sign-in with the server message', async () => {
    const m = await load();
    reply('POST /api/login', { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Invalid username or password' } });
    expect(await m.signIn({ username: 'amy', password: 'nope' })).toBe(false);
    expect(m.useAuthStore.getState().user).toBeNull();
    expect(m.toasts.getSnapshot()[0]).toMatchObject({
      title: 'Login failed',
      description: 'Invalid username or password',
      variant: 'destructive',
    });
  });

  it('says "You are offline" when signing in without a connection', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const m = await load();
    reply('POST /api/login', 'network');
    await m.signIn({ username: 'amy', password: 'secret1' });
    expect(m.toasts.getSnapshot()[0]).toMatchObject({ title: 'Login failed', description: 'You are offline' });
  });

  it('registers, or reports why not', async () => {
    const m = await load();
    reply('POST /api/register', { status: 201, body: amy });
    reply('GET /api/config', { status: 200, body: { appName: 'RepHire', registrationOpen: false } });
    expect(await m.registerAccount({ username: 'amy', password: 'secret1' })).toBe(true);
    expect(m.toasts.getSnapshot()[0]).toMatchObject({ title: 'Registration successful', description: 'Your account has been created' });

    const closed = 'Registration is closed. Ask an administrator for an account.';
    const m2 = await load();
    reply('POST /api/register', { status: 403, body: { code: 'FORBIDDEN', message: closed } });
    reply('GET /api/config', { status: 200, body: { appName: 'RepHire', registrationOpen: false } });
    expect(await m2.registerAccount({ username: 'bob', password: 'secret1' })).toBe(false);
    expect(m2.toasts.getSnapshot()[0]).toMatchObject({ title: 'Registration failed', description: closed });
  });
});

describe('sign-out', () => {
  async function signedIn() {
    localStorage.setItem('rephire-user', JSON.stringify(amy));
    const m = await load();
    reply('GET /api/user', { status: 200, body: amy });
    await m.startAuth();
    return m;
  }

  it('runs the before-sign-out hooks in order, then ends the session and forgets the user', async () => {
    const m = await signedIn();
    const order: string[] = [];
    m.registerBeforeSignOut('wipe', () => void order.push(`wipe:${requests.length}`), 200);
    m.registerBeforeSignOut('sync', async () => void order.push(`sync:${requests.length}`), 100);
    reply('POST /api/logout', { status: 200, body: { ok: true } });
    expect(await m.signOut()).toBe(true);
    expect(order).toEqual(['sync:1', 'wipe:1']); // both before the logout request
    expect(requests.at(-1)).toBe('POST /api/logout');
    expect(m.useAuthStore.getState()).toMatchObject({ status: 'signedOut', user: null, notice: null });
    expect(localStorage.getItem('rephire-user')).toBeNull();
    expect(m.toasts.getSnapshot()[0]).toMatchObject({ title: 'Logged out', description: 'You have been successfully logged out' });
  });

  it('stops when a hook cancels (the user kept unsynced changes)', async () => {
    const m = await signedIn();
    const later = vi.fn();
    m.registerBeforeSignOut('ask', () => false, 1);
    m.registerBeforeSignOut('wipe', later, 2);
    expect(await m.signOut()).toBe(false);
    expect(later).not.toHaveBeenCalled();
    expect(requests).not.toContain('POST /api/logout');
    expect(m.useAuthStore.getState().status).toBe('signedIn');
  });

  it('stops and says why when a hook fails', async () => {
    const m = await signedIn();
    m.registerBeforeSignOut('wipe', () => {
      throw new Error('Could not clear local data');
    });
    expect(await m.signOut()).toBe(false);
    expect(m.useAuthStore.getState().status).toBe('signedIn');
    expect(m.toasts.getSnapshot().at(-1)).toMatchObject({ title: 'Logout failed', description: 'Could not clear local data' });
  });

  it('keeps the user signed in and reports a server error', async () => {
    const m = await signedIn();
    reply('POST /api/logout', { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } });
    expect(await m.signOut()).toBe(false);
    expect(m.useAuthStore.getState().status).toBe('signedIn');
    expect(m.toasts.getSnapshot().at(-1)).toMatchObject({ title: 'Logout failed', description: 'Something went wrong' });
  });

  it('signs out offline and ends the server session at the next start', async () => {
    const m = await signedIn();
    reply('POST /api/logout', 'network');
    expect(await m.signOut()).toBe(true);
    expect(m.useAuthStore.getState().status).toBe('signedOut');
    expect(localStorage.getItem('rephire-pending-logout')).toBe('1');

    // Next start, online: the old cookie would still answer 200, so the app must not ask /api/user.
    const next = await load();
    requests.length = 0;
    reply('POST /api/logout', { status: 200, body: { ok: true } });
    await next.startAuth();
    expect(next.useAuthStore.getState()).toMatchObject({ status: 'signedOut', user: null });
    expect(requests.at(-1)).toBe('POST /api/logout');
    expect(requests).not.toContain('GET /api/user');
    expect(localStorage.getItem('rephire-pending-logout')).toBeNull();
  });

  it('a replaced hook runs once; an unregistered one not at all', async () => {
    const m = await signedIn();
    const first = vi.fn();
    const second = vi.fn();
    const gone = vi.fn();
    m.registerBeforeSignOut('sync', first);
    m.registerBeforeSignOut('sync', second);
    m.registerBeforeSignOut('other', gone)();
    reply('POST /api/logout', { status: 200, body: { ok: true } });
    await m.signOut();
    expect([first.mock.calls.length, second.mock.calls.length, gone.mock.calls.length]).toEqual([0, 1, 0]);
  });
});

