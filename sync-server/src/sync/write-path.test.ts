/**
 * One write path (issue: notes never lose a line; the server applies the shared mutations): what
 * devices, REST and integrations write, as the server stores it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHlc } from '@shared/sync/hlc';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import type { HttpClient } from '../../tests/helpers/http-client';
import { TestDevice, candidateArgs } from '../../tests/helpers/sync-device';
import { runMutation } from '../candidates/candidate-writes.service';

let server: TestServer;
let admin: HttpClient;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  key = (await admin.post('/api/api-keys', { name: 'Careers Zap' })).body.key;
});
afterAll(() => server.close());

const stamp = (millis: number, node = 'dev') => formatHlc({ millis, counter: 0, node });
const row = (uid: string) => server.db.knex('candidates').where({ uid }).first();
const zapier = (body: unknown) => server.client().post('/api/zapier/candidates', body, { headers: { 'x-api-key': key } });

async function pushOk(device: TestDevice, name: Parameters<TestDevice['mutation']>[0], args: Record<string, unknown>, hlc?: string) {
  const res = await device.push([device.mutation(name, args, hlc)]);
  expect(res.status).toBe(200);
  return res.body.results[0] as { status: string; reason?: string };
}

describe('notes from two offline devices', () => {
  it('keeps a line one device added in the dialog when the other turned the candidate down first', async () => {
    const a = new TestDevice(admin);
    const b = new TestDevice(admin);
    const args = candidateArgs({ notes: 'Met at SaaStr\nStrong closer' });
    await pushOk(a, 'candidate.create', args);
    // Both offline from here. A edits the notes in the dialog; B turns the candidate down.
    const edit = a.mutation('candidate.update', { uid: args.uid, changes: { notes: 'Met at SaaStr\nStrong closer\nWants OTE 120k' }, notesBase: args.notes });
    const turnDown = b.mutation('candidate.setStatus', { uid: args.uid, status: 'rejected', noteLine: '[2026-11-24 10:00 PST] Candidate marked as turned down (status rejected)' });
    expect((await b.push([turnDown])).body.results[0].status).toBe('applied');
    expect((await a.push([edit])).body.results[0].status).toBe('applied');
    const notes = (await row(args.uid)).notes as string;
    expect(notes.split('\n')).toEqual(['Met at SaaStr', 'Strong closer', '[2026-11-24 10:00 PST] Candidate marked as turned down (status rejected)', 'Wants OTE 120k']);
  });

  it('keeps both lines when both devices add one at the end, and records the conflict', async () => {
    const a = new TestDevice(admin);
    const b = new TestDevice(admin);
    const args = candidateArgs({ notes: 'First call went well' });
    await pushOk(a, 'candidate.create', args);
    const fromB = b.mutation('candidate.update', { uid: args.uid, changes: { notes: 'First call went well\nB: references checked' }, notesBase: args.notes });
    const fromA = a.mutation('candidate.update', { uid: args.uid, changes: { notes: 'First call went well\nA: send offer' }, notesBase: args.notes });
    await b.push([fromB]);
    await a.push([fromA]);
    const stored = await row(args.uid);
    expect(stored.notes).toBe('First call went well\nB: references checked\nA: send offer');
    const events = await server.db.knex('candidate_events').where({ candidateUid: args.uid, kind: 'conflict' });
    expect(events).toHaveLength(1);
    expect(events[0].value).toEqual({ v: 'First call went well\nA: send offer' });
  });

  it('removes a line only for an edit whose base held it', async () => {
    const a = new TestDevice(admin);
    const args = candidateArgs({ notes: 'keep\ndrop me' });
    await pushOk(a, 'candidate.create', args);
    await pushOk(a, 'candidate.appendNote', { uid: args.uid, line: 'appended later' });
    // An edit that started before the append and removed "drop me".
    await pushOk(a, 'candidate.update', { uid: args.uid, changes: { notes: 'keep' }, notesBase: 'keep\ndrop me' });
    expect((await row(args.uid)).notes).toBe('keep\nappended later');
  });
});

describe('notes added by imports and integrations', () => {
  it('appends a re-application note that is only a substring of a line already there', async () => {
    const first = await zapier({ name: 'Rae Rating', email: 'rae@substring.example', notes: 'Rating: 10' });
    expect(first.status).toBe(201);
    const again = await zapier({ name: 'Rae Rating', email: 'rae@substring.example', notes: 'Rating: 1' });
    expect(again.status).toBe(200);
    expect(again.body.notes.split('\n').slice(0, 2)).toEqual(['Rating: 10', 'Rating: 1']);
    // The same note brought twice is kept once.
    const third = await zapier({ name: 'Rae Rating', email: 'rae@substring.example', notes: 'Rating: 1' });
    expect(third.body.notes.split('\n').filter((line: string) => line === 'Rating: 1')).toHaveLength(1);
  });

  it('appends an import row note that is a substring of the existing notes', async () => {
    const device = new TestDevice(admin);
    const args = candidateArgs({ email: 'sub@import.example', notes: 'Prefers remote work' });
    await pushOk(device, 'candidate.create', args);
    await pushOk(device, 'candidates.import', { rows: [{ uid: randomUUID(), name: args.name, email: 'SUB@import.example', notes: 'remote' }] });
    expect((await row(args.uid)).notes).toBe('Prefers remote work\nremote');
  });
});

describe('two creates of one uid', () => {
  it('gives the same record in either order, and keeps both notes', async () => {
    const results: Array<Record<string, unknown>> = [];
    for (const order of [0, 1]) {
      const uid = randomUUID();
      const older = { ...candidateArgs({ uid, name: 'Older Name', email: `${uid.slice(0, 8)}@race.example`, notes: 'from the older', phone: '555-0100' }) };
      const newer = { ...candidateArgs({ uid, name: 'Newer Name', email: `${uid.slice(0, 8)}@race.example`, notes: 'from the newer' }) };
      // Stamps in the past: the server clamps stamps from the future to its own clock.
      const sends = [
        [older, stamp(Date.now() - 60_000)],
        [newer, stamp(Date.now() - 30_000)],
      ] as const;
      for (const [args, hlc] of order ? [...sends].reverse() : sends) await pushOk(new TestDevice(admin), 'candidate.create', args, hlc);
      const stored = await row(uid);
      results.push({ name: stored.name, phone: stored.phone, notes: new Set(String(stored.notes).split('\n')) });
    }
    expect(results[0]).toEqual(results[1]);
    // The newer create set every field, an absent phone included.
    expect(results[0]).toEqual({ name: 'Newer Name', phone: null, notes: new Set(['from the older', 'from the newer']) });
  });

  it.skipIf(!process.env.DATABASE_URL)('merges a create that raced another for its uid instead of refusing it (PostgreSQL)', async () => {
    const uid = randomUUID();
    const email = `${uid.slice(0, 8)}@race.example`;
    const writer = { origin: 'sync' as const, userId: null };
    const first = await server.db.knex.transaction();
    await runMutation(first, writer, { name: 'candidate.create', args: { ...candidateArgs({ uid, email, name: 'First', notes: 'first line' }) } }, stamp(Date.now() - 30_000));
    // The second create runs while the first is uncommitted: its insert waits for the first to end.
    const second = server.db.knex.transaction((trx) =>
      runMutation(trx, writer, { name: 'candidate.create', args: { ...candidateArgs({ uid, email, name: 'Second', notes: 'second line' }) } }, stamp(Date.now() - 60_000)),
    );
    await new Promise((resolve) => setImmediate(resolve));
    await first.commit();
    const { outcome } = await second;
    expect(outcome.status).toBe('applied');
    const stored = await row(uid);
    expect(stored.name).toBe('First');
    expect(String(stored.notes).split('\n').sort()).toEqual(['first line', 'second line']);
    // The older create's name lost to the newer one, and is in the history.
    const lost = await server.db.knex('candidate_events').where({ candidateUid: uid, field: 'name' });
    expect(lost.map((e) => [e.kind, e.value])).toEqual([['rejected', { v: 'Second' }]]);
  });
});

describe('interview notes through sync', () => {
  it('refuses an impossible day as the REST call does', async () => {
    const device = new TestDevice(admin);
    const args = candidateArgs();
    await pushOk(device, 'candidate.create', args);
    const result = await pushOk(device, 'interviewNote.save', { uid: randomUUID(), candidateUid: args.uid, day: '2026-02-30', note: 'x' });
    expect(result).toEqual({ id: 2, status: 'rejected', reason: 'Invalid interviewNote.save: day: Must be a real calendar day' });
    expect(await server.db.knex('interview_notes').where({ day: '2026-02-30' }).first()).toBeUndefined();
  });
});

describe('an integration in the history', () => {
  it('names the integration and its key, keeps the first source and names the new one in the reapplied line', async () => {
    const email = 'source@history.example';
    await zapier({ name: 'Sam Source', email, source: 'LinkedIn', phone: '555-0101' });
    const again = await zapier({ name: 'Sam Source', email, source: 'Indeed', phone: '555-0199' });
    expect(again.status).toBe(200);
    expect(again.body.source).toBe('LinkedIn');
    expect(again.body.notes).toMatch(/\] Candidate reapplied via Indeed$/);
    const history = (await admin.get(`/api/candidates/${again.body.id}/history`)).body as Array<Record<string, unknown>>;
    expect(history.map((e) => e.field)).toEqual(['phone']);
    expect(history[0]).toMatchObject({ origin: 'zapier', apiKeyName: 'Careers Zap', value: '555-0101' });
  });
});

describe('values too long or unstorable', () => {
  it('names the field and the problem, over REST, Zapier and sync', async () => {
    const args = candidateArgs({ email: 'val@limits.example' });
    await pushOk(new TestDevice(admin), 'candidate.create', args);
    const { id } = await row(args.uid);
    const long = await admin.patch(`/api/candidates/${id}`, { name: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ name: 'Name must be at most 200 characters' });
    const nul = await zapier({ name: 'Nul\u0000Byte', email: 'nul@limits.example' });
    expect(nul.status).toBe(400);
    expect(nul.body.fields).toEqual({ name: 'Contains a character that cannot be stored' });
    const email = await zapier({ name: 'Long Mail', email: `${'m'.repeat(250)}@limits.example` });
    expect(email.body.fields).toEqual({ email: 'Email must be at most 254 characters' });
    const year = await zapier({ name: 'Old Date', email: 'old@limits.example', appliedDate: '0000-01-01T00:00:00Z' });
    expect(year.body.fields).toEqual({ appliedDate: 'Must be a date between the years 1900 and 2100' });

    const device = new TestDevice(admin);
    const result = await pushOk(device, 'candidates.import', {
      rows: [
        { uid: randomUUID(), name: 'Fine', email: 'fine@limits.example' },
        { uid: randomUUID(), name: 'Half \uD83D emoji', email: 'half@limits.example' },
      ],
    });
    expect(result).toMatchObject({ status: 'rejected', reason: 'Invalid candidates.import: row 2 of the batch: name: Contains a character that cannot be stored' });
  });
});
