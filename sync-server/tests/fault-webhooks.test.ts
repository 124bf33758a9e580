/**
 * REST hooks across processes: the server is killed (SIGKILL) while a delivery is under way — the change
 * committed, the receiver has the request but never answered — and after a restart the event is
 * delivered, with the same event id; and two instances over one database deliver every event of
 * Zapier writes made through both exactly once, each candidate's events in order. Needs real
 * PostgreSQL (server processes of their own over one database).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './helpers/http-client';
import { startHookReceiver, type HookReceiver } from './helpers/hook-receiver';
import { ServerProcess } from './helpers/server-process';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { ADMIN } from './helpers/test-server';

let database: TestDatabase;
let receiver: HookReceiver;
let instances: ServerProcess[] = [];

const hookEnv = () => ({
  WEBHOOK_ALLOWED_ADDRESSES: '127.0.0.1',
  NODE_EXTRA_CA_CERTS: receiver.certFile,
  TEST_WEBHOOK_TIMEOUT_MS: '2500',
  TEST_WEBHOOK_LEASE_MS: '3000',
  TEST_WEBHOOK_RETRY_MS: '50',
});

const outboxSize = async () => Number((await database.knex('webhook_deliveries').count({ n: '*' }).first())!.n);

/** Signs the admin up (or in) on `url` and makes an API key subscribed to `events` at `path`. */
async function subscribedKey(url: string, path: string, events: string[]): Promise<string> {
  const admin = new HttpClient(url);
  if ((await admin.post('/api/register', ADMIN)).status !== 201) expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
  const key = (await admin.post('/api/api-keys', { name: `hooks ${path}` })).body.key as string;
  for (const event of events) {
    const hook = await admin.post('/api/zapier/hooks', { targetUrl: `${receiver.url}${path}`, event }, { headers: { 'x-api-key': key } });
    expect(hook.status, hook.text).toBe(201);
  }
  return key;
}

const zapier = (url: string, key: string) => ({
  create: (name: string, email: string) => new HttpClient(url).post('/api/zapier/candidates', { name, email }, { headers: { 'x-api-key': key } }),
  setStatus: (id: number, status: string) => new HttpClient(url).post(`/api/zapier/candidates/${id}/status`, { status }, { headers: { 'x-api-key': key } }),
});

describe.skipIf(!process.env.DATABASE_URL)('REST hooks with server processes (needs PostgreSQL: DATABASE_URL)', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startHookReceiver();
  });
  afterEach(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    instances = [];
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.close();
  });

  it('delivers an event after a restart when the server was killed between commit and delivery', { timeout: 60_000 }, async () => {
    receiver.answer = ({ path, nth }) => (path === '/killed' && nth === 0 ? 'hang' : 200);
    const first = await ServerProcess.start({ databaseUrl: database.url!, env: hookEnv() });
    instances = [first];
    const key = await subscribedKey(first.url, '/killed', ['candidate.created']);
    const created = await zapier(first.url, key).create('Kai Killed', 'kai.killed@hooks.test');
    expect(created.status).toBe(201);
    // The delivery is under way: committed, sent, not answered.
    await expect.poll(() => receiver.received.filter((r) => r.path === '/killed').length, { timeout: 15_000 }).toBe(1);
    await first.kill();
    expect(await outboxSize()).toBe(1);

    instances = [await first.restart()];
    await expect.poll(() => receiver.accepted('/killed').length, { timeout: 30_000 }).toBe(1);
    await expect.poll(outboxSize, { timeout: 10_000 }).toBe(0);
    const [hung, delivered] = receiver.received.filter((r) => r.path === '/killed');
    expect(hung!.status).toBe('hang');
    expect(delivered!.status).toBe(200);
    // The same event, so the receiver can tell the repeat of a delivery it never acknowledged.
    expect(delivered!.event.id).toBe(hung!.event.id);
    expect(delivered!.event).toMatchObject({ event: 'candidate.created', candidate: { id: created.body.id, email: 'kai.killed@hooks.test' } });
    expect(instances[0]!.stderr).not.toMatch(/unexpected error/);
  });

  it('delivers each event once with two instances, each candidate in order', { timeout: 90_000 }, async () => {
    receiver.answer = () => 200;
    instances = await Promise.all([0, 1].map(() => ServerProcess.start({ databaseUrl: database.url!, env: hookEnv() })));
    const urls = instances.map((instance) => instance.url);
    const key = await subscribedKey(urls[0]!, '/two', ['candidate.created', 'candidate.status_changed']);

    const ids: number[] = [];
    for (let i = 0; i < 120; i += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, j) => zapier(urls[(i + j) % 2]!, key).create(`Two ${i + j}`, `two.${i + j}@hooks.test`)),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(201);
        ids.push(answer.body.id);
      }
    }
    // Each candidate's status moves twice, the two moves through different instances.
    for (const [n, id] of ids.slice(0, 40).entries()) {
      expect((await zapier(urls[n % 2]!, key).setStatus(id, 'screening')).status).toBe(200);
      expect((await zapier(urls[(n + 1) % 2]!, key).setStatus(id, 'hired')).status).toBe(200);
    }

    await expect.poll(outboxSize, { timeout: 60_000, interval: 100 }).toBe(0);
    const received = receiver.received.filter((r) => r.path === '/two');
    expect(received.filter((r) => r.status !== 200)).toEqual([]);
    const eventIds = received.map((r) => r.event.id);
    expect(new Set(eventIds).size).toBe(eventIds.length);
    expect(eventIds).toHaveLength(120 + 80);
    const created = received.filter((r) => r.event.event === 'candidate.created').map((r) => r.event.candidate.id);
    expect(created.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    for (const id of ids.slice(0, 40)) {
      const mine = received.filter((r) => r.event.candidate.id === id).map((r) => `${r.event.event}:${r.event.previousStatus ?? ''}>${r.event.candidate.status}`);
      expect(mine).toEqual(['candidate.created:>new', 'candidate.status_changed:new>screening', 'candidate.status_changed:screening>hired']);
    }
    for (const instance of instances) expect(instance.alive, instance.stderr).toBe(true);
  });
});
