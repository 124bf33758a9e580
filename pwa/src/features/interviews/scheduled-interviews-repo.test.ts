import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RepHireDb } from '@/db/database';
import { RecordNotFoundError } from '@/db/repo-errors';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { erasureTables, forgetErased } from '@/sync/erasure';
import { pullAll } from '@/sync/pull';
import { pushOutbox } from '@/sync/push';
import { FakeSyncServer } from '@/sync/testing/fake-server';
import { ownedDb, testUser } from '@/sync/testing/fixtures';
import { createScheduledInterviewsRepo, type InterviewPlan } from './scheduled-interviews-repo';

const dbs: RepHireDb[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

async function device(userId = 1) {
  const db = await ownedDb(testUser({ id: userId, username: `user${userId}` }));
  dbs.push(db);
  return { db, candidates: createCandidatesRepo(db), interviews: createScheduledInterviewsRepo(db) };
}

const plan: InterviewPlan = { date: '2026-12-01', startTime: '09:30', timeZone: 'Europe/Berlin', durationMinutes: 45, interviewerId: 2, place: 'Room 4', note: '' };
const sync = async (db: RepHireDb, server: FakeSyncServer) => {
  await pushOutbox(db, server.transport());
  await pullAll(db, server.transport());
};

describe('scheduled interviews on the device', () => {
  it('schedules offline at once, and another user’s device sees it after a sync', async () => {
    const server = new FakeSyncServer();
    const laptop = await device(1);
    const tablet = await device(2);
    const ann = await laptop.candidates.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const uid = await laptop.interviews.scheduleInterview(ann.uid, plan);
    expect(await laptop.interviews.interviewsOfCandidate(ann.uid)).toMatchObject([{ uid, ...plan, deletedAt: null }]);
    expect((await laptop.db.outbox.toArray()).map((entry) => entry.label)).toEqual(['Add Ann', 'Schedule an interview with Ann (2026-12-01 09:30)']);

    await sync(laptop.db, server);
    await sync(tablet.db, server);
    // 09:30 in Berlin is 08:30 UTC that day.
    const morning = Date.parse('2026-12-01T08:00:00Z');
    expect((await tablet.interviews.interviewsStartingBetween(morning, morning + 3_600_000)).map((row) => row.uid)).toEqual([uid]);
    expect(await tablet.interviews.interviewsStartingBetween(morning + 3_600_000, morning + 7_200_000)).toEqual([]);

    // Two devices change different fields offline: both changes survive.
    await tablet.interviews.changeInterview(uid, { ...plan, place: 'https://meet.example/x' });
    await laptop.interviews.changeInterview(uid, { ...plan, durationMinutes: 60 });
    expect((await tablet.db.outbox.toArray()).at(-1)?.args).toEqual({ uid, candidateUid: ann.uid, place: 'https://meet.example/x' });
    await sync(tablet.db, server);
    await sync(laptop.db, server);
    await sync(tablet.db, server);
    for (const { interviews } of [laptop, tablet]) {
      expect(await interviews.interviewsOfCandidate(ann.uid)).toMatchObject([{ durationMinutes: 60, place: 'https://meet.example/x' }]);
    }

    await tablet.interviews.cancelInterview(uid);
    expect(await tablet.interviews.interviewsOfCandidate(ann.uid)).toEqual([]);
    await sync(tablet.db, server);
    await sync(laptop.db, server);
    expect(await laptop.interviews.interviewsOfCandidate(ann.uid)).toEqual([]);
  });

  it('stores quick scorecard choices in the order they were made: the last one stands', async () => {
    const { db, candidates, interviews } = await device();
    const ann = await candidates.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const uid = await interviews.scheduleInterview(ann.uid, plan);
    // A read of the interview outside a write's transaction may end after a later one (the first such
    // read is held back here): the order of the writes must not depend on it.
    const get = db.scheduledInterviews.get.bind(db.scheduledInterviews);
    let held = false;
    const heldBack = async (key: string) => {
      if (!Dexie.currentTransaction && !held) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return get(key);
    };
    // `get` is overloaded; this stands in for the by-key form the repo uses.
    vi.spyOn(db.scheduledInterviews, 'get').mockImplementation(heldBack as never);
    // Clicks a person makes in a row, each saved as it is made, none awaited before the next.
    const ratings = [1, 2, 3, 4, 1, 2, 3];
    await Promise.all(ratings.map((closing) => interviews.scoreInterview(uid, { scores: { closing } })));
    expect((await db.scheduledInterviews.get(uid))?.scores).toEqual({ closing: 3 });
    const queued = (await db.outbox.toArray()).filter((entry) => entry.name === 'interview.score');
    expect(queued.map((entry) => (entry.args as { scores: { closing: number } }).scores.closing)).toEqual(ratings);
  });

  it('refuses bad input before anything is queued, and a deleted candidate', async () => {
    const { db, candidates, interviews } = await device();
    const ann = await candidates.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await expect(interviews.scheduleInterview(ann.uid, { ...plan, durationMinutes: 500 })).rejects.toMatchObject({
      name: 'ValidationError',
      fields: { durationMinutes: 'Duration must be at most 480 minutes (8 hours)' },
    });
    await expect(interviews.scheduleInterview(ann.uid, { ...plan, startTime: '9:5' })).rejects.toThrow('Must be a time HH:mm (00:00 to 23:59)');
    await expect(interviews.scheduleInterview('7f1b0c4e-2a59-4d3c-9b8e-0c6f1e2d3a4b', plan)).rejects.toThrow(RecordNotFoundError);
    expect(await db.outbox.count()).toBe(1);
  });

  it('forgets an erased candidate’s interviews, and rewrites its pending schedule without its data', async () => {
    const { db, candidates, interviews } = await device();
    const ann = await candidates.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const bob = await candidates.createCandidate({ name: 'Bob', email: 'bob@x.io' });
    await interviews.scheduleInterview(ann.uid, { ...plan, note: 'About Ann' });
    const bobs = await interviews.scheduleInterview(bob.uid, plan);
    await db.transaction('rw', erasureTables(db), () => forgetErased(db, [ann.uid]));
    expect((await db.scheduledInterviews.toArray()).map((row) => row.uid)).toEqual([bobs]);
    expect((await db.serverRows.toArray()).map((copy) => copy.kind)).toEqual(['scheduledInterview']);
    expect((await db.outbox.orderBy('id').toArray()).map((entry) => entry.name)).toEqual(['candidate.delete', 'candidate.create', 'candidate.delete', 'interview.schedule']);
    expect(JSON.stringify(await db.outbox.toArray())).not.toMatch(/About Ann/);
  });
});
