import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import type { HttpClient } from '../../tests/helpers/http-client';

let server: TestServer;
let admin: HttpClient;
let recruiter: HttpClient;
let recruiterId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  recruiter = await server.recruiterClient('rita');
  recruiterId = (await recruiter.get('/api/user')).body.id;
});
afterAll(() => server.close());

describe('user management (admin only)', () => {
  it('lists users without passwords, for admins only', async () => {
    const list = await admin.get('/api/users');
    expect(list.status).toBe(200);
    expect(list.body.map((u: { username: string }) => u.username)).toEqual(['admin', 'rita']);
    expect(JSON.stringify(list.body)).not.toMatch(/password|scrypt/i);
    expect((await recruiter.get('/api/users')).status).toBe(403);
    expect((await server.client().get('/api/users')).status).toBe(401);
  });

  it('creates users with the spec rules; recruiters and strangers are refused', async () => {
    const created = await admin.post('/api/users', { username: 'newbie', password: 'secret1' });
    expect(created.status).toBe(201);
    expect(created.body.role).toBe('recruiter');
    const short = await admin.post('/api/users', { username: 'no', password: 'x' });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
    const badRole = await admin.post('/api/users', { username: 'weird', password: 'secret1', role: 'owner' });
    expect(badRole.status).toBe(400);
    expect(badRole.body.fields.role).toBe('Role must be admin or recruiter');
    const dup = await admin.post('/api/users', { username: 'NEWBIE', password: 'secret1' });
    expect(dup.status).toBe(409);
    const byRecruiter = await recruiter.post('/api/users', { username: 'sneaky', password: 'secret1', role: 'admin' });
    expect(byRecruiter.status).toBe(403);
    expect((await server.client().post('/api/users', { username: 'anon', password: 'secret1' })).status).toBe(401);
  });

  it('edits any user as admin: role, username, password reset without the old password', async () => {
    const { body: user } = await admin.post('/api/users', { username: 'edith', password: 'secret1' });
    const res = await admin.patch(`/api/users/${user.id}`, { role: 'admin', username: 'edith2', password: 'fresh-pass' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'admin', username: 'edith2' });
    const login = await server.client().post('/api/login', { username: 'edith2', password: 'fresh-pass' });
    expect(login.status).toBe(200);
    expect((await admin.patch('/api/users/999999', { role: 'admin' })).status).toBe(404);
    expect((await admin.patch('/api/users/abc', { role: 'admin' })).status).toBe(404);
  });

  it('deletes users, but never the admin themself, and the deleted user’s cookie stops working', async () => {
    const { body: user } = await admin.post('/api/users', { username: 'doomed', password: 'secret1' });
    const doomed = server.client();
    await doomed.post('/api/login', { username: 'doomed', password: 'secret1' });
    expect((await recruiter.delete(`/api/users/${user.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/users/${user.id}`)).status).toBe(200);
    expect((await doomed.get('/api/user')).status).toBe(401);
    const me = (await admin.get('/api/user')).body;
    const self = await admin.delete(`/api/users/${me.id}`);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('You cannot delete your own account');
  });

  it('deleting a user deletes their sign-ins, keys, provider key and leads; their candidates and interview notes stay', async () => {
    const { body: user } = await admin.post('/api/users', { username: 'leaver', password: 'secret1' });
    const leaver = server.client();
    await leaver.post('/api/login', { username: 'leaver', password: 'secret1' });
    const { body: key } = await leaver.post('/api/api-keys', { name: 'Leaver zap' });
    const arrival = await server.client().post('/api/zapier/candidates', { name: 'Kept Candidate', email: 'kept@x.io' }, { headers: { 'x-api-key': key.key } });
    expect(arrival.status).toBe(201);
    expect((await leaver.post('/api/interview-notes', { candidateId: arrival.body.id, note: 'Strong closer', day: '2026-03-10' })).status).toBe(201);
    const knex = server.db.knex;
    await knex('proxycurl_api_keys').insert({ user_id: user.id, api_key_encrypted: 'ciphertext' });
    await knex('linkedin_sales_reps').insert({ id: randomUUID(), user_id: user.id, linkedin_url: 'https://www.linkedin.com/in/lead', job_title_input: 'SDR', location_input: 'Austin' });
    const owned = async (table: string) => Number((await knex(table).where({ user_id: user.id }).count({ n: '*' }))[0]!.n);
    expect(await owned('sessions')).toBeGreaterThan(0);

    expect((await admin.delete(`/api/users/${user.id}`)).status).toBe(200);
    for (const table of ['sessions', 'api_keys', 'proxycurl_api_keys', 'linkedin_sales_reps']) expect([table, await owned(table)]).toEqual([table, 0]);
    expect(await knex('candidates').where({ email: 'kept@x.io' }).first()).toMatchObject({ name: 'Kept Candidate', userId: null, deletedAt: null });
    expect(await knex('interview_notes').where({ candidate_id: arrival.body.id }).first()).toMatchObject({ note: 'Strong closer', userId: null });
  });

  it('keeps at least one admin', async () => {
    const solo = await startTestServer();
    try {
      const a = await solo.adminClient();
      const me = (await a.get('/api/user')).body;
      const demote = await a.patch(`/api/users/${me.id}`, { role: 'recruiter' });
      expect(demote.status).toBe(409);
      expect(demote.body.message).toBe('At least one administrator must remain');
    } finally {
      await solo.close();
    }
  });
});

describe('changing your own account', () => {
  it('lets a recruiter edit their profile but not their role or other users', async () => {
    const res = await recruiter.patch(`/api/users/${recruiterId}`, {
      username: 'rita',
      email: 'rita@example.com',
      displayName: 'Rita R.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'rita@example.com', displayName: 'Rita R.', role: 'recruiter' });
    expect((await recruiter.patch(`/api/users/${recruiterId}`, { role: 'admin' })).status).toBe(403);
    const adminId = (await admin.get('/api/user')).body.id;
    expect((await recruiter.patch(`/api/users/${adminId}`, { displayName: 'pwned' })).status).toBe(403);
    const badEmail = await recruiter.patch(`/api/users/${recruiterId}`, { email: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.fields.email).toBe('Please enter a valid email address');
  });

  it('changes the password only with the right current password, ending other sessions', async () => {
    const other = server.client();
    await other.post('/api/login', { username: 'rita', password: 'recruiter-password' });
    const missing = await recruiter.patch(`/api/users/${recruiterId}`, { password: 'brand-new' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.currentPassword).toBe('Current password is required');
    const wrong = await recruiter.patch(`/api/users/${recruiterId}`, { password: 'brand-new', currentPassword: 'nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect');
    const ok = await recruiter.patch(`/api/users/${recruiterId}`, {
      password: 'brand-new',
      currentPassword: 'recruiter-password',
    });
    expect(ok.status).toBe(200);
    expect((await recruiter.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await server.client().post('/api/login', { username: 'rita', password: 'brand-new' })).status).toBe(200);
  });

  it('saves appearance and notification settings for yourself only', async () => {
    const appearance = await recruiter.patch(`/api/users/${recruiterId}/appearance`, {
      theme: 'dark',
      compactView: true,
      highContrast: true,
    });
    expect(appearance.status).toBe(200);
    expect(appearance.body).toMatchObject({ theme: 'dark', compactView: true, highContrast: true });
    const badTheme = await recruiter.patch(`/api/users/${recruiterId}/appearance`, {
      theme: 'neon',
      compactView: true,
      highContrast: 'yes',
    });
    expect(badTheme.status).toBe(400);
    expect(Object.keys(badTheme.body.fields).sort()).toEqual(['highContrast', 'theme']);
    const notifications = await recruiter.patch(`/api/users/${recruiterId}/notifications`, {
      emailNotifications: false,
      newCandidateAlert: true,
      statusChangeAlert: false,
      weeklyDigest: true,
    });
    expect(notifications.body.notifications).toEqual({
      emailNotifications: false,
      newCandidateAlert: true,
      statusChangeAlert: false,
      weeklyDigest: true,
    });
    const adminId = (await admin.get('/api/user')).body.id;
    expect(
      (await recruiter.patch(`/api/users/${adminId}/appearance`, { theme: 'dark', compactView: false, highContrast: false }))
        .status,
    ).toBe(403);
    expect((await server.client().patch(`/api/users/${recruiterId}/appearance`, { theme: 'dark' })).status).toBe(401);
    const fresh = await admin.get('/api/users');
    expect(fresh.body.find((u: { id: number }) => u.id === recruiterId).theme).toBe('dark');
  });
});
