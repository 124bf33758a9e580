/**
 * The server process is killed (SIGKILL: no shutdown code, transactions cut off) while a device pushes
 * a 20,000-row import, then started again on the same port. The device, syncing by itself, finishes
 * the import through its retries: every row exists exactly once on the server and on the device, and
 * the device's queue is empty. Needs real PostgreSQL (a server process of its own over one database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS_PER_MUTATION } from '@shared/sync/protocol.schema';
import { clientIdOf } from '@/db/meta';
import { EngineDevice, deviceState } from './helpers/engine-device';
import { HttpClient } from './helpers/http-client';
import { ServerProcess } from './helpers/server-process';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { ADMIN } from './helpers/test-server';

const ROWS = 20_000;
const CHUNKS = ROWS / MAX_IMPORT_ROWS_PER_MUTATION;

let database: TestDatabase;
let server: ServerProcess | undefined;

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
});
