import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../tests/helpers/test-server';
import { serverForFile } from '../../tests/helpers/file-server';
import type { HttpClient } from '../../tests/helpers/http-client';
import { forgetApiKeys, hashApiKey } from './api-key-auth';

let server: TestServer;
let admin: HttpClient;
let recruiter: HttpClient;

serverForFile((file) => ({ server, admin, recruiter } = file));

describe('API keys', () => {
  it('creates a key shown in full once, stores only its hash and a display prefix', async () => {
    const res = await recruiter.post('/api/api-keys', { name: '  Zapier integration ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Zapier integration',
      key: expect.stringMatching(/^rk_[A-Za-z0-9_-]{43}$/),
      keyPrefix: res.body.key.slice(0, 10),
      createdAt: expect.any(String),
      lastUsed: null,
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const row = await server.db.knex('api_keys').where({ id: res.body.id }).first();
    expect(row.keyHash).toBe(hashApiKey(res.body.key));
    expect(JSON.stringify(row)).not.toContain(res.body.key);

    const list = await recruiter.get('/api/api-keys');
    expect(list.body).toEqual([{ id: res.body.id, name: 'Zapier integration', keyPrefix: res.body.keyPrefix, createdAt: res.body.createdAt, lastUsed: null }]);
    expect(list.text).not.toContain(res.body.key);
  });

  it('requires a name', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 42 }, { name: 'x'.repeat(101) }]) {
      const res = await admin.post('/api/api-keys', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.post('/api/api-keys', { name: '' })).body.fields).toEqual({ name: 'API key name is required' });
  });

  it('lists and deletes only the user’s own keys; a deleted key stops working', async () => {
    const mine = (await admin.post('/api/api-keys', { name: 'Admin key' })).body;
    expect((await recruiter.get('/api/api-keys')).body.map((k: { id: number }) => k.id)).not.toContain(mine.id);
    expect((await recruiter.delete(`/api/api-keys/${mine.id}`)).status).toBe(404);
    const zapier = () => server.client().get('/api/zapier/me', { headers: { 'x-api-key': mine.key } });
    expect((await zapier()).status).toBe(200);
    const deleted = await admin.delete(`/api/api-keys/${mine.id}`);
    expect(deleted.status).toBe(200);
    expect((await zapier()).status).toBe(401);
    expect((await admin.delete(`/api/api-keys/${mine.id}`)).status).toBe(404);
    expect((await admin.delete('/api/api-keys/abc')).status).toBe(404);
  });

  it('records when a key was last used, without writing on every request', async () => {
    const { id, key } = (await recruiter.post('/api/api-keys', { name: 'Usage' })).body;
    await server.client().get('/api/zapier/me', { headers: { 'x-api-key': key } });
    const first = (await server.db.knex('api_keys').where({ id }).first()).lastUsed;
    expect(first).not.toBeNull();
    await server.client().get('/api/zapier/me', { headers: { 'x-api-key': key } });
    const second = (await server.db.knex('api_keys').where({ id }).first()).lastUsed;
    expect(new Date(second).getTime()).toBe(new Date(first).getTime());
    // Older than a minute: refreshed (once the short-lived authentication cache has forgotten the key).
    await server.db.knex('api_keys').where({ id }).update({ lastUsed: new Date(Date.now() - 120_000) });
    forgetApiKeys(() => true);
    await server.client().get('/api/zapier/me', { headers: { 'x-api-key': key } });
    const third = (await server.db.knex('api_keys').where({ id }).first()).lastUsed;
    expect(Date.now() - new Date(third).getTime()).toBeLessThan(60_000);
    expect((await recruiter.get('/api/api-keys')).body.find((k: { id: number }) => k.id === id).lastUsed).not.toBeNull();
  });

  it('stops accepting the keys of a deleted user at once', async () => {
    const created = await admin.post('/api/users', { username: 'leaver', password: 'secret1' });
    const leaver = server.client();
    await leaver.post('/api/login', { username: 'leaver', password: 'secret1' });
    const { key } = (await leaver.post('/api/api-keys', { name: 'Leaving' })).body;
    const me = () => server.client().get('/api/zapier/me', { headers: { 'x-api-key': key } });
    expect((await me()).status).toBe(200);
    expect((await admin.delete(`/api/users/${created.body.id}`)).status).toBe(200);
    expect((await me()).status).toBe(401);
  });

  it('needs a signed-in user; a key itself cannot manage keys', async () => {
    const { key } = (await recruiter.post('/api/api-keys', { name: 'Not for this' })).body;
    const anon = server.client();
    expect((await anon.get('/api/api-keys')).status).toBe(401);
    expect((await anon.post('/api/api-keys', { name: 'x' })).status).toBe(401);
    expect((await anon.delete('/api/api-keys/1')).status).toBe(401);
    expect((await anon.get('/api/api-keys', { headers: { 'x-api-key': key } })).status).toBe(401);
    expect((await anon.post('/api/api-keys', { name: 'x' }, { headers: { 'x-api-key': key } })).status).toBe(401);
  });
});
