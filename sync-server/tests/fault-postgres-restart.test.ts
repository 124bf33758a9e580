/**
 * PostgreSQL goes away while devices sync: a private cluster (never the shared one) is stopped under
 * a server process with three devices editing and syncing by themselves, then started again. While
 * it is down the server stays up and answers 503 with Retry-After; once it is back the server's pool
 * reconnects and the devices catch up by themselves, and they all end up holding the server's rows.
 * A second, immediate restart (pg_ctl restart) in the middle of syncing is survived the same way.
 */
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncError, type SyncTransport } from '@/sync/transport';
import { EngineDevice, convergenceProblems, syncUntilIdle } from './helpers/engine-device';
import { HttpClient } from './helpers/http-client';
import { PrivatePostgres, privatePostgresUnavailable } from './helpers/private-postgres';
import { keepEditing, RandomEditor } from './helpers/random-edits';
import { ServerProcess } from './helpers/server-process';
import { ADMIN } from './helpers/test-server';

let cluster: PrivatePostgres | undefined;
let server: ServerProcess | undefined;

/** Records the failures a device saw (status, or 'network'). */
function recordFailures(seen: Array<number | 'network'>) {
  return (transport: SyncTransport): SyncTransport => {
    const watch = async <T>(call: () => Promise<T>) => {
      try {
        return await call();
      } catch (error) {
        if (error instanceof SyncError) seen.push(error.status ?? 'network');
        throw error;
      }
    };
    return { push: (r) => watch(() => transport.push(r)), pull: (q) => watch(() => transport.pull(q)) };
  };
}

// Runs on a cluster of its own, so with or without DATABASE_URL; only the PostgreSQL binaries are needed.
const reason = privatePostgresUnavailable;

describe.skipIf(reason)(`PostgreSQL restarted while devices sync${reason ? ` (skipped: ${reason})` : ''}`, () => {
  beforeAll(async () => {
    cluster = await PrivatePostgres.start();
    const admin = knexFactory({ client: 'pg', connection: cluster.url(), pool: { min: 0, max: 1 } });
    await admin.raw('CREATE DATABASE rephire');
    await admin.destroy();
  });
  afterAll(async () => {
    await server?.stop();
    cluster?.destroy();
  });

  it('keeps the server up (503 meanwhile) and the devices recover by themselves', { timeout: 180_000 }, async () => {
    server = await ServerProcess.start({ databaseUrl: cluster!.url('rephire') });
    const admin = new HttpClient(server.url);
    expect((await admin.post('/api/register', ADMIN)).status).toBe(201);
    const failures: Array<number | 'network'> = [];
    const devices = await Promise.all(
      [0, 1, 2].map(() => EngineDevice.create(admin, { urls: () => [server!.url], wrap: recordFailures(failures) })),
    );
    const editors = devices.map((device, i) => new RandomEditor(device, `pg${i}`));
    for (const device of devices) device.start();
    const loops = editors.map((editor) => keepEditing(editor, 100));
    const syncedOnce = () => Promise.all(devices.map(async (d) => (await d.db.meta.get('lastSyncAt'))?.value ?? null));
    await expect.poll(async () => (await syncedOnce()).every(Boolean), { timeout: 30_000, message: 'first syncs' }).toBe(true);

    cluster!.stop();
    // The server is still there and says "busy, try again", for sign-in checks and sync alike.
    const pull = await admin.get(`/api/sync/pull?clientId=${crypto.randomUUID()}`);
    expect(pull.status).toBe(503);
    expect(pull.headers.get('retry-after')).toBe('2');
    expect((await admin.get('/api/user')).status).toBe(503);
    // Devices keep editing offline-from-the-database; their syncs fail and back off meanwhile.
    const failuresBefore = failures.length;
    await expect.poll(() => failures.length, { timeout: 30_000, message: 'failures while down' }).toBeGreaterThan(failuresBefore + devices.length);
    expect(server.alive).toBe(true);

    cluster!.startAgain();
    await expect.poll(async () => (await admin.get('/api/user')).status, { timeout: 30_000, message: 'server answers again' }).toBe(200);
    const recovered = await syncedOnce();
    await expect
      .poll(async () => (await syncedOnce()).every((at, i) => at !== null && at > recovered[i]!), { timeout: 60_000, message: 'devices sync after the restart' })
      .toBe(true);

    // pg_ctl restart in the middle of traffic: connections die mid-transaction.
    cluster!.restart();
    const restartedAt = await syncedOnce();
    await expect
      .poll(async () => (await syncedOnce()).every((at, i) => at !== null && at > restartedAt[i]!), { timeout: 60_000, message: 'devices sync after pg_ctl restart' })
      .toBe(true);

    await Promise.all(loops.map((loop) => loop.stop()));
    // Every failure was a retryable 503, even for requests whose connection the database cut.
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.filter((status) => status !== 503), server.stderr).toEqual([]);
    expect(server.alive).toBe(true);
    // The outage is logged as such, a line now and then, not as a stack trace per request.
    expect(server.stderr).toMatch(/database unavailable, answering 503/);
    expect(server.stderr).not.toMatch(/unexpected error/);

    await syncUntilIdle(devices);
    const reader = await EngineDevice.create(admin, { urls: () => [server!.url] });
    expect(await convergenceProblems(devices, reader)).toEqual([]);
    const made = editors.reduce((sum, editor) => sum + Object.values(editor.made).reduce((a, b) => a + b, 0), 0);
    expect(made).toBeGreaterThan(30);
    for (const device of [...devices, reader]) await device.close();
  });
});
