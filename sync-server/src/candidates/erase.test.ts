/**
 * Erasing a candidate for privacy (POST /api/candidates/:id/erase): admin only; afterwards no table
 * holds any of the person's data — every row of every table is searched for it — devices learn the
 * uid through pull, and no later write (an offline device's edit, a replayed create or import with the
 * same uid, an interview note, REST) brings it back, while a new arrival with the same email is a new
 * candidate.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ONLY_MESSAGE } from '../auth/access';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import type { HttpClient } from '../../tests/helpers/http-client';
import { TestDevice, candidateArgs } from '../../tests/helpers/sync-device';
import { serverRowsMentioning } from '../../tests/helpers/personal-data';
import { ERASURE } from './erase.service';

let server: TestServer;
let admin: HttpClient;
let recruiter: HttpClient;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  adminId = (await admin.get('/api/user')).body.id;
  recruiter = await server.recruiterClient();
});
afterAll(() => server.close());

it('says what erasure does to every column of the candidates table, and to no other', async () => {
  const { rows } = await server.db.knex.raw("SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'candidates'");
  expect(rows.map((row: { name: string }) => row.name).sort()).toEqual(Object.keys(ERASURE).sort());
});

/** Text that identifies the person; none of it may survive the erasure anywhere. */
function personalData(tag: string) {
  return {
    name: `Erin ${tag} Eraseme`,
    email: `erin.${tag}@private.example`,
    phone: `+1 555 01${tag.length}9 ${tag}`,
    location: `Secretville ${tag}`,
    source: `Referral from ${tag}`,
    experience: `Sold ${tag} widgets`,
    skills: `Haggling-${tag}`,
    notes: `Home address of ${tag}`,
  };
}

const rowsMentioning = (needles: string[]) => serverRowsMentioning(server.db.knex, needles);

async function countWhere(table: string, where: (q: Knex.QueryBuilder) => void): Promise<number> {
  const query = server.db.knex(table);
  where(query);
  return Number((await query.count({ n: '*' }).first())!.n);
}

const accepted = (res: { status: number; body: { results: Array<{ status: string }> } }) => {
  expect(res.status).toBe(200);
  return res.body.results.map((r) => r.status);
};

describe('erasing a candidate for privacy', () => {
  const person = personalData('k7q');
  const needles = Object.values(person).concat(['Private interview remark k7q', 'Old phone k7q']);
  let device: TestDevice;
  let uid: string;
  let duplicateUid: string;
  let id: number;
  let keep: ReturnType<typeof candidateArgs>;

  beforeAll(async () => {
    device = new TestDevice(recruiter);
    const created = candidateArgs(person);
    uid = created.uid;
    const duplicate = candidateArgs({ ...person, email: ` ${person.email.toUpperCase()} ` });
    duplicateUid = duplicate.uid;
    keep = candidateArgs({ name: 'Kept Kim', notes: 'Stays' });
    const res = await device.push([
      device.mutation('candidate.create', { ...created, phone: 'Old phone k7q' }),
      device.mutation('candidate.update', { uid, changes: { phone: person.phone } }),
      device.mutation('interviewNote.save', { uid: randomUUID(), candidateUid: uid, day: '2026-03-02', note: 'Private interview remark k7q' }),
      device.mutation('candidate.create', duplicate),
      device.mutation('candidate.create', keep),
      device.mutation('candidate.update', { uid: keep.uid, changes: { phone: '111' } }),
      device.mutation('candidate.update', { uid: keep.uid, changes: { phone: '222' } }),
    ]);
    expect(accepted(res).every((s) => s === 'applied')).toBe(true);
    // A deleted duplicate keeps the person's data as a tombstone and a '*' snapshot in its history
    // (deleting is an administrator's).
    const deleter = new TestDevice(admin);
    expect(accepted(await deleter.push([deleter.mutation('candidate.delete', { uid: duplicateUid })]))).toEqual(['applied']);
    id = (await server.db.knex('candidates').where({ uid }).first('id')).id;
    await server.db.knex('experiences').insert({ uid: randomUUID(), candidateId: id, title: 'Rep', company: `Widgets k7q`, startDate: '2020-01' });
    needles.push('Widgets k7q');
    await device.pull();
    expect(await rowsMentioning(needles)).not.toEqual([]);
  });

  it('is for admins only: a recruiter gets 403 and nothing changes', async () => {
    const refused = await recruiter.post(`/api/candidates/${id}/erase`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ADMIN_ONLY_MESSAGE);
    expect((await server.db.knex('candidates').where({ id }).first()).name).toBe(person.name);
  });

  it('removes the person from every table, leaving an id-only tombstone with who and when', async () => {
    const res = await admin.post(`/api/candidates/${id}/erase`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, uid, erasedAt: expect.any(String), records: 2 });

    expect(await rowsMentioning(needles)).toEqual([]);
    const tombstone = await server.db.knex('candidates').where({ id }).first();
    expect(tombstone).toMatchObject({ uid, name: '', email: '', phone: null, location: null, source: null, notes: '', skills: '' });
    expect(tombstone).toMatchObject({ experience: null, userId: null, fieldClocks: {}, erasedBy: adminId });
    expect(tombstone.deletedAt).toBeInstanceOf(Date);
    expect(new Date(tombstone.erasedAt).toISOString()).toBe(res.body.erasedAt);
    const duplicate = await server.db.knex('candidates').where({ uid: duplicateUid }).first();
    expect(duplicate).toMatchObject({ name: '', email: '', erasedBy: adminId });
    for (const table of ['candidate_events', 'interview_notes', 'experiences']) {
      expect(await countWhere(table, (q) => q.whereIn('candidateId', [id, duplicate.id])), table).toBe(0);
    }
    // Someone else's record and history are untouched.
    const kept = await server.db.knex('candidates').where({ uid: keep.uid }).first();
    expect(kept).toMatchObject({ name: 'Kept Kim', phone: '222', notes: 'Stays', erasedAt: null });
    expect(await countWhere('candidate_events', (q) => q.where({ candidateId: kept.id }))).toBe(2);
  });

  it('tells devices through pull, as uids only, whether they pull from a cursor or from scratch', async () => {
    const since = await device.pull();
    expect(since.erased.sort()).toEqual([uid, duplicateUid].sort());
    expect(since.candidates.map((c) => c.uid)).not.toContain(uid);
    expect(since.interviewNotes).toEqual([]);
    const fresh = await new TestDevice(admin).pull();
    expect(fresh.erased.sort()).toEqual([uid, duplicateUid].sort());
    expect(fresh.candidates.map((c) => c.uid)).toEqual([keep.uid]);
    expect(JSON.stringify(fresh.pages)).not.toContain(person.email);
  });

  it('refuses every later write to the erased uid, keeping none of it', async () => {
    const offline = new TestDevice(recruiter);
    const res = await offline.push([
      offline.mutation('candidate.update', { uid, changes: { notes: person.notes } }),
      offline.mutation('candidate.setStatus', { uid, status: 'interview', noteLine: person.notes }),
      offline.mutation('candidate.appendNote', { uid, line: person.notes }),
      offline.mutation('candidate.create', { ...candidateArgs(person), uid }),
      offline.mutation('candidates.import', { rows: [{ uid, name: person.name, email: person.email, phone: person.phone }] }),
      offline.mutation('interviewNote.save', { uid: randomUUID(), candidateUid: uid, day: '2026-03-03', note: person.notes }),
      offline.mutation('candidate.delete', { uid }),
    ]);
    expect(accepted(res)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'rejected', 'rejected', 'applied']);
    expect(res.body.results[0].reason).toBe('The candidate was erased for privacy; the change was dropped');

    expect((await admin.patch(`/api/candidates/${id}`, { notes: person.notes })).status).toBe(404);
    expect((await admin.post('/api/interview-notes', { candidateId: id, note: person.notes })).status).toBe(404);
    expect((await admin.get(`/api/candidates/${id}/history`)).status).toBe(404);
    expect(await rowsMentioning(needles)).toEqual([]);
    expect(await server.db.knex('candidates').where({ uid }).first()).toMatchObject({ name: '', email: '' });
  });

  it('lets the same email arrive again as a new candidate (Zapier, import)', async () => {
    const key = (await recruiter.post('/api/api-keys', { name: 'Zapier' })).body.key;
    const zap = await server.client().post('/api/zapier/candidates', { name: person.name, email: person.email }, { headers: { 'x-api-key': key } });
    expect(zap.status).toBe(201);
    expect(zap.body.id).not.toBe(id);
    const again = await device.push([device.mutation('candidates.import', { rows: [{ uid: randomUUID(), name: person.name, email: person.email }] })]);
    expect(accepted(again)).toEqual(['applied']);
    const live = await server.db.knex('candidates').whereRaw('lower(email) = ?', [person.email]).whereNull('deletedAt');
    expect(live.map((c) => c.id)).toEqual([zap.body.id]);
  });

  it('answers the first erasure when asked again, and 404 for an unknown candidate', async () => {
    const again = await admin.post(`/api/candidates/${id}/erase`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, uid, records: 0 });
    expect((await admin.post('/api/candidates/999999/erase')).status).toBe(404);
  });
});
