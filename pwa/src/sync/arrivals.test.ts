import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { formatHlc } from '@shared/sync/hlc';
import { newUid } from '@shared/sync/ids';
import { createCandidateRecord } from '@shared/sync/merge';
import type { PullResponse } from '@shared/sync/protocol.schema';
import type { RepHireDb } from '@/db/database';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { onArrivals } from './arrivals';
import { applyPulledPage } from './pull';
import { ownedDb } from './testing/fixtures';

let db: RepHireDb;
afterEach(async () => {
  await db?.delete();
});

const stamp = formatHlc({ millis: Date.now() - 60_000, counter: 0, node: 'server' });
const onServer = (email: string, fields: Partial<Candidate> = {}, uid = newUid()): Candidate => ({
  ...createCandidateRecord({ uid, name: 'Server Person', email, status: 'new', skills: '', notes: '' }, stamp, { id: 10, userId: 2, now: stamp }),
  ...fields,
});
const page = (candidates: Candidate[]): PullResponse => ({
  cursor: 'c1',
  done: true,
  reset: false,
  includedThrough: 0,
  processedThrough: 0,
  candidates,
  confirmed: [],
  experiences: [],
  interviewNotes: [],
  savedViews: [],
  scheduledInterviews: [],
  erased: [],
});

describe('arrivals', () => {
  it('counts the live candidates a pull brings that the device did not hold, not its own written back', async () => {
    db = await ownedDb();
    const mine = await createCandidatesRepo(db).createCandidate({ name: 'Made Here', email: 'mine@x.io' });
    const heard: number[] = [];
    const stop = onArrivals(db, (count) => heard.push(count));

    // Its own candidate coming back from the server, two from elsewhere, one already deleted there.
    const fromElsewhere = onServer('a@x.io');
    await applyPulledPage(db, page([onServer('mine@x.io', {}, mine.uid), fromElsewhere, onServer('b@x.io'), onServer('c@x.io', { deletedAt: stamp })]), true);
    expect(heard).toEqual([2]);
    // The same row again (changed there): not new.
    await applyPulledPage(db, page([{ ...fromElsewhere, phone: '555' }]), true);
    expect(heard).toEqual([2]);
    stop();
    await applyPulledPage(db, page([onServer('d@x.io')]), true);
    expect(heard).toEqual([2]);
  });
});
