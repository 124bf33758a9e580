import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import type { HttpClient } from '../../tests/helpers/http-client';
import { TestDevice } from '../../tests/helpers/sync-device';

let server: TestServer;
let recruiter: HttpClient;
let recruiterId: number;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.adminClient();
  recruiter = await server.recruiterClient('zara');
  recruiterId = (await recruiter.get('/api/user')).body.id;
  key = (await recruiter.post('/api/api-keys', { name: 'Zapier' })).body.key;
});
afterAll(() => server.close());

const zapier = (body: unknown, apiKey: string | null = key) =>
  server.client().post('/api/zapier/candidates', body, { headers: apiKey === null ? {} : { 'x-api-key': apiKey } });

describe('Zapier authentication', () => {
  it('answers 401 (never a 200 error) for a missing, wrong or malformed key', async () => {
    for (const bad of [null, '', 'rk_wrong', 'sk_live_123', key.slice(0, -1), `${key}x`, 'rk_' + 'a'.repeat(300)]) {
      const res = await zapier({ name: 'A', email: 'a@x.io' }, bad);
      expect(res.status, String(bad)).toBe(401);
      expect(res.body).toEqual({ code: 'UNAUTHENTICATED', message: 'Invalid or missing API key' });
      expect((await server.client().get('/api/zapier/me', { headers: bad ? { 'x-api-key': bad } : {} })).status).toBe(401);
    }
  });

  it('ignores cookies: a signed-in browser without a key is refused', async () => {
    expect((await recruiter.get('/api/zapier/me')).status).toBe(401);
    expect((await recruiter.post('/api/zapier/candidates', { name: 'A', email: 'a@x.io' })).status).toBe(401);
  });

  it('answers the key’s owner for the connection test', async () => {
    const res = await server.client().get('/api/zapier/me', { headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: recruiterId, username: 'zara', displayName: null, keyName: 'Zapier' });
  });

  it('grants nothing else: other routes ignore the key', async () => {
    const headers = { 'x-api-key': key };
    const anon = server.client();
    expect((await anon.get('/api/candidates', { headers })).status).toBe(401);
    expect((await anon.get('/api/users', { headers })).status).toBe(401);
    expect((await anon.post('/api/sync/push', { clientId: crypto.randomUUID(), mutations: [] }, { headers })).status).toBe(401);
    expect((await anon.get(`/api/candidates?key=${key}`)).status).toBe(401);
  });
});

describe('POST /api/zapier/candidates', () => {
  it('creates a candidate owned by the key’s user, answering 201 with its id; devices pull it', async () => {
    const device = new TestDevice(recruiter);
    await device.pull();
    const res = await zapier({ name: 'Zed Zapper', email: 'zed@zap.io', phone: '+1 555 0100', location: 'Austin', skills: 'cold calling' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name: 'Zed Zapper',
      email: 'zed@zap.io',
      status: 'new',
      source: 'Zapier',
      userId: recruiterId,
      notes: '',
    });
    const pulled = await device.pull();
    expect(pulled.candidates.map((c) => c.id)).toEqual([res.body.id]);
  });

  it('updates a known email instead of duplicating it, and notes the re-application', async () => {
    const first = await zapier({ name: 'Rita Reapply', email: 'Rita@Reapply.io', location: 'Boston', source: 'Indeed' });
    const again = await zapier({ name: 'Rita Reapply', email: '  rita@reapply.IO ', location: 'Denver' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body).toMatchObject({ location: 'Denver', source: 'Indeed' });
    expect(again.body.notes).toMatch(/^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2} P[SD]T\] Candidate reapplied via Zapier$/);
    const rows = await server.db.knex('candidates').whereRaw('lower(btrim(email)) = ?', ['rita@reapply.io']);
    expect(rows).toHaveLength(1);
    const history = await recruiter.get(`/api/candidates/${first.body.id}/history`);
    expect(history.body).toEqual([expect.objectContaining({ field: 'location', kind: 'overwritten', value: 'Boston', origin: 'zapier' })]);
  });

  it('creates one candidate when the same email arrives twice at once (a replayed Zap step)', async () => {
    const results = await Promise.all([zapier({ name: 'Twin', email: 'twin@zap.io' }), zapier({ name: 'Twin', email: 'twin@zap.io' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await server.db.knex('candidates').where({ email: 'twin@zap.io' })).toHaveLength(1);
  });

  it('takes a date alone (and the usual date formats) as that calendar day', async () => {
    const cases: Array<[string, string, string]> = [
      ['2026-11-22', 'day.one@x.io', '2026-11-22T00:00:00.000Z'],
      ['11/22/2026', 'day.two@x.io', '2026-11-22T00:00:00.000Z'],
      ['Nov 22, 2026', 'day.three@x.io', '2026-11-22T00:00:00.000Z'],
      ['2026-11-22T10:30:00-08:00', 'day.four@x.io', '2026-11-22T18:30:00.000Z'],
      ['22 November 2026', 'day.five@x.io', '2026-11-22T00:00:00.000Z'],
      // A time without a zone is the Pacific wall-clock time the table will show.
      ['2026-11-22T10:30', 'day.six@x.io', '2026-11-22T18:30:00.000Z'],
      ['11/22/2026 3:15 PM', 'day.seven@x.io', '2026-11-22T23:15:00.000Z'],
    ];
    for (const [appliedDate, email, stored] of cases) {
      const res = await zapier({ name: 'Day Only', email, appliedDate });
      expect(res.status, appliedDate).toBe(201);
      expect(new Date((await server.db.knex('candidates').where({ email }).first()).appliedDate).toISOString(), appliedDate).toBe(stored);
    }
    const refused = await zapier({ name: 'Bad', email: 'day.bad@x.io', appliedDate: '2026-02-30' });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.appliedDate).toBe('Must be a date (2026-11-22, 11/22/2026, Nov 22, 2026) or an ISO date-time');
  });

  it('validates with the shared schema: wrong types, missing fields, unknown status', async () => {
    const cases: Array<[unknown, string]> = [
      [{ email: 'n@x.io' }, 'name'],
      [{ name: 'No Email' }, 'email'],
      [{ name: 'Bad', email: 'not-an-email' }, 'email'],
      [{ name: 'Bad', email: 'b@x.io', phone: 5551234 }, 'phone'],
      [{ name: 'Bad', email: 'b@x.io', status: 'superstar' }, 'status'],
      [{ name: 'x'.repeat(201), email: 'b@x.io' }, 'name'],
      [{ name: ['A'], email: 'b@x.io' }, 'name'],
      [{ name: 'Bad', email: 'b@x.io', appliedDate: 'last Tuesday' }, 'appliedDate'],
    ];
    for (const [body, field] of cases) {
      const res = await zapier(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.body.fields), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    expect((await zapier([{ name: 'A', email: 'a@x.io' }])).status).toBe(400);
    const malformed = await server.client().request('POST', '/api/zapier/candidates', {
      rawBody: '{"name": "A",',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
    });
    expect(malformed.status).toBe(400);
    expect(await server.db.knex('candidates').where({ email: 'b@x.io' })).toHaveLength(0);
  });
});

describe('Zapier rate limit', () => {
  it('answers 429 with Retry-After once a key exceeds its rate; other keys are unaffected', async () => {
    // The configuration object is the running app's own: lower the limit for this test only.
    const saved = server.config.apiKeyRequestsPerMinute;
    server.config.apiKeyRequestsPerMinute = 3;
    try {
      const one = (await recruiter.post('/api/api-keys', { name: 'one' })).body.key;
      const two = (await recruiter.post('/api/api-keys', { name: 'two' })).body.key;
      const call = (k: string, i: number) => zapier({ name: `R ${i}`, email: `r${i}@rate.io` }, k);
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(one, i)).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const refused = await call(one, 9);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect((await call(two, 5)).status).toBe(201);
      expect(await server.db.knex('candidates').where({ email: 'r9@rate.io' })).toHaveLength(0);
    } finally {
      server.config.apiKeyRequestsPerMinute = saved;
    }
  });
});
