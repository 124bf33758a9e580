import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHlc } from '@shared/sync/hlc';
import { interviewNoteUid } from '@shared/sync/ids';
import { toDayString } from '@shared/format/time-zone';
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

const at = (iso: string) => formatHlc({ millis: Date.parse(iso), counter: 0, node: 'dev' });

async function create(name: string, interviewAt?: string) {
  const args = candidateArgs({ name });
  const mutations = [device.mutation('candidate.create', args, at('2026-01-01T00:00:00Z'))];
  if (interviewAt) mutations.push(device.mutation('candidate.setStatus', { uid: args.uid, status: 'interview' }, at(interviewAt)));
  await device.push(mutations);
  const list = (await admin.get('/api/candidates')).body as Array<{ uid: string; id: number }>;
  return list.find((c) => c.uid === args.uid)!;
}

const day = (date: string, tz?: string) => `/api/interview-notes/day/${date}${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`;
const names = (res: { body: Array<{ candidate: { name: string } }> }) => res.body.map((e) => e.candidate.name);

describe('GET /api/interview-notes/day/:date', () => {
  it('lists candidates that entered interview that day in the viewer’s zone, and those with a note that day', async () => {
    // 02:30 UTC on 10 March is still 9 March in Los Angeles.
    await create('Zone Person', '2026-03-10T02:30:00Z');
    await create('Other Day', '2026-03-12T12:00:00Z');
    const noted = await create('Noted Person');
    expect((await admin.post('/api/interview-notes', { candidateId: noted.id, note: 'great call', day: '2026-03-10' })).status).toBe(201);

    const utc = await recruiter.get(day('2026-03-10', 'UTC'));
    expect(utc.status).toBe(200);
    expect(names(utc)).toEqual(['Noted Person', 'Zone Person']);
    const entry = utc.body.find((e: { candidate: { name: string } }) => e.candidate.name === 'Noted Person');
    expect(entry.note).toMatchObject({ note: 'great call', day: '2026-03-10', candidateId: noted.id });
    expect(utc.body.find((e: { candidate: { name: string } }) => e.candidate.name === 'Zone Person').note).toBeNull();

    expect(names(await recruiter.get(day('2026-03-10', 'America/Los_Angeles')))).toEqual(['Noted Person']);
    expect(names(await recruiter.get(day('2026-03-09', 'America/Los_Angeles')))).toEqual(['Zone Person']);
    // No zone means UTC.
    expect(names(await recruiter.get(day('2026-03-10')))).toEqual(['Noted Person', 'Zone Person']);
  });

  it('leaves out deleted candidates', async () => {
    const gone = await create('Gone Person', '2026-04-01T12:00:00Z');
    expect(names(await admin.get(day('2026-04-01', 'UTC')))).toEqual(['Gone Person']);
    await device.push([device.mutation('candidate.delete', { uid: gone.uid })]);
    expect((await admin.get(day('2026-04-01', 'UTC'))).body).toEqual([]);
  });

  it('refuses impossible dates and unknown zones with 400, strangers with 401', async () => {
    for (const date of ['2026-02-30', 'today', '2026-1-1', '2026-13-01']) {
      const res = await admin.get(day(date, 'UTC'));
      expect(res.status, date).toBe(400);
      expect(res.body.message).toBe('Date must be a real yyyy-MM-dd date');
    }
    const zone = await admin.get(day('2026-03-10', 'Mars/Olympus'));
    expect(zone.status).toBe(400);
    expect(zone.body.message).toBe('Unknown time zone: Mars/Olympus');
    expect((await server.client().get(day('2026-03-10'))).status).toBe(401);
  });
});

describe('POST and PATCH /api/interview-notes', () => {
  it('creates one note per candidate and day; a second create saves into it', async () => {
    const candidate = await create('Twice Noted');
    const first = await recruiter.post('/api/interview-notes', { candidateId: candidate.id, note: '', day: '2026-05-01' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ candidateId: candidate.id, day: '2026-05-01', note: '' });
    expect(first.body.uid).toBe(await interviewNoteUid(candidate.uid, '2026-05-01'));
    const second = await admin.post('/api/interview-notes', { candidateId: candidate.id, note: 'second thoughts', day: '2026-05-01' });
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.note).toBe('second thoughts');
  });

  it('defaults the day to today in the given zone', async () => {
    const candidate = await create('Today Person');
    const zone = 'Pacific/Kiritimati';
    const res = await admin.post('/api/interview-notes', { candidateId: candidate.id, note: 'today', tz: zone });
    expect(res.status).toBe(201);
    expect([toDayString(Date.now() - 5000, zone), toDayString(Date.now(), zone)]).toContain(res.body.day);
  });

  it('edits a note; the replaced text stays in the candidate’s history; devices pull it', async () => {
    const candidate = await create('Edited Note');
    const reader = new TestDevice(admin);
    await reader.pull();
    const created = await admin.post('/api/interview-notes', { candidateId: candidate.id, note: 'first draft', day: '2026-05-02' });
    const res = await recruiter.patch(`/api/interview-notes/${created.body.id}`, { note: 'final' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.body.id, note: 'final' });
    const history = await admin.get(`/api/candidates/${candidate.id}/history`);
    expect(history.body).toEqual([
      expect.objectContaining({ field: 'interviewNote:2026-05-02', kind: 'overwritten', value: 'first draft', origin: 'rest' }),
    ]);
    const pulled = await reader.pull();
    expect(pulled.interviewNotes).toEqual([expect.objectContaining({ uid: created.body.uid, candidateUid: candidate.uid, note: 'final' })]);
  });

  it('refuses bad input with 400 and unknown records with 404', async () => {
    const candidate = await create('Validated');
    const bad: unknown[] = [
      { note: 'no candidate' },
      { candidateId: String(candidate.id), note: 'x' },
      { candidateId: candidate.id },
      { candidateId: candidate.id, note: 42 },
      { candidateId: candidate.id, note: 'x', day: '2026-02-30' },
      { candidateId: candidate.id, note: 'x', day: 'May 1' },
      { candidateId: candidate.id, note: 'x', tz: 'Nowhere/Town' },
      { candidateId: candidate.id, note: 'x'.repeat(50_001) },
    ];
    for (const body of bad) {
      const res = await admin.post('/api/interview-notes', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await admin.post('/api/interview-notes', { candidateId: 999999, note: 'x' })).status).toBe(404);
    await device.push([device.mutation('candidate.delete', { uid: candidate.uid })]);
    expect((await admin.post('/api/interview-notes', { candidateId: candidate.id, note: 'x' })).status).toBe(404);
    expect((await admin.patch('/api/interview-notes/999999', { note: 'x' })).status).toBe(404);
    expect((await admin.patch('/api/interview-notes/1', { note: 7 })).status).toBe(400);
    expect((await server.client().post('/api/interview-notes', { candidateId: 1, note: 'x' })).status).toBe(401);
    expect((await server.client().patch('/api/interview-notes/1', { note: 'x' })).status).toBe(401);
  });
});
