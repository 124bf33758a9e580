import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { interviewNoteUid } from '@shared/sync/ids';
import type { RepHireDb } from '@/db/database';
import { RecordNotFoundError } from '@/db/repo-errors';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { ownedDb } from '@/sync/testing/fixtures';
import { createInterviewsRepo } from './repo';

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
});
