/**
 * The sync protocol's versions: an app still running version 1 (a request without `protocol`) gets
 * version 1's counter names (legacy-protocol.ts), the current version only the current names, and an
 * unknown version is refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import type { HttpClient } from '../../tests/helpers/http-client';
import { TestDevice, candidateArgs } from '../../tests/helpers/sync-device';

let server: TestServer;
let admin: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
});
afterAll(() => server.close());

describe('push: protocol versions', () => {
  it('answers an app of version 1 (no protocol) with lastMutationId, the current version with processedThrough only', async () => {
    const device = new TestDevice(admin);
    const a = candidateArgs();
    const create = device.mutation('candidate.create', a);
    const bad = device.mutation('candidate.setStatus', { uid: a.uid, status: 'maybe' });
    const legacy = await admin.post('/api/sync/push', { clientId: device.clientId, mutations: [create, bad] });
    expect(legacy.status).toBe(200);
    expect(legacy.body).toEqual({
      lastMutationId: 2,
      results: [
        { id: 1, status: 'applied' },
        { id: 2, status: 'rejected', reason: expect.any(String) },
      ],
    });
    const current = await device.push([create, bad]);
    expect(current.body).toEqual({ processedThrough: 2, results: legacy.body.results });
    const refused = await admin.post('/api/sync/push', { protocol: 3, clientId: device.clientId, mutations: [] });
    expect(refused.status).toBe(400);
  });
});

describe('pull: protocol versions', () => {
  it('answers an app of version 1 (no protocol) with its counter names, the current version with the current names only', async () => {
    const device = new TestDevice(admin);
    await device.push([device.mutation('candidate.create', candidateArgs())]);
    const legacy = await admin.get(`/api/sync/pull?clientId=${device.clientId}`);
    expect(legacy.status).toBe(200);
    expect(legacy.body).toMatchObject({ lastMutationId: expect.any(Number), processedMutationId: 1 });
    expect(legacy.body).not.toHaveProperty('includedThrough');
    expect(legacy.body).not.toHaveProperty('processedThrough');
    const current = await device.pullPage();
    expect(current.body).toMatchObject({ includedThrough: expect.any(Number), processedThrough: 1 });
    expect(current.body).not.toHaveProperty('lastMutationId');
    expect(current.body).not.toHaveProperty('processedMutationId');
    expect((await admin.get(`/api/sync/pull?clientId=${device.clientId}&protocol=3`)).status).toBe(400);
  });

  it.skipIf(!process.env.DATABASE_URL)('gives version 1 the included mutation as lastMutationId and the processed one as processedMutationId', async () => {
    const knex = server.db.knex;
    const device = new TestDevice(admin);
    await device.push([device.mutation('candidate.create', candidateArgs())]);
    expect((await device.pull()).last.includedThrough).toBe(1);
    const slow = await knex.transaction();
    try {
      await slow('candidates').insert({ uid: randomUUID(), name: 'slow', email: 'slow@versions.test' });
      // Processed, but above the horizon the slow transaction holds: not included yet.
      await device.push([device.mutation('candidate.create', candidateArgs())]);
      const params = new URLSearchParams({ clientId: device.clientId, cursor: device.cursor!, includedThrough: '1' });
      const legacy = await admin.get(`/api/sync/pull?${params}`);
      expect(legacy.body).toMatchObject({ done: true, lastMutationId: 1, processedMutationId: 2 });
      const current = await device.pullPage();
      expect(current.body).toMatchObject({ done: true, includedThrough: 1, processedThrough: 2 });
      expect(current.body).not.toHaveProperty('lastMutationId');
      expect(current.body).not.toHaveProperty('processedMutationId');
    } finally {
      await slow.rollback();
    }
  });
});
