/**
 * POST /api/sync/push against a real server: who may push, the envelope and its limits, and exactly
 * once in order (replays, gaps, rejected mutations that never jam the queue). How the mutations merge
 * is in push-merge.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { TestServer } from '../../tests/helpers/test-server';
import { serverForFile } from '../../tests/helpers/file-server';
import type { HttpClient } from '../../tests/helpers/http-client';
import { TestDevice, candidateArgs } from '../../tests/helpers/sync-device';

let server: TestServer;
let admin: HttpClient;
let recruiter: HttpClient;

serverForFile((file) => ({ server, admin, recruiter } = file));

const serverCandidate = (uid: string) => server.db.knex('candidates').where({ uid }).first();

describe('push: who may push', () => {
  it('refuses signed-out pushes with 401, before reading a large body', async () => {
    const device = new TestDevice(server.client());
    const res = await device.push([device.mutation('candidate.create', candidateArgs())]);
    expect(res.status).toBe(401);
  });

  it('keeps a client id to the user who first used it (403 for another user, push and pull)', async () => {
    const device = new TestDevice(recruiter);
    expect((await device.push([device.mutation('candidate.create', candidateArgs())])).status).toBe(200);
    const thief = await admin.post('/api/sync/push', { clientId: device.clientId, mutations: [] });
    expect(thief.status).toBe(403);
    expect(thief.body).toMatchObject({ code: 'SYNC_CLIENT_OF_ANOTHER_USER', message: 'This sync client belongs to another user' });
    expect((await admin.get(`/api/sync/pull?clientId=${device.clientId}`)).status).toBe(403);
  });
});

describe('push: the envelope', () => {
  it('refuses a malformed envelope with 400', async () => {
    const device = new TestDevice(admin);
    const good = device.mutation('candidate.create', candidateArgs());
    const bad: unknown[] = [
      { mutations: [good] },
      { clientId: 'not-a-uuid', mutations: [good] },
      { clientId: device.clientId, mutations: 'x' },
      { clientId: device.clientId, mutations: [{ ...good, id: 0 }] },
      { clientId: device.clientId, mutations: [{ ...good, id: 1.5 }] },
      { clientId: device.clientId, mutations: [{ ...good, hlc: 'yesterday' }] },
      { clientId: device.clientId, mutations: Array.from({ length: 201 }, (_, i) => ({ ...good, id: i + 1 })) },
    ];
    for (const body of bad) {
      const res = await admin.post('/api/sync/push', body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect(await server.db.knex('sync_clients').where({ clientId: device.clientId }).first()).toBeUndefined();
  });

  it('accepts a push over the 1 MB JSON limit, and refuses one over the push limit with 413', async () => {
    const device = new TestDevice(admin);
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      ...candidateArgs({ name: `Bulk ${i}`, email: `bulk${i}@big.example` }),
      experience: 'x'.repeat(1200),
    }));
    const big = device.mutation('candidates.import', { rows });
    expect(JSON.stringify(big).length).toBeGreaterThan(1024 * 1024);
    const res = await device.push([big]);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([{ id: 1, status: 'applied' }]);
    const huge = await admin.request('POST', '/api/sync/push', {
      rawBody: JSON.stringify({ clientId: device.clientId, mutations: [], pad: 'x'.repeat(33 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
  });
});

describe('push: exactly once, in order', () => {
  it('applies each mutation once and answers replays with their stored results', async () => {
    const device = new TestDevice(admin);
    const args = candidateArgs();
    const create = device.mutation('candidate.create', args);
    const note = device.mutation('candidate.appendNote', { uid: args.uid, line: 'first line' });
    const bad = device.mutation('candidate.setStatus', { uid: args.uid, status: 'maybe' });
    const first = await device.push([create, note, bad]);
    expect(first.body.processedThrough).toBe(3);
    expect(first.body.results[0]).toEqual({ id: 1, status: 'applied' });
    expect(first.body.results[2]).toMatchObject({ id: 3, status: 'rejected' });
    const again = await device.push([create, note, bad, note]);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await serverCandidate(args.uid)).notes).toBe('first line');
    const recorded = await server.db.knex('applied_mutations').where({ clientId: device.clientId }).orderBy('mutationId');
    expect(recorded.map((r) => [r.mutationId, r.status])).toEqual([
      [1, 'applied'],
      [2, 'applied'],
      [3, 'rejected'],
    ]);
  });

  it('stops at a gap and processes nothing after it', async () => {
    const device = new TestDevice(admin);
    const a = candidateArgs();
    const m1 = device.mutation('candidate.create', a);
    const m2 = device.mutation('candidate.appendNote', { uid: a.uid, line: 'two' });
    const m3 = device.mutation('candidate.appendNote', { uid: a.uid, line: 'three' });
    const res = await device.push([m1, m3]);
    expect(res.body).toEqual({ processedThrough: 1, results: [{ id: 1, status: 'applied' }] });
    expect((await serverCandidate(a.uid)).notes).toBe('');
    // Out of order within a push is fine: mutations are taken by id.
    const rest = await device.push([m3, m2]);
    expect(rest.body.processedThrough).toBe(3);
    expect((await serverCandidate(a.uid)).notes).toBe('two\nthree');
  });

  it('a first push that does not start at 1 processes nothing', async () => {
    const device = new TestDevice(admin);
    device.mutation('candidate.create', candidateArgs());
    const res = await device.push([device.mutation('candidate.create', candidateArgs())]);
    expect(res.body).toEqual({ processedThrough: 0, results: [] });
  });

  it('rejects invalid mutations with a reason and keeps going, so the queue never jams', async () => {
    const device = new TestDevice(admin);
    const a = candidateArgs();
    const mutations = [
      device.mutation('candidate.create', { ...a, status: 'unknown' }),
      device.mutation('candidate.create', { ...a, email: 42 }),
      device.mutation('candidate.create', { uid: a.uid }),
      device.mutation('candidate.fly' as never, { uid: a.uid }),
      device.mutation('candidate.update', { uid: a.uid, changes: {} }),
      device.mutation('candidate.appendNote', { uid: randomUUID(), line: 'nobody' }),
      device.mutation('candidate.create', a),
    ];
    const res = await device.push(mutations);
    expect(res.body.processedThrough).toBe(7);
    const reasons = res.body.results.map((r: { reason?: string }) => r.reason);
    expect(reasons[0]).toMatch(/^Invalid candidate\.create: status: Status must be one of: new, screening/);
    expect(reasons[1]).toMatch(/^Invalid candidate\.create: email:/);
    expect(reasons[2]).toMatch(/^Invalid candidate\.create: name: Name is required/);
    expect(reasons[3]).toBe('Unknown mutation: candidate.fly');
    expect(reasons[4]).toMatch(/An update must change at least one field/);
    expect(reasons[5]).toBe('Candidate not found');
    expect(res.body.results[6]).toEqual({ id: 7, status: 'applied' });
    const rejected = await server.db.knex('applied_mutations').where({ clientId: device.clientId, status: 'rejected' });
    expect(rejected).toHaveLength(6);
    expect(rejected.every((r) => r.reason)).toBe(true);
  });

  it('undoes what a mutation the database refuses had done, records it as rejected and keeps going', async () => {
    const device = new TestDevice(admin);
    const existing = candidateArgs({ notes: 'as it was' });
    const fresh = candidateArgs();
    const later = candidateArgs();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A failure only the database sees (the shared schemas refuse what PostgreSQL cannot store, so a
    // trigger of this test's own database stands in for such a failure).
    const knex = server.db.knex;
    await knex.raw(`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.notes LIKE '%boom%' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`);
    await knex.raw('CREATE TRIGGER refuse_boom BEFORE UPDATE ON candidates FOR EACH ROW EXECUTE FUNCTION refuse_boom()');
    try {
      const res = await device.push([
        device.mutation('candidate.create', existing),
        // The new row is inserted first; the update of the existing one then fails.
        device.mutation('candidates.import', {
          rows: [
            { uid: fresh.uid, name: fresh.name, email: fresh.email },
            { uid: randomUUID(), name: existing.name, email: existing.email, notes: 'boom' },
          ],
        }),
        device.mutation('candidate.create', later),
      ]);
      expect(res.body.processedThrough).toBe(3);
      expect(res.body.results).toEqual([
        { id: 1, status: 'applied' },
        { id: 2, status: 'rejected', reason: 'The server could not apply this change' },
        { id: 3, status: 'applied' },
      ]);
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      await knex.raw('DROP TRIGGER refuse_boom ON candidates');
      await knex.raw('DROP FUNCTION refuse_boom()');
    }
    expect(await serverCandidate(fresh.uid)).toBeUndefined();
    expect((await serverCandidate(existing.uid)).notes).toBe('as it was');
    expect(await serverCandidate(later.uid)).toBeDefined();
    const [rejected] = await server.db.knex('applied_mutations').where({ clientId: device.clientId, mutationId: 2 });
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'The server could not apply this change' });
    // Replayed, it answers the same.
    const replay = await device.push([{ id: 2, name: 'candidates.import', args: { rows: [] }, hlc: device.clock.tick() }]);
    expect(replay.body.results).toEqual([{ id: 2, status: 'rejected', reason: 'The server could not apply this change' }]);
  });
});
