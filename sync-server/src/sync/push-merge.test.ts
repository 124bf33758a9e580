/**
 * POST /api/sync/push against a real server: how pushed mutations merge — per-field last writer wins by
 * clock (a clock far ahead clamped), appends kept, deletes winning and their undos, a recruiter's
 * limits and Undo import, status changes, candidates.import's upsert by email, one interview note per
 * candidate and day. Who may push, the envelope and exactly-once are in push.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatHlc, parseHlc } from '@shared/sync/hlc';
import type { TestServer } from '../../tests/helpers/test-server';
import { serverForFile } from '../../tests/helpers/file-server';
import type { HttpClient } from '../../tests/helpers/http-client';
import { TestDevice, candidateArgs } from '../../tests/helpers/sync-device';

let server: TestServer;
let admin: HttpClient;
let recruiter: HttpClient;

serverForFile((file) => ({ server, admin, recruiter } = file));

const stamp = (millis: number, node = 'dev') => formatHlc({ millis, counter: 0, node });

const serverCandidate = (uid: string) => server.db.knex('candidates').where({ uid }).first();

async function history(id: number) {
  const res = await admin.get(`/api/candidates/${id}/history`);
  expect(res.status).toBe(200);
  return res.body as Array<{ field: string; kind: string; value: unknown; origin: string; clientId: string; mutationId: number }>;
}

describe('push: merge rules', () => {
  it('per-field last writer wins by clock; the loser goes to the history', async () => {
    const one = new TestDevice(admin);
    const two = new TestDevice(admin);
    const a = candidateArgs({ phone: '111' });
    const t = Date.now();
    await one.push([one.mutation('candidate.create', a, stamp(t - 10_000, 'one'))]);
    await two.push([two.mutation('candidate.update', { uid: a.uid, changes: { phone: '333', location: 'Austin' } }, stamp(t, 'two'))]);
    // Made offline earlier, pushed later: loses on phone, wins nowhere.
    await one.push([one.mutation('candidate.update', { uid: a.uid, changes: { phone: '222' } }, stamp(t - 5000, 'one'))]);
    const row = await serverCandidate(a.uid);
    expect(row).toMatchObject({ phone: '333', location: 'Austin' });
    const events = await history(row.id);
    expect(events).toEqual([
      expect.objectContaining({ field: 'phone', kind: 'overwritten', value: '111', origin: 'sync', clientId: two.clientId, mutationId: 1 }),
      expect.objectContaining({ field: 'location', kind: 'overwritten', value: null, clientId: two.clientId }),
      expect.objectContaining({ field: 'phone', kind: 'rejected', value: '222', clientId: one.clientId, mutationId: 2 }),
    ]);
  });

  it('clamps a clock more than five minutes ahead, so it cannot win every future conflict', async () => {
    const skewed = new TestDevice(admin);
    const honest = new TestDevice(admin);
    const a = candidateArgs();
    await skewed.push([skewed.mutation('candidate.create', a, stamp(Date.now() - 1000, 'skewed'))]);
    await skewed.push([
      skewed.mutation('candidate.update', { uid: a.uid, changes: { location: 'Mars' } }, stamp(Date.now() + 24 * 3600_000, 'skewed')),
    ]);
    const stored = await serverCandidate(a.uid);
    const clamped = parseHlc(stored.fieldClocks.location).millis;
    expect(clamped).toBeLessThanOrEqual(Date.now());
    // The honest device's clock must be past the clamped stamp for its later edit to win.
    await expect.poll(() => Date.now(), { interval: 1 }).toBeGreaterThan(clamped);
    await honest.push([honest.mutation('candidate.update', { uid: a.uid, changes: { location: 'Earth' } })]);
    expect((await serverCandidate(a.uid)).location).toBe('Earth');
  });

  it('keeps both of two offline appends, in either order', async () => {
    const one = new TestDevice(admin);
    const two = new TestDevice(admin);
    const a = candidateArgs();
    await one.push([one.mutation('candidate.create', a)]);
    const late = two.mutation('candidate.appendNote', { uid: a.uid, line: 'from two (written first)' }, stamp(Date.now() - 60_000, 'two'));
    await one.push([one.mutation('candidate.appendNote', { uid: a.uid, line: 'from one' })]);
    await two.push([late]);
    expect((await serverCandidate(a.uid)).notes).toBe('from one\nfrom two (written first)');
  });

  it('lets deletes win: later edits are refused but kept in the history', async () => {
    const one = new TestDevice(admin);
    const two = new TestDevice(admin);
    const a = candidateArgs({ location: 'Boston' });
    await one.push([one.mutation('candidate.create', a)]);
    const edit = two.mutation('candidate.update', { uid: a.uid, changes: { location: 'Denver' } });
    const note = two.mutation('candidate.appendNote', { uid: a.uid, line: 'called them' });
    await one.push([one.mutation('candidate.delete', { uid: a.uid })]);
    const res = await two.push([edit, note]);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'rejected']);
    expect(res.body.results[0].reason).toBe('The candidate was deleted; the change is kept in its history');
    const row = await serverCandidate(a.uid);
    expect(row.deletedAt).not.toBeNull();
    expect(row.location).toBe('Boston');
    const events = await history(row.id);
    expect(events.map((e) => [e.field, e.kind])).toEqual([
      ['*', 'deleted'],
      ['location', 'rejected'],
      ['notes', 'rejected'],
    ]);
    expect(events[0]!.value).toMatchObject({ name: a.name, location: 'Boston' });
    expect(events[2]!.value).toBe('called them');
    // Deleting again is done, not refused.
    expect((await one.push([one.mutation('candidate.delete', { uid: a.uid })])).body.results[0].status).toBe('applied');
  });

  it('undoes a delete (single or bulk) only while the tombstone is that delete’s, and records it', async () => {
    const device = new TestDevice(admin);
    const other = new TestDevice(admin);
    const a = candidateArgs({ location: 'Boston' });
    const b = candidateArgs();
    await device.push([device.mutation('candidate.create', a), device.mutation('candidate.create', b)]);
    const before = await serverCandidate(a.uid);
    const remove = device.mutation('candidates.bulk', { items: [{ kind: 'delete', uid: a.uid }] });
    // b is deleted by another device first: this device's delete of it changes nothing.
    await other.push([other.mutation('candidate.delete', { uid: b.uid })]);
    const removeB = device.mutation('candidate.delete', { uid: b.uid });
    const undo = device.mutation('candidates.bulk', { items: [{ kind: 'undoDelete', uid: a.uid, deleteHlc: remove.hlc }] });
    const undoB = device.mutation('candidate.undoDelete', { uid: b.uid, deleteHlc: removeB.hlc });
    const res = await device.push([remove, removeB, undo, undoB]);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied', 'rejected']);
    expect(res.body.results[3].reason).toBe('The candidate was deleted by another change; it stays deleted');
    const after = await serverCandidate(a.uid);
    // The row was written again (its xid and its run of the client's own writes say so), to the same values.
    const values = ({ xid: _xid, updatedAt: _updatedAt, ownLast: _last, ownCount: _count, ...rest }: typeof after) => rest;
    expect(values(after)).toEqual(values(before));
    expect((await serverCandidate(b.uid)).deletedAt).not.toBeNull();
    expect((await history(after.id)).map((e) => [e.field, e.kind])).toEqual([
      ['*', 'deleted'],
      ['*', 'restored'],
    ]);
  });

  it('refuses a recruiter’s deletes and undos of deletes; the rest of a bulk applies', async () => {
    const device = new TestDevice(recruiter);
    const a = candidateArgs();
    const b = candidateArgs();
    await device.push([device.mutation('candidate.create', a), device.mutation('candidate.create', b)]);
    const res = await device.push([
      device.mutation('candidate.delete', { uid: a.uid }),
      device.mutation('candidates.bulk', { items: [{ kind: 'delete', uid: a.uid }, { kind: 'setStatus', uid: b.uid, status: 'hired' }] }),
      device.mutation('candidate.undoDelete', { uid: a.uid, deleteHlc: stamp(Date.now()) }),
    ]);
    expect(res.body.results.map((r: { status: string; reason?: string }) => [r.status, r.reason])).toEqual([
      ['rejected', 'Only administrators can delete candidates'],
      ['applied', undefined],
      ['rejected', 'Only administrators can delete candidates'],
    ]);
    expect((await serverCandidate(a.uid)).deletedAt).toBeNull();
    expect((await serverCandidate(b.uid)).status).toBe('hired');
  });

  it('undoes a recruiter’s import: removes what it made, restores what it changed, keeps what changed since; another recruiter cannot remove it', async () => {
    const device = new TestDevice(recruiter);
    const other = new TestDevice(await server.recruiterClient());
    const known = candidateArgs({ phone: '555-0100', location: 'Austin', notes: 'Met at the fair' });
    const adminDevice = new TestDevice(admin);
    await adminDevice.push([adminDevice.mutation('candidate.create', known)]);
    const before = await serverCandidate(known.uid);
    const made = candidateArgs();
    const importing = device.mutation('candidates.import', {
      rows: [
        { uid: made.uid, name: made.name, email: made.email },
        { uid: randomUUID(), name: known.name, email: known.email, phone: '555-0199', location: 'Denver', notes: 'Prefers remote' },
      ],
    });
    await device.push([importing]);
    // After the import another device changes the location: the undo keeps it.
    await other.push([other.mutation('candidate.update', { uid: known.uid, changes: { location: 'Reno' } })]);
    const args = {
      importHlcs: [importing.hlc],
      items: [
        { uid: made.uid, created: true },
        { uid: known.uid, previous: { phone: '555-0100', location: 'Austin' }, addedLines: ['Prefers remote'] },
      ],
    };
    const refused = await other.push([other.mutation('candidates.undoImport', { ...args, items: [args.items[0]] })]);
    expect(refused.body.results[0]).toMatchObject({ status: 'applied' });
    expect((await serverCandidate(made.uid)).deletedAt).toBeNull();
    const res = await device.push([device.mutation('candidates.undoImport', args)]);
    expect(res.body.results[0].status).toBe('applied');
    expect((await serverCandidate(made.uid)).deletedAt).not.toBeNull();
    const after = await serverCandidate(known.uid);
    expect({ phone: after.phone, location: after.location, notes: after.notes }).toEqual({ phone: before.phone, location: 'Reno', notes: before.notes });
    expect((await history(after.id)).map((e) => [e.field, e.kind, e.value])).toEqual(
      expect.arrayContaining([
        ['phone', 'overwritten', '555-0199'],
        ['notes', 'overwritten', 'Met at the fair\nPrefers remote'],
      ]),
    );
  });

  it('setStatus records when the status changed and appends its note line', async () => {
    const device = new TestDevice(admin);
    const a = candidateArgs();
    const at = Date.now() - 1000;
    await device.push([
      device.mutation('candidate.create', a, stamp(at - 1000, 'd')),
      device.mutation('candidate.setStatus', { uid: a.uid, status: 'interview', noteLine: '[2026-01-01] Status updated' }, stamp(at, 'd')),
    ]);
    const row = await serverCandidate(a.uid);
    expect(row.status).toBe('interview');
    expect(new Date(row.statusChangedAt).getTime()).toBe(at);
    expect(row.notes).toBe('[2026-01-01] Status updated');
  });
});

describe('push: candidates.import', () => {
  it('upserts by trimmed, lower-cased email and leaves fields the row lacks alone', async () => {
    const device = new TestDevice(admin);
    const existing = candidateArgs({ name: 'Known Person', email: 'Known.Person@Example.com', phone: '555-0100', location: 'Reno' });
    await device.push([device.mutation('candidate.create', existing)]);
    const rows = [
      { uid: randomUUID(), name: 'Known Person', email: '  known.person@example.COM ', location: 'Las Vegas', notes: 'imported note' },
      { uid: randomUUID(), name: 'Fresh One', email: 'fresh.one@example.com' },
      { uid: randomUUID(), name: 'Fresh One Again', email: 'FRESH.ONE@example.com', phone: '555-0199' },
    ];
    const res = await device.push([device.mutation('candidates.import', { rows, fileName: 'a.csv' })]);
    expect(res.body.results[0]).toEqual({ id: 2, status: 'applied' });
    const known = await server.db.knex('candidates').whereRaw('lower(btrim(email)) = ?', ['known.person@example.com']);
    expect(known).toHaveLength(1);
    expect(known[0]).toMatchObject({ uid: existing.uid, phone: '555-0100', location: 'Las Vegas', notes: 'imported note' });
    const fresh = await server.db.knex('candidates').whereRaw('lower(btrim(email)) = ?', ['fresh.one@example.com']);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ uid: rows[1]!.uid, name: 'Fresh One Again', phone: '555-0199' });
    const events = await history(known[0].id);
    expect(events).toEqual([expect.objectContaining({ field: 'location', kind: 'overwritten', value: 'Reno' })]);
  });

  it('refuses rows that are not valid, naming the row', async () => {
    const device = new TestDevice(admin);
    const res = await device.push([
      device.mutation('candidates.import', { rows: [{ uid: randomUUID(), name: 'A', email: 'a@x.io' }, { uid: randomUUID(), name: '' }] }),
      device.mutation('candidates.import', { rows: [] }),
    ]);
    expect(res.body.results[0].reason).toMatch(/^Invalid candidates\.import: row 2 of the batch: name: Name is required/);
    expect(res.body.results[1].status).toBe('rejected');
    expect(await server.db.knex('candidates').where({ email: 'a@x.io' })).toHaveLength(0);
  });
});

describe('push: interviewNote.save', () => {
  it('keeps one note per candidate and day, last writer wins, the loser in the history', async () => {
    const one = new TestDevice(admin);
    const two = new TestDevice(admin);
    const a = candidateArgs();
    await one.push([one.mutation('candidate.create', a)]);
    const t = Date.now();
    await one.push([
      one.mutation('interviewNote.save', { uid: randomUUID(), candidateUid: a.uid, day: '2026-03-04', note: 'strong closer' }, stamp(t, 'one')),
    ]);
    // Another device derived another uid for the same candidate and day: same note.
    await two.push([
      two.mutation('interviewNote.save', { uid: randomUUID(), candidateUid: a.uid, day: '2026-03-04', note: 'older text' }, stamp(t - 100, 'two')),
      two.mutation('interviewNote.save', { uid: randomUUID(), candidateUid: a.uid, day: '2026-03-04', note: 'final text' }, stamp(t + 100, 'two')),
    ]);
    const row = await serverCandidate(a.uid);
    const notes = await server.db.knex('interview_notes').where({ candidateId: row.id });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ day: '2026-03-04', note: 'final text' });
    const events = await history(row.id);
    expect(events.map((e) => [e.field, e.kind, e.value])).toEqual([
      ['interviewNote:2026-03-04', 'rejected', 'older text'],
      ['interviewNote:2026-03-04', 'overwritten', 'strong closer'],
    ]);
  });

  it('refuses a note for an unknown candidate or with a bad day', async () => {
    const device = new TestDevice(admin);
    const res = await device.push([
      device.mutation('interviewNote.save', { uid: randomUUID(), candidateUid: randomUUID(), day: '2026-03-04', note: 'x' }),
      device.mutation('interviewNote.save', { uid: randomUUID(), candidateUid: randomUUID(), day: '4 March', note: 'x' }),
    ]);
    expect(res.body.results.map((r: { reason: string }) => r.reason)).toEqual([
      'Candidate not found',
      'Invalid interviewNote.save: day: Must be a yyyy-MM-dd date',
    ]);
  });
});
