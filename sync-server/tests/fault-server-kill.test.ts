/**
 * The server process is killed (SIGKILL: no shutdown code, transactions cut off) while a device pushes
 * a 20,000-row import, then started again on the same port. The device, syncing by itself, finishes
 * the import through its retries: every row exists exactly once on the server and on the device, and
 * the device's queue is empty. A clean shutdown (SIGTERM), on the other hand, lets a push under way
 * finish before the process exits. Needs real PostgreSQL (a server process of its own over one database).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS_PER_MUTATION } from '@shared/sync/protocol.schema';
import { clientIdOf } from '@/db/meta';
import { SyncError, type SyncTransport } from '@/sync/transport';
import { EngineDevice, deviceState } from './helpers/engine-device';
import { HttpClient } from './helpers/http-client';
import { ServerProcess } from './helpers/server-process';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { ADMIN } from './helpers/test-server';

const ROWS = 20_000;
const CHUNKS = ROWS / MAX_IMPORT_ROWS_PER_MUTATION;

let database: TestDatabase;
let server: ServerProcess | undefined;

/** Whether anything listens on the port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Records how each push ended: 'ok' or the failure's message. */
function recordPushes(outcomes: string[]) {
  return (transport: SyncTransport): SyncTransport => ({
    pull: transport.pull,
    push: async (request) => {
      try {
        const response = await transport.push(request);
        outcomes.push('ok');
        return response;
      } catch (error) {
        outcomes.push(error instanceof SyncError ? error.message : String(error));
        throw error;
      }
    },
  });
}

describe.skipIf(!process.env.DATABASE_URL)('the server killed during a push (needs PostgreSQL: DATABASE_URL)', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it('finishes a 20,000-row import after a restart, every row exactly once', { timeout: 240_000 }, async () => {
    server = await ServerProcess.start({ databaseUrl: database.url! });
    const http = new HttpClient(server.url);
    expect((await http.post('/api/register', ADMIN)).status).toBe(201);
    const device = await EngineDevice.create(http, { urls: () => [server!.url] });

    const rows = Array.from({ length: ROWS }, (_, i) => ({ name: `Row ${i}`, email: `row${i}@kill.test`, location: `City ${i % 50}` }));
    // Offline while importing, so the whole import is queued before the first push starts.
    device.env.online = false;
    expect(await device.candidates.importCandidates(rows, { fileName: 'big.csv' })).toMatchObject({ created: ROWS, mutations: CHUNKS });
    device.start();
    device.env.setOnline(true);

    // Kill once some chunks are committed and others are not: the push is under way.
    const clientId = await clientIdOf(device.db);
    const processed = async () => Number((await database.knex('sync_clients').where({ clientId }).first())?.lastMutationId ?? 0);
    await expect.poll(processed, { timeout: 120_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    await server.kill();
    const atKill = await processed();
    expect(atKill, 'the kill came after the whole import was applied').toBeLessThan(CHUNKS);
    expect(await device.pending()).toBe(CHUNKS);

    server = await server.restart();
    await expect.poll(() => device.pending(), { timeout: 180_000, interval: 200 }).toBe(0);
    await device.engine.settled();

    const duplicates = await database.knex('candidates').select('email').count('* as n').groupBy('email').havingRaw('count(*) > 1');
    expect(duplicates).toEqual([]);
    const onServer = await database.knex('candidates').where('email', 'like', '%@kill.test').pluck('email');
    expect(new Set(onServer)).toEqual(new Set(rows.map((r) => r.email)));
    expect(await database.knex('applied_mutations').where({ clientId }).count('* as n').first()).toEqual({ n: String(CHUNKS) });

    const local = (await deviceState(device)).candidates;
    expect(local).toHaveLength(ROWS);
    expect(local.every((c) => c.id !== null)).toBe(true);
    await device.close();
  });

  it('lets a push under way finish on a clean shutdown (SIGTERM)', { timeout: 60_000 }, async () => {
    if (!server?.alive) server = await ServerProcess.start({ databaseUrl: database.url! });
    const http = new HttpClient(server.url);
    if ((await http.post('/api/register', ADMIN)).status !== 201) expect((await http.post('/api/login', ADMIN)).status).toBe(200);
    const pushes: string[] = [];
    const device = await EngineDevice.create(http, { urls: () => [server!.url], wrap: recordPushes(pushes) });
    await device.candidates.createCandidate({ name: 'Sam Term', email: 'sam.term@kill.test' });
    await device.candidates.importCandidates([{ name: 'Tia Term', email: 'tia.term@kill.test' }]);
    const clientId = await clientIdOf(device.db);

    // The push waits on its client's row, which the test holds: it is in flight when SIGTERM comes.
    await database.knex('sync_clients').insert({ clientId, userId: device.user.id });
    const hold = await database.knex.transaction();
    let sync: ReturnType<typeof device.engine.syncNow>;
    try {
      await hold('sync_clients').where({ clientId }).forUpdate().first();
      sync = device.engine.syncNow();
      const waiting = async () =>
        Number((await database.knex.raw(`SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)).rows[0].n);
      await expect.poll(waiting, { timeout: 30_000 }).toBeGreaterThan(0);
      const stopped = server!.stop();
      // Closing: no new connections — and only then does the push get its lock.
      await expect.poll(() => listening(server!.port), { timeout: 10_000 }).toBe(false);
      await hold.commit();
      await stopped;
    } finally {
      if (!hold.isCompleted()) await hold.rollback();
    }

    expect(server!.exitCode).toBe(0);
    expect(pushes).toEqual(['ok']);
    expect(await database.knex('sync_clients').where({ clientId }).first()).toMatchObject({ lastMutationId: 2 });
    // The pull that follows found the server gone; the device catches up once it is back.
    expect(await sync).toMatchObject({ ok: false });
    server = await server!.restart();
    expect(await device.engine.syncNow()).toEqual({ ok: true });
    expect(await device.pending()).toBe(0);
    expect(pushes).toEqual(['ok']);
    await device.close();
  });
});
