import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { interviewNoteUid } from '@shared/sync/ids';
import type { RepHireDb } from '@/db/database';
import { RecordNotFoundError } from '@/db/repo-errors';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { ownedDb } from '@/sync/testing/fixtures';
import { createInterviewsRepo } from './repo';
import { createScheduledInterviewsRepo } from './scheduled-interviews-repo';

let db: RepHireDb;
afterEach(async () => {
  await db?.delete();
});

async function setup() {
  db = await ownedDb();
  return { candidates: createCandidatesRepo(db), interviews: createInterviewsRepo(db) };
}

describe('interview notes', () => {
  it('saves one note per candidate and day under the derived uid, queuing interviewNote.save', async () => {
    const { candidates, interviews } = await setup();
    const ann = await candidates.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const note = await interviews.saveInterviewNote(ann.uid, '2026-03-04', 'Strong closer');
    expect(note).toMatchObject({ uid: await interviewNoteUid(ann.uid, '2026-03-04'), day: '2026-03-04', note: 'Strong closer' });
    const entry = (await db.outbox.get(2))!;
    expect(entry).toMatchObject({
      name: 'interviewNote.save',
      label: 'Interview note for Ann (2026-03-04)',
      args: { uid: note.uid, candidateUid: ann.uid, day: '2026-03-04', note: 'Strong closer' },
    });
    expect(note.fieldClocks.note).toBe(entry.hlc);

    const edited = await interviews.saveInterviewNote(ann.uid, '2026-03-04', 'Strong closer, hire');
    expect(edited.uid).toBe(note.uid);
    expect(await db.interviewNotes.count()).toBe(1);
    // The same text again queues nothing.
    await interviews.saveInterviewNote(ann.uid, '2026-03-04', 'Strong closer, hire');
    expect(await db.outbox.count()).toBe(3);
    expect(await interviews.getInterviewNote(ann.uid, '2026-03-04')).toMatchObject({ note: 'Strong closer, hire' });
  });

  it('refuses a note for a candidate that does not exist', async () => {
    const { interviews } = await setup();
    await expect(interviews.saveInterviewNote(crypto.randomUUID(), '2026-03-04', 'x')).rejects.toBeInstanceOf(RecordNotFoundError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('lists the day with candidates that have a note that day', async () => {
    const { candidates, interviews } = await setup();
    const ann = await candidates.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const bo = await candidates.createCandidate({ name: 'Bo', email: 'bo@x.io' });
    await interviews.saveInterviewNote(bo.uid, '2026-03-04', 'Met Bo');
    await interviews.saveInterviewNote(ann.uid, '2026-03-05', 'Met Ann');
    const entries = await interviews.interviewEntries('2026-03-04', 'UTC');
    expect(entries.map((e) => [e.candidate.name, e.note?.note])).toEqual([['Bo', 'Met Bo']]);
    expect((await interviews.notesForCandidate(ann.uid)).map((n) => n.day)).toEqual(['2026-03-05']);
    expect((await interviews.notesForDay('2026-03-05')).map((n) => n.candidateUid)).toEqual([ann.uid]);
  });

  it('lists a candidate the day it moves into interview, live, and drops it when it moves on (the interview index)', async () => {
    const { candidates, interviews } = await setup();
    const ann = await candidates.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await candidates.createCandidate({ name: 'Bo', email: 'bo@x.io' });
    const today = new Date().toISOString().slice(0, 10);
    const seen: string[][] = [];
    const subscription = liveQuery(() => interviews.interviewEntries(today, 'UTC')).subscribe((entries) => {
      seen.push(entries.map((entry) => entry.candidate.name));
    });
    const shows = (names: string[]) => vi.waitFor(() => expect(seen.at(-1)).toEqual(names));
    try {
      await shows([]);
      await candidates.setStatus(ann.uid, 'interview');
      await shows(['Ann']);
      await candidates.setStatus(ann.uid, 'offer');
      await shows([]);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('lists the day’s scheduled interviews in time order in the viewer’s zone, then the other entries, and the next 14 days as Upcoming', async () => {
    const { candidates, interviews } = await setup();
    const schedule = createScheduledInterviewsRepo(db);
    const ann = await candidates.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const bo = await candidates.createCandidate({ name: 'Bo', email: 'bo@x.io' });
    const cy = await candidates.createCandidate({ name: 'Cy', email: 'cy@x.io' });
    await interviews.saveInterviewNote(bo.uid, '2026-03-04', 'Met Bo');
    await interviews.saveInterviewNote(cy.uid, '2026-03-04', 'Met Cy');
    const at = (date: string, startTime: string, timeZone = 'UTC') => ({ date, startTime, timeZone, durationMinutes: 30, interviewerId: 1, place: '', note: '' });
    // 01:00 in Berlin on the 5th is 00:00 UTC on the 5th: not the 4th in UTC.
    await schedule.scheduleInterview(ann.uid, at('2026-03-05', '01:00', 'Europe/Berlin'));
    // 20:00 in New York on the 3rd is 01:00 UTC on the 4th.
    await schedule.scheduleInterview(bo.uid, at('2026-03-03', '20:00', 'America/New_York'));
    await schedule.scheduleInterview(ann.uid, at('2026-03-04', '09:00'));
    await schedule.scheduleInterview(ann.uid, at('2026-03-18', '23:30'));
    await schedule.scheduleInterview(ann.uid, at('2026-03-19', '00:00'));
    const day = await interviews.dayView('2026-03-04', 'UTC');
    expect(day.scheduled.map((e) => [e.candidate.name, e.interview.startTime, e.note?.note ?? null])).toEqual([
      ['Bo', '20:00', 'Met Bo'],
      ['Ann', '09:00', null],
    ]);
    expect(day.entries.map((e) => e.candidate.name)).toEqual(['Cy']);
    const upcoming = await interviews.upcoming('2026-03-04', 'UTC');
    expect(upcoming.map((e) => `${e.interview.date} ${e.interview.startTime}`)).toEqual(['2026-03-05 01:00', '2026-03-18 23:30']);
  });
});
