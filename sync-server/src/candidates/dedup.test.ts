import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviewNoteUid } from '@shared/sync/ids';
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

/** Creates a candidate with notes and interview notes, last updated `minutesAgo` minutes ago. */
async function seed(email: string, minutesAgo: number, notes: string, interview: Record<string, string> = {}) {
  const args = candidateArgs({ email, notes });
  const mutations = [device.mutation('candidate.create', args)];
  for (const [day, note] of Object.entries(interview)) {
    mutations.push(device.mutation('interviewNote.save', { uid: await interviewNoteUid(args.uid, day), candidateUid: args.uid, day, note }));
  }
  await device.push(mutations);
  await server.db.knex('candidates').where({ uid: args.uid }).update({ updatedAt: new Date(Date.now() - minutesAgo * 60_000) });
  return args.uid;
}

const byUid = (uid: string) => server.db.knex('candidates').where({ uid }).first();
const notesOf = (uid: string) =>
  server.db
    .knex('interview_notes as n')
    .join('candidates as c', 'c.id', 'n.candidateId')
    .where('c.uid', uid)
    .whereNull('n.deletedAt')
    .orderBy('n.day')
    .select('n.day', 'n.note', 'n.uid');

describe('deduplication', () => {
  it('is for admins only', async () => {
    for (const path of ['/api/candidates/deduplicate', '/api/candidates/dedup-now']) {
      expect((await recruiter.post(path)).status).toBe(403);
      expect((await server.client().post(path)).status).toBe(401);
    }
  });

  it('deduplicate keeps the most recently updated record and merges the others’ notes and interview notes into it', async () => {
    const email = `dup-${randomUUID().slice(0, 6)}@dedup.io`;
    const oldest = await seed(`  ${email.toUpperCase()} `, 30, 'line A\nshared line', { '2026-01-10': 'old interview', '2026-01-11': 'only old' });
    const kept = await seed(email, 1, 'shared line\nline K', { '2026-01-10': 'kept interview' });
    const middle = await seed(email, 10, 'line M');
    const single = await seed(`single-${randomUUID().slice(0, 6)}@dedup.io`, 5, '');
    // An interview scheduled with a removed record moves to the kept one.
    const interviewUid = randomUUID();
    const adminId = (await admin.get('/api/user')).body.id;
    await device.push([
      device.mutation('interview.schedule', { uid: interviewUid, candidateUid: oldest, date: '2026-01-12', startTime: '10:00', timeZone: 'UTC', durationMinutes: 30, interviewerId: adminId }),
    ]);
    const reader = new TestDevice(admin);
    await reader.pull();

    const res = await admin.post('/api/candidates/deduplicate');
    expect(res.status).toBe(200);
    const live = await server.db.knex('candidates').whereNull('deletedAt').count({ n: '*' }).first();
    expect(res.body).toEqual({ duplicatesRemoved: 2, totalCandidates: Number(live!.n) });

    const keptRow = await byUid(kept);
    expect(keptRow.deletedAt).toBeNull();
    expect(keptRow.notes).toBe('shared line\nline K\nline M\nline A');
    expect((await byUid(oldest)).deletedAt).not.toBeNull();
    expect((await byUid(middle)).deletedAt).not.toBeNull();
    expect((await byUid(single)).deletedAt).toBeNull();
    expect(await notesOf(kept)).toEqual([
      { day: '2026-01-10', note: 'kept interview\nold interview', uid: await interviewNoteUid(kept, '2026-01-10') },
      { day: '2026-01-11', note: 'only old', uid: await interviewNoteUid(kept, '2026-01-11') },
    ]);
    expect(await notesOf(oldest)).toEqual([]);

    const history = (await admin.get(`/api/candidates/${(await byUid(oldest)).id}/history`)).body;
    expect(history).toEqual([
      expect.objectContaining({ field: 'interviewNote:2026-01-10', kind: 'merged', origin: 'dedup', value: 'old interview' }),
      expect.objectContaining({ field: 'interviewNote:2026-01-11', kind: 'merged', origin: 'dedup', value: 'only old' }),
      expect.objectContaining({ field: '*', kind: 'deleted', origin: 'dedup', value: expect.objectContaining({ notes: 'line A\nshared line' }) }),
    ]);

    // Devices learn of it by pull: two tombstones, the kept record, moved and merged notes.
    const pulled = await reader.pull();
    expect(pulled.candidates.filter((c) => c.deletedAt).map((c) => c.uid).sort()).toEqual([oldest, middle].sort());
    expect(pulled.candidates.find((c) => c.uid === kept)?.notes).toBe(keptRow.notes);
    expect(pulled.interviewNotes.filter((n) => !n.deletedAt).map((n) => n.day).sort()).toEqual(['2026-01-10', '2026-01-11']);
    expect(pulled.scheduledInterviews.map((i) => [i.uid, i.candidateUid, i.deletedAt])).toEqual([[interviewUid, kept, null]]);

    expect((await admin.post('/api/candidates/deduplicate')).body.duplicatesRemoved).toBe(0);
  });

  it('merges two removed records’ interview notes of a day the kept record has none for into one note', async () => {
    const email = `${randomUUID().slice(0, 8)}@two-notes.example`;
    const first = await seed(email, 30, '', { '2026-02-02': 'first visit' });
    const second = await seed(email, 20, '', { '2026-02-02': 'second visit' });
    const kept = await seed(email, 1, '');
    const res = await admin.post('/api/candidates/deduplicate');
    expect(res.status).toBe(200);
    expect((await byUid(first)).deletedAt).not.toBeNull();
    expect((await byUid(second)).deletedAt).not.toBeNull();
    const notes = await notesOf(kept);
    expect(notes.map((n) => [n.day, n.uid])).toEqual([['2026-02-02', await interviewNoteUid(kept, '2026-02-02')]]);
    expect(notes[0]!.note.split('\n').sort()).toEqual(['first visit', 'second visit']);
  });

  it('dedup-now only removes: the kept record’s notes stay as they were', async () => {
    const email = `now-${randomUUID().slice(0, 6)}@dedup.io`;
    const older = await seed(email, 20, 'older notes', { '2026-02-01': 'older interview' });
    const newer = await seed(email.toUpperCase(), 2, 'newer notes');
    const res = await admin.post('/api/candidates/dedup-now');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ duplicatesRemoved: 1 });
    expect((await byUid(newer)).notes).toBe('newer notes');
    expect((await byUid(newer)).deletedAt).toBeNull();
    expect((await byUid(older)).deletedAt).not.toBeNull();
    expect(await notesOf(newer)).toEqual([]);
    const history = (await admin.get(`/api/candidates/${(await byUid(older)).id}/history`)).body;
    expect(history[0]).toMatchObject({ field: '*', kind: 'deleted', value: expect.objectContaining({ notes: 'older notes' }) });
  });
});
