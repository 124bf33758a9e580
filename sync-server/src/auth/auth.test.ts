import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { LOGIN_LIMITS } from './auth.service';
import { SESSION_COOKIE } from './session-store';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('registration and sign-in', () => {
  it('answers 401 for the current user when signed out', async () => {
    const res = await server.client().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('reports open registration while there is no account yet', async () => {
    const res = await server.client().get('/api/config');
    expect(res.body).toEqual({ appName: 'RepHire', registrationOpen: true });
  });

  it('validates registration with the spec messages, naming the field', async () => {
    const client = server.client();
    const short = await client.post('/api/register', { username: 'ab', password: 'secret1' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Username must be at least 3 characters');
    expect(short.body.fields).toEqual({ username: 'Username must be at least 3 characters' });
    const weak = await client.post('/api/register', { username: 'abc', password: '123' });
    expect(weak.body.fields).toEqual({ password: 'Password must be at least 6 characters' });
    const wrongType = await client.post('/api/register', { username: 42, password: ['x'] });
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body.fields).sort()).toEqual(['password', 'username']);
  });

  it('makes the first account an admin and signs it in', async () => {
    const client = server.client();
    const res = await client.post('/api/register', { ...ADMIN, email: 'boss@example.com', displayName: 'Boss' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'admin', role: 'admin', email: 'boss@example.com', theme: 'system' });
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('passwordHash');
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('admin');
  });

  it('closes self-registration after the first account', async () => {
    const res = await server.client().post('/api/register', { username: 'second', password: 'secret1' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Registration is closed. Ask an administrator for an account.');
    expect((await server.client().get('/api/config')).body.registrationOpen).toBe(false);
  });

  it('lets an admin open registration, and self-registered users are recruiters', async () => {
    const admin = await server.adminClient();
    const recruiter = await server.recruiterClient();
    expect((await recruiter.patch('/api/settings/system', { allowSelfRegistration: true })).status).toBe(403);
    const opened = await admin.patch('/api/settings/system', { allowSelfRegistration: true });
    expect(opened.body).toEqual({ allowSelfRegistration: true });
    const res = await server.client().post('/api/register', { username: 'selfmade', password: 'secret1' });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe('recruiter');
    const dup = await server.client().post('/api/register', { username: 'SelfMade', password: 'secret1' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Username already exists');
    await admin.patch('/api/settings/system', { allowSelfRegistration: false });
  });

  it('signs in with the right password only, case-insensitively by username', async () => {
    const wrong = await server.client().post('/api/login', { username: 'admin', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid username or password');
    const unknown = await server.client().post('/api/login', { username: 'ghost', password: 'whatever' });
    expect(unknown.status).toBe(401);
    const missing = await server.client().post('/api/login', { username: '', password: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ username: 'Username is required', password: 'Password is required' });
    const ok = await server.client().post('/api/login', { username: 'ADMIN', password: ADMIN.password });
    expect(ok.status).toBe(200);
    expect(ok.body.role).toBe('admin');
  });
});

describe('the session cookie', () => {
  function sessionCookie(headers: string[]) {
    return headers.find((h) => h.startsWith(`${SESSION_COOKIE}=`))!;
  }

  it('is httpOnly, SameSite=Lax, signed, and ends with the browser session by default', async () => {
    const client = server.client();
    await client.post('/api/login', ADMIN);
    const cookie = sessionCookie(client.setCookieHeaders);
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/expires=/i);
    expect(cookie).not.toMatch(/;\s*secure/i);
    expect(client.setCookieHeaders.some((h) => h.startsWith(`${SESSION_COOKIE}.sig=`))).toBe(true);
  });

  it('lasts 30 days with remember me', async () => {
    const client = server.client();
    await client.post('/api/login', { ...ADMIN, rememberMe: true });
    const expires = /expires=([^;]+)/i.exec(sessionCookie(client.setCookieHeaders))![1]!;
    const days = (new Date(expires).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it('is Secure behind an https proxy when TRUST_PROXY is set', async () => {
    const proxied = await startTestServer({ trustProxy: true });
    try {
      const client = proxied.client();
      await client.post('/api/register', ADMIN, { headers: { 'x-forwarded-proto': 'https' } });
      expect(sessionCookie(client.setCookieHeaders)).toMatch(/;\s*secure/i);
    } finally {
      await proxied.close();
    }
  });

  it('gets a new id at sign-in (no fixation) and is gone after logout', async () => {
    const client = server.client();
    await client.post('/api/login', ADMIN);
    const first = client.cookies.get(SESSION_COOKIE);
    const stolen = new Map(client.cookies);
    await client.post('/api/login', ADMIN);
    expect(client.cookies.get(SESSION_COOKIE)).not.toBe(first);
    const logout = await client.post('/api/logout');
    expect(logout.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    // The old cookie does not work either: the session row is gone from the database.
    const replay = server.client();
    for (const [k, v] of stolen) replay.cookies.set(k, v);
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('does not keep a session id planted before sign-in (fixation)', async () => {
    // The attacker signs in as themself and plants their cookie in the victim's browser.
    const attacker = await server.recruiterClient('planter');
    const victim = server.client();
    for (const [k, v] of attacker.cookies) victim.cookies.set(k, v);
    const login = await victim.post('/api/login', ADMIN);
    expect(login.status).toBe(200);
    expect(victim.cookies.get(SESSION_COOKIE)).not.toBe(attacker.cookies.get(SESSION_COOKIE));
    expect((await victim.get('/api/user')).body.username).toBe(ADMIN.username);
    // The planted id was destroyed at sign-in: it is nobody's session, least of all the admin's.
    expect((await attacker.get('/api/user')).status).toBe(401);
  });

  it('answers 401 for an expired session, with or without remember me', async () => {
    for (const rememberMe of [false, true]) {
      const client = server.client();
      await client.post('/api/login', { ...ADMIN, rememberMe });
      expect((await client.get('/api/user')).status).toBe(200);
      const id = client.cookies.get(SESSION_COOKIE)!;
      // The server-side expiry decides, whatever the cookie says.
      await server.db.knex('sessions').where({ id }).update({ expiresAt: new Date(Date.now() - 1000) });
      expect((await client.get('/api/user')).status, `rememberMe ${rememberMe}`).toBe(401);
      expect((await client.get('/api/candidates')).status).toBe(401);
    }
  });

  it('answers 401 for the cookie of a deleted user, even if the session row outlived them', async () => {
    const admin = server.client();
    await admin.post('/api/login', ADMIN);
    const { body: user } = await admin.post('/api/users', { username: 'ghost', password: 'ghost-password' });
    const ghost = server.client();
    await ghost.post('/api/login', { username: 'ghost', password: 'ghost-password' });
    const id = ghost.cookies.get(SESSION_COOKIE)!;
    // Detach the row from the user so deleting the user does not cascade to it.
    await server.db.knex('sessions').where({ id }).update({ userId: null });
    expect((await admin.delete(`/api/users/${user.id}`)).status).toBe(200);
    expect(await server.db.knex('sessions').where({ id }).first()).toBeDefined();
    expect((await ghost.get('/api/user')).status).toBe(401);
    expect((await ghost.get('/api/candidates')).status).toBe(401);
    // The orphaned session is ended, not left to be tried again.
    expect(await server.db.knex('sessions').where({ id }).first()).toBeUndefined();
  });

  it('answers 401 for a tampered cookie', async () => {
    const client = server.client();
    await client.post('/api/login', ADMIN);
    client.cookies.set(SESSION_COOKIE, client.cookies.get(SESSION_COOKIE)!.replace(/.$/, 'x'));
    expect((await client.get('/api/user')).status).toBe(401);
  });
});

describe('login rate limiting', () => {
  it('answers 429 with Retry-After after too many failures for one username', async () => {
    const client = server.client();
    for (let i = 0; i < LOGIN_LIMITS.perUsername.limit; i++) {
      const res = await client.post('/api/login', { username: 'victim', password: `guess-${i}` });
      expect(res.status).toBe(401);
    }
    const blocked = await client.post('/api/login', { username: 'victim', password: 'guess-x' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    // Other usernames from the same address are still allowed (below the per-IP limit).
    expect((await client.post('/api/login', ADMIN)).status).toBe(200);
  });

  it('counts failures per IP across usernames', async () => {
    await server.db.knex('rate_limits').delete();
    await server.db.knex('rate_limits').insert({
      bucket: 'login:ip:127.0.0.1',
      count: LOGIN_LIMITS.perIp.limit,
      resetAt: new Date(Date.now() + 60_000),
    });
    const res = await server.client().post('/api/login', ADMIN);
    expect(res.status).toBe(429);
    await server.db.knex('rate_limits').delete();
    expect((await server.client().post('/api/login', ADMIN)).status).toBe(200);
  });
});
