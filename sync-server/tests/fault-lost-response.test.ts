/**
 * Answers lost after the server committed: a device syncs through a proxy that drops the first push's
 * answer, cuts the second one off halfway, and drops the first pull's answer. The device retries by
 * itself; the server applies each mutation exactly once (the retries are replays), nothing is lost,
 * and the device ends up holding exactly the server's rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIdOf } from '@/db/meta';
import { PULL_PATH, PUSH_PATH } from '@/sync/transport';
import { EngineDevice, convergenceProblems } from './helpers/engine-device';
import { startFaultyProxy, type Fate, type FaultyProxy } from './helpers/faulty-proxy';
import { startTestServer, type TestServer } from './helpers/test-server';

let server: TestServer;
let proxy: FaultyProxy;
const fates: Record<'push' | 'pull', Fate[]> = { push: ['drop', 'truncate'], pull: ['drop'] };

beforeAll(async () => {
  server = await startTestServer();
  proxy = await startFaultyProxy(server.url, ({ path }) => {
    if (path.startsWith(PUSH_PATH)) return fates.push.shift() ?? 'pass';
    if (path.startsWith(PULL_PATH)) return fates.pull.shift() ?? 'pass';
    return 'pass';
  });
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

describe('answers lost after the server committed', () => {
  it('retries by itself: no duplicate, no loss', async () => {
    const http = await server.recruiterClient();
    const device = await EngineDevice.create(http, { urls: () => [proxy.url] });
    device.env.online = false;
    const ann = await device.candidates.createCandidate({ name: 'Ann Lost', email: 'ann.lost@x.io' });
    await device.candidates.appendNote(ann.uid, 'called once');
    await device.candidates.setStatus(ann.uid, 'interview', '[2026-03-01] Status updated');
    await device.interviews.saveInterviewNote(ann.uid, '2026-03-01', 'Strong closer');
    const rows = Array.from({ length: 1500 }, (_, i) => ({ name: `Lost ${i}`, email: `lost${i}@x.io` }));
    await device.candidates.importCandidates(rows);
    const written = await device.pending();
    expect(written).toBe(6);

    device.start();
    device.env.setOnline(true);
    await expect.poll(() => device.pending(), { timeout: 30_000 }).toBe(0);
    await device.engine.settled();

    // The answers really were lost after the server had done the work, and the same batch came again.
    const pushes = proxy.exchanges.filter((e) => e.path.startsWith(PUSH_PATH));
    expect(pushes.map((e) => [e.fate, e.status]), JSON.stringify(proxy.exchanges.map(({ body, ...e }) => ({ ...e, body: body.slice(0, 100) })), null, 1)).toEqual([
      ['drop', 200],
      ['truncate', 200],
      ['pass', 200],
    ]);
    const ids = pushes.map((e) => (JSON.parse(e.body).mutations as { id: number }[]).map((m) => m.id));
    expect(ids).toEqual([ids[0], ids[0], ids[0]]);
    const pulls = proxy.exchanges.filter((e) => e.path.startsWith(PULL_PATH));
    expect(pulls[0]).toMatchObject({ fate: 'drop', status: 200 });
    expect(pulls.length).toBeGreaterThan(1);

    const { knex } = server.db;
    const applied = await knex('applied_mutations').where({ clientId: await clientIdOf(device.db) }).orderBy('mutationId');
    expect(applied.map((m) => [Number(m.mutationId), m.status])).toEqual(ids[0]!.map((id) => [id, 'applied']));
    const [annOnServer, ...others] = await knex('candidates').where({ email: 'ann.lost@x.io' });
    expect(others).toEqual([]);
    expect(annOnServer).toMatchObject({ uid: ann.uid, status: 'interview' });
    expect(annOnServer.notes.split('called once')).toHaveLength(2);
    expect(annOnServer.notes.split('[2026-03-01] Status updated')).toHaveLength(2);
    expect(await knex('interview_notes').where({ candidateId: annOnServer.id })).toEqual([expect.objectContaining({ note: 'Strong closer' })]);
    const imported = await knex('candidates').where('email', 'like', 'lost%@x.io').pluck('email');
    expect(imported.sort()).toEqual(rows.map((r) => r.email).sort());

    const reader = await EngineDevice.create(http, { urls: () => [server.url] });
    expect(await convergenceProblems([device], reader)).toEqual([]);
    await device.close();
    await reader.close();
  });
});
