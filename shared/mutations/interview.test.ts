import { describe, expect, it } from 'vitest';
import { interviewSpan, meetingLinkOf } from '../schemas/scheduled-interview.schema';
import { describeIssues } from './index';
import * as create from './candidate-create';
import * as remove from './candidate-delete';
import * as schedule from './interview-schedule';
import * as cancel from './interview-cancel';
import { ctx, mapStore, stamp } from './map-store.testing';
import { REFUSALS } from './store';

const CANDIDATE = '7f1b0c4e-2a59-4d3c-9b8e-0c6f1e2d3a4b';
const OTHER_CANDIDATE = '2b4f6a8c-1d3e-4f5a-8b7c-9d0e1f2a3b4c';
const INTERVIEW = '3c1e9a52-7b44-4f0e-9d61-2a8b5c7d9e10';
const when = { date: '2026-12-01', startTime: '09:30', timeZone: 'Europe/Berlin' };
const full = { uid: INTERVIEW, candidateUid: CANDIDATE, ...when, durationMinutes: 45, interviewerId: 2, place: 'Room 4' };

async function withCandidate() {
  const store = mapStore();
  await create.apply(store, { uid: CANDIDATE, name: 'Ana', email: 'ana@x.io', status: 'interview', notes: '', skills: '' }, ctx(1));
  return store;
}

/** The first zod message of a refused argument set, as the server words it. */
const refusal = (args: unknown) => {
  const parsed = schedule.argsSchema.safeParse(args);
  return parsed.success ? null : describeIssues(parsed.error.issues);
};

describe('interview.schedule and interview.cancel', () => {
  it('schedules an interview, and changes each field last-writer-wins by clock', async () => {
    const store = await withCandidate();
    expect(await schedule.apply(store, full, ctx(2))).toMatchObject({ status: 'applied', created: 1 });
    expect(store.interviews.get(INTERVIEW)).toMatchObject({ ...when, durationMinutes: 45, interviewerId: 2, place: 'Room 4', note: '', userId: 1, deletedAt: null });
    // Offline on two devices: a later duration change and an earlier place change both survive;
    // an earlier duration change loses.
    await schedule.apply(store, { uid: INTERVIEW, candidateUid: CANDIDATE, durationMinutes: 60 }, ctx(6));
    await schedule.apply(store, { uid: INTERVIEW, candidateUid: CANDIDATE, durationMinutes: 30, place: 'https://meet.example/abc' }, ctx(4));
    expect(store.interviews.get(INTERVIEW)).toMatchObject({ durationMinutes: 60, place: 'https://meet.example/abc', fieldClocks: { durationMinutes: stamp(6), place: stamp(4) } });
  });

  it('refuses an unknown interviewer, a deleted or unknown candidate, another candidate’s interview and an incomplete new one', async () => {
    const store = await withCandidate();
    expect(await schedule.apply(store, { ...full, interviewerId: 99 }, ctx(2))).toMatchObject({ status: 'rejected', reason: 'The interviewer is not a user of this team' });
    expect(await schedule.apply(store, { ...full, candidateUid: OTHER_CANDIDATE }, ctx(2))).toMatchObject({ status: 'rejected', reason: REFUSALS.notFound });
    expect(await schedule.apply(store, { uid: INTERVIEW, candidateUid: CANDIDATE, ...when }, ctx(2))).toMatchObject({
      status: 'rejected',
      reason: 'A new interview needs a date, a start time, a duration and an interviewer',
    });
    await schedule.apply(store, full, ctx(3));
    await create.apply(store, { uid: OTHER_CANDIDATE, name: 'Bo', email: 'bo@x.io', status: 'new', notes: '', skills: '' }, ctx(4));
    expect(await schedule.apply(store, { ...full, candidateUid: OTHER_CANDIDATE }, ctx(5))).toMatchObject({ reason: 'That interview belongs to another candidate' });
    await remove.apply(store, { uid: CANDIDATE }, ctx(6));
    expect(await schedule.apply(store, { ...full, note: 'after the delete' }, ctx(7))).toMatchObject({
      status: 'rejected',
      reason: 'The candidate was deleted; the interview was not scheduled',
    });
    expect(store.interviews.size).toBe(1);
  });

  it('cancels with a tombstone that wins over later changes', async () => {
    const store = await withCandidate();
    await schedule.apply(store, full, ctx(2));
    expect(await cancel.apply(store, { uid: INTERVIEW, candidateUid: CANDIDATE }, ctx(3))).toMatchObject({ status: 'applied', updated: 1 });
    expect(await schedule.apply(store, { uid: INTERVIEW, candidateUid: CANDIDATE, note: 'late edit' }, ctx(4))).toMatchObject({ reason: 'The interview was cancelled' });
    expect(await cancel.apply(store, { uid: INTERVIEW, candidateUid: CANDIDATE }, ctx(5))).toMatchObject({ status: 'applied', unchanged: 1 });
    expect(store.interviews.get(INTERVIEW)).toMatchObject({ note: '', deletedAt: expect.any(String) });
    expect(await cancel.apply(store, { uid: OTHER_CANDIDATE, candidateUid: CANDIDATE }, ctx(6))).toMatchObject({ reason: 'Interview not found' });
  });

  it('refuses bad input with messages that say what is wrong', () => {
    expect(refusal({ ...full, date: '2026-02-30' })).toBe('date: Must be a real calendar day');
    expect(refusal({ ...full, date: '01/12/2026' })).toBe('date: Must be a yyyy-MM-dd date');
    expect(refusal({ ...full, startTime: '24:00' })).toBe('startTime: Must be a time HH:mm (00:00 to 23:59)');
    expect(refusal({ ...full, startTime: '9:30' })).toBe('startTime: Must be a time HH:mm (00:00 to 23:59)');
    expect(refusal({ ...full, durationMinutes: 10 })).toBe('durationMinutes: Duration must be at least 15 minutes');
    expect(refusal({ ...full, durationMinutes: 481 })).toBe('durationMinutes: Duration must be at most 480 minutes (8 hours)');
    expect(refusal({ ...full, durationMinutes: -30 })).toBe('durationMinutes: Duration must be at least 15 minutes');
    expect(refusal({ ...full, interviewerId: 'bob' })).toBe('interviewerId: Choose an interviewer');
    expect(refusal({ ...full, timeZone: 'Mars/Olympus' })).toBe('timeZone: Must be a known IANA time zone');
    expect(refusal({ ...full, place: 'x'.repeat(501) })).toBe('place: Must be at most 500 characters');
    expect(refusal({ ...full, note: 'x'.repeat(2001) })).toBe('note: Must be at most 2000 characters');
    expect(refusal({ ...full, candidateUid: 'nope' })).toBe('candidateUid: Must be a uuid');
    expect(refusal({ uid: INTERVIEW, candidateUid: CANDIDATE, date: '2026-12-01' })).toBe('date: The date, start time and time zone go together');
    expect(refusal({ uid: INTERVIEW, candidateUid: CANDIDATE })).toBe('A schedule must set something');
    expect(refusal(full)).toBeNull();
  });
});

describe('interviewSpan and meetingLinkOf', () => {
  it('fixes the instant in the zone it was scheduled in, across a daylight-saving change', () => {
    expect(new Date(interviewSpan({ ...when, durationMinutes: 45 }).start).toISOString()).toBe('2026-12-01T08:30:00.000Z');
    const summer = interviewSpan({ date: '2026-07-01', startTime: '09:30', timeZone: 'Europe/Berlin', durationMinutes: 90 });
    expect(new Date(summer.start).toISOString()).toBe('2026-07-01T07:30:00.000Z');
    expect(summer.end - summer.start).toBe(90 * 60_000);
  });

  it('treats only a whole http(s) address as a meeting link', () => {
    expect(meetingLinkOf(' https://meet.example/abc ')).toBe('https://meet.example/abc');
    expect(meetingLinkOf('Room 4')).toBeNull();
    expect(meetingLinkOf('javascript:alert(1)')).toBeNull();
    expect(meetingLinkOf('https://meet.example/a and room 4')).toBeNull();
  });
});
