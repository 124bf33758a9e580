import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { newUid } from '@shared/sync/ids';
import type { OutboxEntry, RepHireDb } from '@/db/database';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { createInterviewsRepo } from '@/features/interviews/repo';
import { createScheduledInterviewsRepo } from '@/features/interviews/scheduled-interviews-repo';
import { ERASED_CHANGE_LABEL, erasureTables, forgetErased } from './erasure';
import { ownedDb } from './testing/fixtures';

let db: RepHireDb;
afterEach(async () => {
  await db?.delete();
});

const forget = (uids: string[]) =>
  db.transaction('rw', erasureTables(db), () => forgetErased(db, uids));

it('removes an erased candidate’s rows and empties the pending changes about it in place', async () => {
  db = await ownedDb();
  const candidates = createCandidatesRepo(db);
  const ann = await candidates.createCandidate({ name: 'Ann Erased', email: 'ann@x.io' });
  const bob = await candidates.createCandidate({ name: 'Bob Stays', email: 'bob@x.io' });
  await createInterviewsRepo(db).saveInterviewNote(ann.uid, '2026-01-02', 'about Ann');
  await createInterviewsRepo(db).saveInterviewNote(bob.uid, '2026-01-02', 'about Bob');
  await db.experiences.bulkAdd([
    { id: 1, uid: newUid(), candidateUid: ann.uid, title: 'Rep', company: 'Ann Co', startDate: '2020', endDate: null, description: null, current: true, createdAt: '', updatedAt: '', deletedAt: null },
    { id: 2, uid: newUid(), candidateUid: bob.uid, title: 'Rep', company: 'Bob Co', startDate: '2020', endDate: null, description: null, current: true, createdAt: '', updatedAt: '', deletedAt: null },
  ]);
  // An import carrying a row with Ann's uid (a replay) and one for someone else; a rejected edit of Ann.
  const importEntry: OutboxEntry = {
    id: 5,
    name: 'candidates.import',
    args: { rows: [{ uid: ann.uid, name: 'Ann Erased', email: 'ann@x.io' }, { uid: newUid(), name: 'Cy', email: 'cy@x.io' }], fileName: 'f.csv' },
    hlc: (await db.outbox.get(4))!.hlc,
    createdAt: '2026-01-02T00:00:00.000Z',
    label: 'Import 2 candidates from f.csv',
    count: 2,
  };
  await db.outbox.add(importEntry);
  await db.rejected.add({ ...importEntry, id: 1, name: 'candidate.update', args: { uid: ann.uid, changes: { phone: '1' } }, label: 'Edit Ann Erased (phone)', reason: 'no', rejectedAt: '' });

  expect(await forget([ann.uid])).toBe(true);

  expect(await db.candidates.toCollection().primaryKeys()).toEqual([bob.uid]);
  expect((await db.interviewNotes.toArray()).map((n) => n.note)).toEqual(['about Bob']);
  expect((await db.experiences.toArray()).map((e) => e.company)).toEqual(['Bob Co']);
  // Bob's note keeps its "none" copy; candidates made here have none (they are localOnly).
  expect((await db.serverRows.toArray()).map((copy) => copy.kind)).toEqual(['interviewNote']);
  expect((await db.serverRows.toArray()).some((copy) => copy.uid === ann.uid)).toBe(false);
  expect(await db.rejected.count()).toBe(0);
  const outbox = await db.outbox.orderBy('id').toArray();
  expect(outbox.map((e) => [e.id, e.name, e.label])).toEqual([
    [1, 'candidate.delete', ERASED_CHANGE_LABEL],
    [2, 'candidate.create', 'Add Bob Stays'],
    [3, 'candidate.delete', ERASED_CHANGE_LABEL],
    [4, 'interviewNote.save', 'Interview note for Bob Stays (2026-01-02)'],
    [5, 'candidates.import', 'Import 2 candidates from f.csv'],
  ]);
  expect(outbox[0]!.args).toEqual({ uid: ann.uid });
  expect(outbox[4]).toMatchObject({ count: 1, args: { rows: [{ name: 'Cy' }], fileName: 'f.csv' } });
  expect(JSON.stringify(await db.outbox.toArray())).not.toMatch(/Ann/);
});

it('does nothing without erased uids', async () => {
  db = await ownedDb();
  await createCandidatesRepo(db).createCandidate({ name: 'Ann', email: 'ann@x.io' });
  expect(await forget([])).toBe(false);
  expect(await db.candidates.count()).toBe(1);
});

it('drops an erased candidate’s items from pending bulk changes and import undos, and a saved view is no one’s candidate', async () => {
  db = await ownedDb();
  const candidates = createCandidatesRepo(db);
  const ann = await candidates.createCandidate({ name: 'Ann Erased', email: 'ann@x.io' });
  const bob = await candidates.createCandidate({ name: 'Bob Stays', email: 'bob@x.io' });
  const hlc = (await db.outbox.get(2))!.hlc;
  const entry = (id: number, name: OutboxEntry['name'], args: unknown, count: number): OutboxEntry => ({ id, name, args, hlc, createdAt: '', label: `change ${id}`, count });
  await db.outbox.bulkAdd([
    entry(3, 'candidates.bulk', { items: [{ kind: 'setStatus', uid: ann.uid, status: 'hired' }, { kind: 'setStatus', uid: bob.uid, status: 'hired' }] }, 2),
    entry(4, 'candidates.undoImport', { importHlcs: [hlc], items: [{ uid: ann.uid, created: true }] }, 1),
    entry(5, 'savedView.delete', { uid: ann.uid }, 1),
  ]);
  await forget([ann.uid]);
  const outbox = await db.outbox.where('id').above(2).toArray();
  expect(outbox.map((e) => [e.name, e.count, e.args])).toEqual([
    ['candidates.bulk', 1, { items: [{ kind: 'setStatus', uid: bob.uid, status: 'hired' }] }],
    ['candidate.delete', 1, { uid: ann.uid }],
    // A saved view's uid is a view's, never a candidate's: left alone.
    ['savedView.delete', 1, { uid: ann.uid }],
  ]);
});

it('rewrites a pending scorecard of an erased candidate too, its notes gone with it', async () => {
  db = await ownedDb();
  const ann = await createCandidatesRepo(db).createCandidate({ name: 'Ann Erased', email: 'ann@x.io' });
  const interviews = createScheduledInterviewsRepo(db);
  const uid = await interviews.scheduleInterview(ann.uid, { date: '2026-01-02', startTime: '09:00', timeZone: 'UTC', durationMinutes: 30, interviewerId: 1, place: '', note: '' });
  await interviews.scoreInterview(uid, { notes: 'Ann said something personal', notesBase: '' });
  await forget([ann.uid]);
  const pending = await db.outbox.toArray();
  expect(pending.filter((entry) => entry.name === 'interview.score')).toEqual([]);
  expect(JSON.stringify(pending)).not.toContain('something personal');
  expect(await db.scheduledInterviews.count()).toBe(0);
});
