// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { amy, deferred, installFetch, load, notSignedIn, reply } from './auth-test-kit';

beforeEach(() => {
  localStorage.clear();
  installFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('start', () => {
  it('shows the remembered user at once, then takes the server answer', async () => {
    localStorage.setItem('rephire-user', JSON.stringify({ ...amy, username: 'old-name', email: undefined }));
    const m = await load();
    const answer = deferred<{ status: number; body?: unknown }>();
    reply('GET /api/user', answer.promise);
    const started = m.startAuth();
    expect(m.useAuthStore.getState()).toMatchObject({ status: 'signedIn', user: { id: 7, username: 'old-name' } });
    answer.resolve({ status: 200, body: { ...amy, username: 'amy' } });
    await started;
    expect(m.useAuthStore.getState().user).toMatchObject({ username: 'amy', email: 'amy@example.com' });
  });

  it('remembers only id, username, role and appearance', async () => {
    const m = await load();
    reply('GET /api/user', { status: 200, body: amy });
    await m.startAuth();
    expect(JSON.parse(localStorage.getItem('rephire-user')!)).toEqual({
      id: 7,
      username: 'amy',
      role: 'recruiter',
      theme: 'dark',
      compactView: true,
      highContrast: false,
    });
  });

  it('is loading without a remembered user until the server answers', async () => {
    const m = await load();
    const answer = deferred<{ status: number; body?: unknown }>();
    reply('GET /api/user', answer.promise);
    const started = m.startAuth();
    expect(m.useAuthStore.getState().status).toBe('loading');
    answer.resolve(notSignedIn);
    await started;
    expect(m.useAuthStore.getState()).toMatchObject({ status: 'signedOut', user: null, notice: null });
  });

  it('on 401 signs out on this device with a session-ended note, without running sign-out hooks', async () => {
    localStorage.setItem('rephire-user', JSON.stringify(amy));
    const m = await load();
    const wipe = vi.fn();
    m.registerBeforeSignOut('wipe', wipe);
    reply('GET /api/user', notSignedIn);
    await m.startAuth();
    expect(m.useAuthStore.getState()).toMatchObject({ status: 'signedOut', user: null, notice: 'sessionEnded' });
    expect(localStorage.getItem('rephire-user')).toBeNull();
    expect(wipe).not.toHaveBeenCalled();
  });

  it('keeps the remembered user when the network fails', async () => {
    localStorage.setItem('rephire-user', JSON.stringify(amy));
    const m = await load();
    reply('GET /api/user', 'network');
    await m.startAuth();
    expect(m.useAuthStore.getState()).toMatchObject({ status: 'signedIn', user: { id: 7 } });
    expect(localStorage.getItem('rephire-user')).not.toBeNull();
  });

  it('keeps the remembered user on a server error, but signs out when nobody was remembered', async () => {
    localStorage.setItem('rephire-user', JSON.stringify(amy));
    let m = await load();
    reply('GET /api/user', { status: 500, body: { code: 'INTERNAL_ERROR', message: 'boom' } });
    await m.startAuth();
    expect(m.useAuthStore.getState().status).toBe('signedIn');

    localStorage.clear();
    m = await load();
    reply('GET /api/user', 'network');
    await m.startAuth();
    expect(m.useAuthStore.getState()).toMatchObject({ status: 'signedOut', user: null });
  });

  it('ignores a remembered value that is not a valid user', async () => {
    localStorage.setItem('rephire-user', JSON.stringify({ id: 'x', username: 5, role: 'owner' }));
    const m = await load();
    reply('GET /api/user', 'network');
    await m.startAuth();
    expect(m.useAuthStore.getState()).toMatchObject({ status: 'signedOut', user: null });
  });

  it('does not let a slow session check undo a sign-in that happened meanwhile', async () => {
    const m = await load();
    const answer = deferred<{ status: number; body?: unknown }>();
    reply('GET /api/user', answer.promise);
    const started = m.startAuth();
    reply('POST /api/login', { status: 200, body: amy });
    expect(await m.signIn({ username: 'amy', password: 'secret1' })).toBe(true);
    answer.resolve(notSignedIn);
    await started;
    expect(m.useAuthStore.getState()).toMatchObject({ status: 'signedIn', user: { id: 7 } });
  });
});

describe('watching', () => {
  it('signs out with the session-ended note when another call finds the session gone', async () => {
    localStorage.setItem('rephire-user', JSON.stringify(amy));
    const m = await load();
    reply('GET /api/user', 'network');
    await m.startAuth();
    const stop = m.watchAuth();
    reply('GET /api/users', notSignedIn);
    await m.apiCall('listUsers').catch(() => undefined);
    expect(m.useAuthStore.getState()).toMatchObject({ status: 'signedOut', notice: 'sessionEnded' });
    stop();
  });

  it('follows a sign-out in another tab', async () => {
    localStorage.setItem('rephire-user', JSON.stringify(amy));
    const m = await load();
    reply('GET /api/user', 'network');
    await m.startAuth();
    const stop = m.watchAuth();
    window.dispatchEvent(new StorageEvent('storage', { key: 'rephire-user', newValue: null }));
    expect(m.useAuthStore.getState()).toMatchObject({ status: 'signedOut', user: null });
    stop();
  });
});
