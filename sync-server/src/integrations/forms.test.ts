import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { mapFormSubmission } from './form-fields';

let server: TestServer;
let key: string;
let ownerId: number;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.adminClient();
  ownerId = (await admin.get('/api/user')).body.id;
  key = (await admin.post('/api/api-keys', { name: 'Forms' })).body.key;
});
afterAll(() => server.close());

const formPost = (path: string, body: string, contentType: string) =>
  server.client().request('POST', path, { rawBody: body, headers: { 'content-type': contentType } });

describe('form field mapping', () => {
  it('reads the common names form tools use', () => {
    expect(
      mapFormSubmission({
        'Full Name': 'Fay Former',
        'E-mail Address': 'fay@form.io',
        'Phone Number': '555 0101',
        City: 'Austin',
        State: 'TX',
        Resume: '5 years selling SaaS',
        Skills: ['negotiation', 'CRM'],
        'Favourite colour': 'blue',
      }),
    ).toEqual({
      arrival: {
        name: 'Fay Former',
        email: 'fay@form.io',
        phone: '555 0101',
        location: 'Austin, TX',
        experience: '5 years selling SaaS',
        skills: 'negotiation, CRM',
      },
      source: 'Form',
    });
    expect(mapFormSubmission({ first_name: 'Ann', last_name: 'Lee', email: 'ann@form.io', form_name: 'Typeform' })).toEqual({
      arrival: { name: 'Ann Lee', email: 'ann@form.io' },
      source: 'Typeform',
    });
  });

  it('reads Tally-style field lists and one level of nesting, and nothing deeper', () => {
    const tally = { eventType: 'FORM_RESPONSE', data: { fields: [{ label: 'Your name', value: 'Tal Lee' }, { label: 'Email', value: 'tal@form.io' }] } };
    expect(mapFormSubmission(tally, 'Tally').arrival).toEqual({ name: 'Tal Lee', email: 'tal@form.io' });
    const nested = { name: { first: 'Nes', last: 'Ted' }, contact: { email: 'nes@form.io' }, a: { b: { c: { phone: '1' } } } };
    expect(mapFormSubmission(nested).arrival).toEqual({ name: 'Nes Ted', email: 'nes@form.io' });
  });
});

describe('POST /api/forms/candidates', () => {
  it('accepts form-encoded fields with the key in the query, source from the tool', async () => {
    const res = await formPost(
      `/api/forms/candidates?key=${encodeURIComponent(key)}&source=Jotform`,
      new URLSearchParams({ first_name: 'Jo', last_name: 'Tform', email: 'jo@form.io', mobile: '555 0102', experience: 'Retail sales' }).toString(),
      'application/x-www-form-urlencoded',
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Jo Tform', email: 'jo@form.io', phone: '555 0102', experience: 'Retail sales', source: 'Jotform', userId: ownerId });
  });

  it('accepts JSON with the X-API-Key header; source defaults to Form', async () => {
    const res = await server
      .client()
      .post('/api/forms/candidates', { name: 'Jay Son', email: 'jay@form.io', location: 'Reno' }, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Jay Son', source: 'Form', location: 'Reno' });
  });

  it('reads a form\'s date field as the applied day: a date alone is that calendar day', async () => {
    const res = await formPost(
      `/api/forms/candidates?key=${encodeURIComponent(key)}`,
      new URLSearchParams({ name: 'Dee Ate', email: 'dee@form.io', 'Date Applied': '11/22/2026' }).toString(),
      'application/x-www-form-urlencoded',
    );
    expect(res.status).toBe(201);
    expect(new Date(res.body.appliedDate).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    // A JSON form's labelled fields, in the other formats the import reads.
    const cases: Array<[string, string, string]> = [
      ['2026-11-22', 'dee.two@form.io', '2026-11-22T00:00:00.000Z'],
      ['Nov 22, 2026', 'dee.three@form.io', '2026-11-22T00:00:00.000Z'],
      ['2026-11-22 09:00', 'dee.four@form.io', '2026-11-22T17:00:00.000Z'],
    ];
    for (const [value, email, stored] of cases) {
      const fields = [{ label: 'Full Name', value: 'Dee Ate' }, { label: 'Email', value: email }, { label: 'Application Date', value }];
      const json = await server.client().post(`/api/forms/candidates?key=${key}`, { fields });
      expect(json.status, value).toBe(201);
      expect(new Date(json.body.appliedDate).toISOString(), value).toBe(stored);
    }
    const refused = await server.client().post(`/api/forms/candidates?key=${key}`, { name: 'Dee Ate', email: 'dee.bad@form.io', 'Date Applied': 'soon' });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.appliedDate).toBe('Must be a date (2026-11-22, 11/22/2026, Nov 22, 2026) or an ISO date-time');
  });

  it('updates a known email and notes the re-application with the tool’s name', async () => {
    const first = await server.client().post(`/api/forms/candidates?key=${key}`, { name: 'Re Peat', email: 'repeat@form.io', tool: 'Typeform' });
    const again = await server.client().post(`/api/forms/candidates?key=${key}`, { name: 'Re Peat', email: 'REPEAT@form.io', phone: '555', tool: 'Typeform' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.phone).toBe('555');
    expect(again.body.notes).toMatch(/\] Candidate reapplied via Typeform$/);
  });

  it('refuses a submission without an email or name, naming the field', async () => {
    const noEmail = await server.client().post(`/api/forms/candidates?key=${key}`, { name: 'Nomail' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.fields).toHaveProperty('email');
    const noName = await server.client().post(`/api/forms/candidates?key=${key}`, { email: 'noname@form.io' });
    expect(noName.status).toBe(400);
    expect(noName.body.fields).toHaveProperty('name');
    const notObject = await server.client().post(`/api/forms/candidates?key=${key}`, ['a']);
    expect(notObject.status).toBe(400);
  });

  it('needs a valid key; never pollutes prototypes', async () => {
    expect((await server.client().post('/api/forms/candidates', { name: 'A', email: 'a@form.io' })).status).toBe(401);
    expect((await server.client().post('/api/forms/candidates?key=rk_nope', { name: 'A', email: 'a@form.io' })).status).toBe(401);
    const proto = await formPost(
      `/api/forms/candidates?key=${encodeURIComponent(key)}`,
      '__proto__[polluted]=yes&constructor[prototype][polluted]=yes&name=Proto&email=proto@form.io',
      'application/x-www-form-urlencoded',
    );
    expect([201, 400]).toContain(proto.status);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const json = await formPost(`/api/forms/candidates?key=${encodeURIComponent(key)}`, '{"__proto__":{"polluted":1},"name":"P","email":"p@form.io"}', 'application/json');
    expect(json.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
