import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { candidateArgs, TestDevice } from '../../tests/helpers/sync-device';
import type { HttpClient } from '../../tests/helpers/http-client';

let server: TestServer;
let admin: HttpClient;
let rita: HttpClient;
let sam: HttpClient;
let samId: number;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  rita = await server.recruiterClient('rita');
  sam = await server.recruiterClient('sam');
  samId = (await sam.get('/api/user')).body.id;
  await sam.patch(`/api/users/${samId}`, { displayName: 'Sam Stone' });
});
afterAll(() => server.close());

const interviewsOf = async (device: TestDevice) => (await device.pull()).scheduledInterviews as ScheduledInterview[];
const statuses = (res: { status: number; body: { results: Array<{ status: string }> } }) => {
  expect(res.status).toBe(200);
  return res.body.results.map((r) => r.status);
};
const reasons = (res: { body: { results: Array<{ reason?: string }> } }) => res.body.results.map((r) => r.reason);
const when = { date: '2026-12-01', startTime: '09:30', timeZone: 'America/New_York' };

async function candidateOn(device: TestDevice) {
  const candidate = candidateArgs();
  expect(statuses(await device.push([device.mutation('candidate.create', candidate)]))).toEqual(['applied']);
  return candidate.uid;
}

describe('the team list', () => {
  it('gives any signed-in user the team’s ids and names, nothing else; strangers get 401', async () => {
    const res = await rita.get('/api/team');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: expect.any(Number), name: 'admin' },
      { id: expect.any(Number), name: 'rita' },
      { id: samId, name: 'Sam Stone' },
    ]);
    expect((await server.client().get('/api/team')).status).toBe(401);
  });
});

describe('scheduled interviews over sync', () => {
  it('reach every user’s devices (team data), with changes and cancels', async () => {
    const laptop = new TestDevice(rita);
    const samsTablet = new TestDevice(sam);
    const candidateUid = await candidateOn(laptop);
    const uid = randomUUID();
    const gone = randomUUID();
    const res = await laptop.push([
      laptop.mutation('interview.schedule', { uid, candidateUid, ...when, durationMinutes: 45, interviewerId: samId, place: 'https://meet.example/r1' }),
      laptop.mutation('interview.schedule', { uid: gone, candidateUid, ...when, durationMinutes: 30, interviewerId: samId }),
      laptop.mutation('interview.schedule', { uid, candidateUid, note: 'Bring the case study' }),
      laptop.mutation('interview.cancel', { uid: gone, candidateUid }),
    ]);
    expect(statuses(res)).toEqual(['applied', 'applied', 'applied', 'applied']);

    const onTablet = await interviewsOf(samsTablet);
    expect(onTablet.find((row) => row.uid === uid)).toMatchObject({
      candidateUid,
      ...when,
      durationMinutes: 45,
      interviewerId: samId,
      place: 'https://meet.example/r1',
      note: 'Bring the case study',
      deletedAt: null,
    });
    expect(onTablet.find((row) => row.uid === gone)?.deletedAt).toEqual(expect.any(String));

    // A change on the tablet reaches the laptop by its next pull (from its cursor).
    await laptop.pull();
    expect(statuses(await samsTablet.push([samsTablet.mutation('interview.schedule', { uid, candidateUid, durationMinutes: 60 })]))).toEqual(['applied']);
    expect((await interviewsOf(laptop)).map((row) => [row.uid, row.durationMinutes])).toEqual([[uid, 60]]);
  });

  it('sends a cursor from before scheduled interviews existed every interview from the beginning', async () => {
    const device = new TestDevice(rita);
    await device.pull();
    const cursor = JSON.parse(Buffer.from(device.cursor!, 'base64url').toString('utf8'));
    delete cursor.p.scheduledInterviews;
    device.cursor = Buffer.from(JSON.stringify(cursor)).toString('base64url');
    const count = Number((await server.db.knex('scheduledInterviews').count({ n: '*' }).first())!.n);
    expect(count).toBeGreaterThan(0);
    expect(await interviewsOf(device)).toHaveLength(count);
  });

  it('refuses bad input, an unknown interviewer and a deleted candidate with clear reasons, and keeps the queue moving', async () => {
    const device = new TestDevice(rita);
    const candidateUid = await candidateOn(device);
    const uid = randomUUID();
    const good = { uid, candidateUid, ...when, durationMinutes: 45, interviewerId: samId };
    const res = await device.push([
      device.mutation('interview.schedule', { ...good, durationMinutes: 5 }),
      device.mutation('interview.schedule', { ...good, startTime: '25:00' }),
      device.mutation('interview.schedule', { ...good, date: '2026-02-30' }),
      device.mutation('interview.schedule', { ...good, place: 'x'.repeat(501) }),
      device.mutation('interview.schedule', { ...good, interviewerId: 999_999 }),
      device.mutation('interview.schedule', good),
    ]);
    expect(reasons(res)).toEqual([
      'Invalid interview.schedule: durationMinutes: Duration must be at least 15 minutes',
      'Invalid interview.schedule: startTime: Must be a time HH:mm (00:00 to 23:59)',
      'Invalid interview.schedule: date: Must be a real calendar day',
      'Invalid interview.schedule: place: Must be at most 500 characters',
      'The interviewer is not a user of this team',
      undefined,
    ]);
    expect(await server.db.knex('scheduledInterviews').where({ uid }).first('durationMinutes', 'startTime')).toEqual({ durationMinutes: 45, startTime: '09:30' });

    // Deleting is an administrator's; afterwards the candidate takes no new interview.
    const deleter = new TestDevice(admin);
    expect(statuses(await deleter.push([deleter.mutation('candidate.delete', { uid: candidateUid })]))).toEqual(['applied']);
    const late = await device.push([device.mutation('interview.schedule', { ...good, uid: randomUUID() })]);
    expect(reasons(late)).toEqual(['The candidate was deleted; the interview was not scheduled']);
  });

  it('goes with a candidate erased for privacy, and no later schedule brings it back', async () => {
    const device = new TestDevice(rita);
    const candidateUid = await candidateOn(device);
    const uid = randomUUID();
    const schedule = { uid, candidateUid, ...when, durationMinutes: 45, interviewerId: samId, note: 'Private remark e3z' };
    expect(statuses(await device.push([device.mutation('interview.schedule', schedule)]))).toEqual(['applied']);
    const { id } = await server.db.knex('candidates').where({ uid: candidateUid }).first('id');
    await device.pull();

    expect((await admin.post(`/api/candidates/${id}/erase`)).status).toBe(200);
    expect(await server.db.knex('scheduledInterviews').where({ candidateId: id })).toEqual([]);
    const since = await device.pull();
    expect(since.erased).toContain(candidateUid);
    expect(since.scheduledInterviews).toEqual([]);
    const again = await device.push([device.mutation('interview.schedule', { ...schedule, uid: randomUUID() })]);
    expect(reasons(again)).toEqual(['The candidate was erased for privacy; the change was dropped']);
    expect(await server.db.knex('scheduledInterviews').where({ candidateId: id })).toEqual([]);
  });

  it('keeps an interview whose interviewer’s account is deleted, without an interviewer, and tells devices', async () => {
    const leaving = await server.recruiterClient('leaving');
    const leavingId = (await leaving.get('/api/user')).body.id;
    const device = new TestDevice(rita);
    const candidateUid = await candidateOn(device);
    const uid = randomUUID();
    const res = await device.push([device.mutation('interview.schedule', { uid, candidateUid, ...when, durationMinutes: 30, interviewerId: leavingId })]);
    expect(statuses(res)).toEqual(['applied']);
    await device.pull();
    expect((await admin.delete(`/api/users/${leavingId}`)).status).toBe(200);
    expect((await interviewsOf(device)).map((row) => [row.uid, row.interviewerId])).toEqual([[uid, null]]);
    // Choosing a deleted user as the interviewer is refused like any unknown one.
    const again = await device.push([device.mutation('interview.schedule', { uid, candidateUid, interviewerId: leavingId })]);
    expect(reasons(again)).toEqual(['The interviewer is not a user of this team']);
  });
});
