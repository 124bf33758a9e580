import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHlc } from '@shared/sync/hlc';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import type { HttpClient } from '../../tests/helpers/http-client';
import { TestDevice, candidateArgs } from '../../tests/helpers/sync-device';

let server: TestServer;
let admin: HttpClient;
let recruiter: HttpClient;
let device: TestDevice;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  recruiter = await server.recruiterClient();
  device = new TestDevice(admin);
});
afterAll(() => server.close());

/** Creates a candidate through sync (as a device would) and answers its REST form. */
async function create(overrides: Record<string, unknown> = {}) {
  const args = candidateArgs(overrides);
  const res = await device.push([device.mutation('candidate.create', args, formatHlc({ millis: Date.now() - 60_000, counter: 0, node: 'dev' }))]);
  expect(res.body.results[0].status).toBe('applied');
  const list = await admin.get('/api/candidates');
  return list.body.find((c: { uid: string }) => c.uid === args.uid);
}

describe('GET /api/candidates', () => {
  it('lists live candidates in the spec’s shape, newest application first, for any signed-in user', async () => {
    const older = await create({ name: 'Older', appliedDate: '2025-01-01T00:00:00.000Z', phone: '555', location: 'Reno', source: 'CSV Import' });
    const newer = await create({ name: 'Newer', appliedDate: '2025-06-01T00:00:00.000Z' });
    const gone = await create({ name: 'Gone' });
    await device.push([device.mutation('candidate.delete', { uid: gone.uid })]);

    expect((await server.client().get('/api/candidates')).status).toBe(401);
    const res = await recruiter.get('/api/candidates');
    expect(res.status).toBe(200);
    const ids = res.body.map((c: { id: number }) => c.id);
    expect(ids).not.toContain(gone.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const adminId = (await admin.get('/api/user')).body.id;
    expect(res.body.find((c: { id: number }) => c.id === older.id)).toEqual({
      id: older.id,
      uid: older.uid,
      name: 'Older',
      email: older.email,
      phone: '555',
      location: 'Reno',
      status: 'new',
      appliedDate: '2025-01-01T00:00:00.000Z',
      statusChangedAt: expect.any(String),
      source: 'CSV Import',
      experience: null,
      skills: '',
      notes: '',
      userId: adminId,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/fieldClocks|deletedAt|"xid"/);
  });
});

describe('PATCH /api/candidates/:id', () => {
  it('changes the status with a dated note line and records when it changed', async () => {
    const candidate = await create();
    const before = Date.now();
    const res = await recruiter.patch(`/api/candidates/${candidate.id}`, { status: 'interview' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('interview');
    expect(new Date(res.body.statusChangedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(res.body.notes).toMatch(/^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2} P[SD]T\] Status updated from new to interview$/);
    // The same status again adds nothing.
    const again = await recruiter.patch(`/api/candidates/${candidate.id}`, { status: 'interview' });
    expect(again.body.notes).toBe(res.body.notes);
  });

  it('saves notes from the dialog and appends the status line after them', async () => {
    const candidate = await create({ notes: 'old notes' });
    const res = await admin.patch(`/api/candidates/${candidate.id}`, { notes: 'rewritten notes', status: 'hired' });
    expect(res.status).toBe(200);
    expect(res.body.notes).toMatch(/^rewritten notes\n\[.*\] Status updated from new to hired$/);
    const history = await admin.get(`/api/candidates/${candidate.id}/history`);
    const recruiterName = 'admin';
    expect(history.body).toEqual([
      expect.objectContaining({ field: 'notes', kind: 'overwritten', value: 'old notes', origin: 'rest', username: recruiterName }),
      expect.objectContaining({ field: 'status', kind: 'overwritten', value: 'new', origin: 'rest' }),
    ]);
  });

  it('reaches devices through pull', async () => {
    const candidate = await create();
    const reader = new TestDevice(admin);
    await reader.pull();
    await admin.patch(`/api/candidates/${candidate.id}`, { location: 'Tallinn' });
    const pulled = await reader.pull();
    expect(pulled.candidates.map((c) => [c.uid, c.location])).toEqual([[candidate.uid, 'Tallinn']]);
  });

  it('refuses bad input with 400 and names the field', async () => {
    const candidate = await create();
    const cases: Array<[unknown, string]> = [
      [{ status: 'maybe' }, 'status'],
      [{ status: 42 }, 'status'],
      [{ notes: ['x'] }, 'notes'],
      [{ email: 'not-an-email' }, 'email'],
      [{ name: '' }, 'name'],
      [{}, '_'],
      [{ id: 5, userId: 9 }, '_'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.patch(`/api/candidates/${candidate.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const unknownStatus = await admin.patch(`/api/candidates/${candidate.id}`, { status: 'maybe' });
    expect(unknownStatus.body.message).toBe('Status must be one of: new, screening, interview, assessment, offer, hired, rejected');
    const unchanged = (await admin.get('/api/candidates')).body.find((c: { id: number }) => c.id === candidate.id);
    expect(unchanged).toEqual(candidate);
  });

  it('answers 404 for unknown, malformed and deleted candidates, and 401 when signed out', async () => {
    const candidate = await create();
    await device.push([device.mutation('candidate.delete', { uid: candidate.uid })]);
    for (const id of ['999999', 'abc', String(candidate.id)]) {
      const res = await admin.patch(`/api/candidates/${id}`, { status: 'hired' });
      expect(res.status, id).toBe(404);
    }
    expect((await server.client().patch(`/api/candidates/${candidate.id}`, { status: 'hired' })).status).toBe(401);
  });
});

describe('GET /api/candidates/:id/history', () => {
  it('answers 404 for an unknown candidate and 401 when signed out', async () => {
    expect((await admin.get('/api/candidates/999999/history')).status).toBe(404);
    const candidate = await create();
    expect((await server.client().get(`/api/candidates/${candidate.id}/history`)).status).toBe(401);
    expect((await recruiter.get(`/api/candidates/${candidate.id}/history`)).body).toEqual([]);
  });
  it("names the writer with their display name as it is now (the screen shows it, the username only when none)", async () => {
    const candidate = await create({ notes: 'first notes' });
    await recruiter.patch(`/api/candidates/${candidate.id}`, { notes: 'second notes' });
    const me = (await recruiter.get('/api/user')).body as { id: number; username: string };
    expect((await recruiter.patch(`/api/users/${me.id}`, { displayName: 'Rita Alvarez' })).status).toBe(200);
    const history = await admin.get(`/api/candidates/${candidate.id}/history`);
    expect(history.body).toEqual([expect.objectContaining({ field: 'notes', value: 'first notes', username: me.username, displayName: 'Rita Alvarez' })]);
  });
});
