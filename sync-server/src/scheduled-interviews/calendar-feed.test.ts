import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { candidateArgs, TestDevice } from '../../tests/helpers/sync-device';
import type { HttpClient } from '../../tests/helpers/http-client';

let server: TestServer;
let rita: HttpClient;
let sam: HttpClient;
let ritaId: number;
let samId: number;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  rita = await server.recruiterClient('rita');
  sam = await server.recruiterClient('sam');
  ritaId = (await rita.get('/api/user')).body.id;
  samId = (await sam.get('/api/user')).body.id;
  const device = new TestDevice(rita);
  const ann = candidateArgs({ name: 'Ann Feed' });
  const bob = candidateArgs({ name: 'Bob Feed' });
  const at = (uid: string, candidateUid: string, interviewerId: number, extra: Record<string, unknown> = {}) =>
    device.mutation('interview.schedule', { uid, candidateUid, date: today, startTime: '15:00', timeZone: 'UTC', durationMinutes: 45, interviewerId, place: 'Room 4', ...extra });
  const cancelled = randomUUID();
  const res = await device.push([
    device.mutation('candidate.create', ann),
    device.mutation('candidate.create', bob),
    at(randomUUID(), ann.uid, ritaId, { note: 'Ask about quota' }),
    at(randomUUID(), bob.uid, samId),
    at(cancelled, bob.uid, ritaId, { startTime: '16:00' }),
    device.mutation('interview.cancel', { uid: cancelled, candidateUid: bob.uid }),
  ]);
  expect(res.body.results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
});
afterAll(() => server.close());

/** The feed at `path` fetched as a calendar app does: no session. */
async function fetchFeed(path: string) {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

const summaries = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return [event.summary, event.startDate.toJSDate().toISOString()];
  });

describe('private calendar feeds', () => {
  it('gives a user a secret address whose feed lists the interviews they conduct, read with no session', async () => {
    expect((await rita.get('/api/calendar/feed')).body).toEqual({ active: false, createdAt: null });
    const made = await rita.post('/api/calendar/feed');
    expect(made.status).toBe(200);
    expect(made.body.path).toMatch(/^\/api\/calendar\/cal_[A-Za-z0-9_-]{43}\/interviews\.ics$/);
    expect((await rita.get('/api/calendar/feed')).body).toMatchObject({ active: true, createdAt: made.body.createdAt });
    // Only a hash is stored.
    const stored = await server.db.knex('calendarFeeds').where({ userId: ritaId }).first('tokenHash');
    expect(made.body.path).not.toContain(stored.tokenHash);

    const feed = await fetchFeed(made.body.path);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    // Hers only (not Sam's), and not the cancelled one.
    expect(summaries(feed.text)).toEqual([['Interview: Ann Feed', `${today}T15:00:00.000Z`]]);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(feed.text)).getFirstSubcomponent('vevent')!);
    expect(event.description).toBe('Interviewer: rita\n\nAsk about quota');
  });

  it('cannot be read without its token: another user, a guessed or a reset token get 404', async () => {
    const first = (await rita.post('/api/calendar/feed')).body.path as string;
    const samsPath = (await sam.post('/api/calendar/feed')).body.path as string;
    expect(summaries((await fetchFeed(samsPath)).text)).toEqual([['Interview: Bob Feed', `${today}T15:00:00.000Z`]]);
    // Sam's status never reveals a token, his or hers.
    expect(JSON.stringify((await sam.get('/api/calendar/feed')).body)).not.toMatch(/cal_/);
    // A signed-in user gets nothing more with a made-up token than anyone else.
    const guessed = `/api/calendar/cal_${'A'.repeat(43)}/interviews.ics`;
    const bySam = await sam.get(guessed);
    expect(bySam.status).toBe(404);
    expect(bySam.body.message).toBe('Calendar feed not found');
    expect((await fetchFeed('/api/calendar/not-a-token/interviews.ics')).status).toBe(404);

    const second = (await rita.post('/api/calendar/feed')).body.path as string;
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    expect((await server.client().get('/api/calendar/feed')).status).toBe(401);
  });
});
