/**
 * Two server processes on different ports over one PostgreSQL database, as behind a load balancer
 * without sticky sessions. They start at the same moment on an empty database and migrate it in turn.
 * Devices send each request to either instance at random, Zapier posts through both (the same email
 * at once through both, too), and sessions made on one instance work on the other — and end on both
 * when the user signs out on one. Everything converges: every device holds exactly the server's rows,
 * and no Zapier candidate exists twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineDevice, convergenceProblems, syncUntilIdle } from './helpers/engine-device';
import { HttpClient } from './helpers/http-client';
import { keepEditing, RandomEditor } from './helpers/random-edits';
import { ServerProcess } from './helpers/server-process';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { ADMIN } from './helpers/test-server';

let database: TestDatabase;
let instances: ServerProcess[] = [];
const urls = () => instances.map((instance) => instance.url);

/** A client with `from`'s session cookie, talking to another instance. */
const sameSession = (from: HttpClient, url: string) => Object.assign(new HttpClient(url), { cookies: new Map(from.cookies) });

describe.skipIf(!process.env.DATABASE_URL)('two server instances over one database (needs PostgreSQL: DATABASE_URL)', () => {
  beforeAll(async () => {
    // An empty database: both instances start at once and migrate it (taking turns).
    database = await createTestDatabase({ migrate: false });
    instances = await Promise.all([0, 1].map(() => ServerProcess.start({ databaseUrl: database.url! })));
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.close();
  });

  it('shares sessions: valid on both, and a sign-out on one ends it on the other', async () => {
    const [a, b] = instances as [ServerProcess, ServerProcess];
    const admin = new HttpClient(a.url);
    expect((await admin.post('/api/register', ADMIN)).status).toBe(201);
    expect((await sameSession(admin, b.url).get('/api/user')).body).toMatchObject({ username: ADMIN.username });
    expect((await sameSession(admin, b.url).post('/api/users', { username: 'rita', password: 'recruiter-password', role: 'recruiter' })).status).toBe(201);

    for (const [signIn, signOut] of [
      [a, b],
      [b, a],
    ] as const) {
      const rita = new HttpClient(signIn.url);
      expect((await rita.post('/api/login', { username: 'rita', password: 'recruiter-password' })).status).toBe(200);
      const elsewhere = sameSession(rita, signOut.url);
      expect((await elsewhere.get('/api/user')).status).toBe(200);
      const device = await EngineDevice.create(rita, { urls: () => [signIn.url] });
      expect((await elsewhere.post('/api/logout')).status).toBe(200);
      expect((await rita.get('/api/user')).status).toBe(401);
      expect(await device.engine.syncNow()).toMatchObject({ ok: false, reason: 'needsSignIn' });
      await device.close();
    }
  });

  it('converges with devices and Zapier writing through both instances at random', { timeout: 120_000 }, async () => {
    const admin = new HttpClient(instances[0]!.url);
    expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
    const rita = new HttpClient(instances[1]!.url);
    expect((await rita.post('/api/login', { username: 'rita', password: 'recruiter-password' })).status).toBe(200);
    const key = (await admin.post('/api/api-keys', { name: 'zapier' })).body.key as string;

    const devices = await Promise.all([admin, rita, rita].map((http) => EngineDevice.create(http, { urls })));
    const editors = devices.map((device, i) => new RandomEditor(device, `two${i}`));
    for (const device of devices) device.start();
    const loops = editors.map((editor) => keepEditing(editor, 30));

    // Zapier: 20 people, each arriving up to three times, once through both instances at the same moment.
    const zapier = (url: string, i: number, round: number) =>
      new HttpClient(url).post('/api/zapier/candidates', { name: `Zap ${i}`, email: `zap${i}@zapier.test`, location: `Round ${round}` }, {
        headers: { 'x-api-key': key },
      });
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 20; i++) {
        const answers = round === 1 ? await Promise.all(urls().map((url) => zapier(url, i, round))) : [await zapier(urls()[(i + round) % 2]!, i, round)];
        statuses.push(...answers.map((answer) => answer.status));
      }
    }
    expect(statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);
    const made = () => editors.reduce((sum, editor) => sum + Object.values(editor.made).reduce((x, y) => x + y, 0), 0);
    await expect.poll(made, { timeout: 60_000 }).toBeGreaterThan(150);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(20);

    await Promise.all(loops.map((loop) => loop.stop()));
    await syncUntilIdle(devices);
    const reader = await EngineDevice.create(admin, { urls });
    expect(await convergenceProblems(devices, reader)).toEqual([]);

    // Each person once: a device may have deleted one since (then a later arrival made it anew).
    const live = database.knex('candidates').whereNull('deletedAt');
    expect(await live.clone().select('email').groupBy('email').havingRaw('count(*) > 1')).toEqual([]);
    const zaps = await database.knex('candidates').where('email', 'like', 'zap%@zapier.test').distinct('email');
    expect(zaps).toHaveLength(20);
    for (const instance of instances) expect(instance.alive, instance.stderr).toBe(true);
    for (const device of [...devices, reader]) await device.close();
  });
});
