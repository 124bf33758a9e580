/**
 * REST hooks end to end: an API key subscribes a local https receiver (allow-listed: it is on
 * loopback), candidates change through a device's sync and through Zapier, and the deliverer — started
 * by each test after its writes when the order of the backlog matters — POSTs the events. Also: retries
 * until the receiver accepts, in order per candidate; 410 Gone unsubscribes; only a key's owner (or an
 * admin) sees and removes its hooks; targets on private addresses or without https are refused.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EngineDevice } from './helpers/engine-device';
import type { HttpClient } from './helpers/http-client';
import { startHookReceiver, type HookReceiver } from './helpers/hook-receiver';
import { startTestServer, type TestServer } from './helpers/test-server';
import { WebhookDeliverer, type WebhookDelivererOptions } from '../src/webhooks/webhook-deliverer';

let server: TestServer;
let receiver: HookReceiver;
let rosa: HttpClient;
let rosaKey: string;
let rosaKeyId: number;
let deliverer: WebhookDeliverer | undefined;

beforeAll(async () => {
  receiver = await startHookReceiver();
  server = await startTestServer({ webhookAllowedAddresses: ['127.0.0.1'] });
  await server.adminClient();
  rosa = await server.recruiterClient('rosa');
  const created = await rosa.post('/api/api-keys', { name: 'Zap: hooks' });
  rosaKey = created.body.key;
  rosaKeyId = created.body.id;
});
afterAll(async () => {
  await deliverer?.stop();
  await server.close();
  await receiver.close();
});
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.answer = () => 200;
  await server.db.knex('webhook_subscriptions').delete();
});
afterEach(async () => {
  await deliverer?.stop();
  deliverer = undefined;
});

const asKey = (key: string) => ({ headers: { 'x-api-key': key } });
const zapier = (key = rosaKey) => ({
  subscribe: (path: string, event: string, targetUrl = `${receiver.url}${path}`) =>
    rosa.post('/api/zapier/hooks', { targetUrl, event }, asKey(key)),
  list: () => rosa.get('/api/zapier/hooks', asKey(key)),
  unsubscribe: (id: number) => rosa.request('DELETE', `/api/zapier/hooks/${id}`, asKey(key)),
  create: (name: string, email: string) => rosa.post('/api/zapier/candidates', { name, email }, asKey(key)),
  setStatus: (id: number, status: string) => rosa.post(`/api/zapier/candidates/${id}/status`, { status }, asKey(key)),
});

function startDeliverer(options: Partial<WebhookDelivererOptions> = {}): WebhookDeliverer {
  deliverer = new WebhookDeliverer({
    knex: server.db.knex,
    allowedAddresses: ['127.0.0.1'],
    ca: receiver.cert,
    pollIntervalMs: 20,
    retryBaseMs: 20,
    timeoutMs: 5_000,
    ...options,
  });
  deliverer.start();
  return deliverer;
}

const outboxSize = async () => Number((await server.db.knex('webhook_deliveries').count({ n: '*' }).first())!.n);
/** Once the outbox is empty nothing more will be sent: what the receiver has is final. */
const delivered = () => expect.poll(outboxSize, { timeout: 15_000, interval: 20 }).toBe(0);

describe('REST hooks', () => {
  it('delivers a candidate imported on an offline device exactly once, after the device syncs', async () => {
    const hook = await zapier().subscribe('/new', 'candidate.created');
    expect(hook.status, hook.text).toBe(201);
    expect(hook.body).toMatchObject({ id: expect.any(Number), apiKeyId: rosaKeyId, event: 'candidate.created', targetUrl: `${receiver.url}/new` });
    startDeliverer();

    const device = await EngineDevice.create(rosa, { urls: () => [server.url] });
    await device.candidates.importCandidates([{ name: 'Ines Offline', email: 'ines.offline@hooks.test', location: 'Reno, NV' }], { fileName: 'fair.csv' });
    expect(await outboxSize()).toBe(0);
    expect(receiver.received).toEqual([]);

    expect(await device.engine.syncNow()).toEqual({ ok: true });
    await expect.poll(() => receiver.accepted('/new').length, { timeout: 15_000 }).toBe(1);
    await delivered();
    // Another sync (its pull brings the row back) changes nothing on the server: no second event.
    expect(await device.engine.syncNow()).toEqual({ ok: true });
    await delivered();
    const [event] = receiver.accepted('/new');
    expect(receiver.received).toHaveLength(1);
    expect(event).toMatchObject({ event: 'candidate.created', candidate: { name: 'Ines Offline', email: 'ines.offline@hooks.test', location: 'Reno, NV', status: 'new' } });
    const row = await server.db.knex('candidates').where({ email: 'ines.offline@hooks.test' }).first();
    expect(event!.candidate.id).toBe(row.id);
    expect(receiver.received[0]!.eventIdHeader).toBe(event!.id);
    await device.close();
  });

  it('retries a hook that answers 500 twice, then delivers every event once, in order', async () => {
    for (const event of ['candidate.created', 'candidate.status_changed']) expect((await zapier().subscribe('/ordered', event)).status).toBe(201);
    receiver.answer = ({ nth }) => (nth < 2 ? 500 : 200);
    // The backlog is written before the deliverer starts, so the later events wait behind the failing first.
    const created = await zapier().create('Olga Order', 'olga.order@hooks.test');
    expect(created.status).toBe(201);
    expect((await zapier().setStatus(created.body.id, 'screening')).status).toBe(200);
    expect((await zapier().setStatus(created.body.id, 'interview')).status).toBe(200);
    expect(await outboxSize()).toBe(3);

    startDeliverer();
    await delivered();
    const attempts = receiver.received.map((r) => [r.event.event, r.status]);
    expect(attempts).toEqual([
      ['candidate.created', 500],
      ['candidate.created', 500],
      ['candidate.created', 200],
      ['candidate.status_changed', 200],
      ['candidate.status_changed', 200],
    ]);
    // A retry is the same event: the same id every time.
    expect(new Set(receiver.received.slice(0, 3).map((r) => r.event.id)).size).toBe(1);
    const accepted = receiver.accepted('/ordered');
    expect(new Set(accepted.map((e) => e.id)).size).toBe(3);
    expect(accepted.map((e) => [e.event, e.previousStatus ?? null, e.candidate.status])).toEqual([
      ['candidate.created', null, 'new'],
      ['candidate.status_changed', 'new', 'screening'],
      ['candidate.status_changed', 'screening', 'interview'],
    ]);
  });

  it('removes a subscription whose target answers 410 Gone, with what it was still owed', async () => {
    const gone = await zapier().subscribe('/gone', 'candidate.created');
    const kept = await zapier().subscribe('/kept', 'candidate.created');
    receiver.answer = ({ path }) => (path === '/gone' ? 410 : 200);
    expect((await zapier().create('Gil Gone', 'gil.gone@hooks.test')).status).toBe(201);
    startDeliverer();
    await delivered();
    expect(receiver.received.filter((r) => r.path === '/gone').map((r) => r.status)).toEqual([410]);
    expect((await zapier().list()).body.map((h: { id: number }) => h.id)).toEqual([kept.body.id]);
    expect(await server.db.knex('webhook_subscriptions').where({ id: gone.body.id }).first()).toBeUndefined();

    expect((await zapier().create('Gia After', 'gia.after@hooks.test')).status).toBe(201);
    await expect.poll(() => receiver.accepted('/kept').length, { timeout: 15_000 }).toBe(2);
    await delivered();
    expect(receiver.received.filter((r) => r.path === '/gone')).toHaveLength(1);
  });

  it('sends the events of every writer: REST, a web form, a server import, and nothing for an erased candidate', async () => {
    for (const event of ['candidate.created', 'candidate.status_changed']) expect((await zapier().subscribe('/all', event)).status).toBe(201);
    const form = await rosa.post('/api/forms/candidates?source=Typeform', { 'Full Name': 'Fay Form', 'E-mail': 'fay.form@hooks.test' }, asKey(rosaKey));
    expect(form.status).toBe(201);
    const upload = new FormData();
    upload.append('file', new Blob(['Name,Email\nIda Import,ida.import@hooks.test\n'], { type: 'text/csv' }), 'people.csv');
    const imported = await rosa.request('POST', '/api/candidates/import', { rawBody: upload });
    expect(imported.status, imported.text).toBe(200);
    expect((await rosa.request('PATCH', `/api/candidates/${form.body.id}`, { body: { status: 'offer' } })).status).toBe(200);
    // Erased for privacy before its event went out: the event, which carries the person's data, goes too.
    const erasedOne = await zapier().create('Eve Erased', 'eve.erased@hooks.test');
    const admin = await server.adminClient();
    expect((await admin.post(`/api/candidates/${erasedOne.body.id}/erase`)).status).toBe(200);
    expect(await server.db.knex('webhook_deliveries').where({ candidateId: erasedOne.body.id })).toEqual([]);

    startDeliverer();
    await delivered();
    const seen = receiver.accepted('/all').map((e) => `${e.event} ${e.candidate.email} ${e.previousStatus ?? ''}>${e.candidate.status}`);
    expect(seen.sort()).toEqual([
      'candidate.created fay.form@hooks.test >new',
      'candidate.created ida.import@hooks.test >new',
      'candidate.status_changed fay.form@hooks.test new>offer',
    ]);
  });

  it('gives a receiver that never answers only its share of the delivery slots', async () => {
    expect((await zapier().subscribe('/stuck', 'candidate.created')).status).toBe(201);
    const quick = await zapier().subscribe('/quick', 'candidate.created');
    expect(quick.status).toBe(201);
    receiver.answer = ({ path }) => (path === '/stuck' ? 'hang' : 200);
    for (let i = 0; i < 6; i++) expect((await zapier().create(`Sol Slots ${i}`, `sol.slots.${i}@hooks.test`)).status).toBe(201);
    // Four slots, two per target: the stuck receiver holds two until they time out; the other two carry on.
    startDeliverer({ concurrency: 4, perTarget: 2, timeoutMs: 30_000 });
    const stuck = () => receiver.received.filter((r) => r.path === '/stuck').length;
    await expect.poll(() => receiver.accepted('/quick').length, { timeout: 10_000 }).toBe(6);
    // Received is not yet done: each delivery leaves the outbox once its answer is in (a loaded machine
    // stopped the deliverer in between once, and two of them were owed still).
    const owedQuick = async () => Number((await server.db.knex('webhook_deliveries').where({ subscriptionId: quick.body.id }).count({ n: '*' }).first())!.n);
    await expect.poll(owedQuick, { timeout: 10_000 }).toBe(0);
    await expect.poll(stuck).toBe(2);
    // Stopping cuts the hanging deliveries off and hands them back untried; no third one was ever sent.
    await deliverer!.stop();
    expect(stuck()).toBe(2);
    const owed = await server.db.knex('webhook_deliveries').orderBy('id');
    expect(owed).toHaveLength(6);
    expect(owed.map((row) => [row.attempts, row.lockedBy])).toEqual(Array(6).fill([0, null]));
  });

  it('lets only the key owner (or an admin) list and remove its hooks', async () => {
    const hook = (await zapier().subscribe('/mine', 'candidate.status_changed')).body as { id: number };
    // Subscribing the same URL and event again answers the same subscription.
    const again = await zapier().subscribe('/mine', 'candidate.status_changed');
    expect([again.status, again.body.id]).toEqual([200, hook.id]);

    const tom = await server.recruiterClient('tom');
    const tomKey = (await tom.post('/api/api-keys', { name: 'tom zap' })).body.key as string;
    const asTom = { list: () => tom.get('/api/zapier/hooks', asKey(tomKey)), unsubscribe: (id: number) => tom.request('DELETE', `/api/zapier/hooks/${id}`, asKey(tomKey)) };
    expect((await asTom.list()).body).toEqual([]);
    expect((await asTom.unsubscribe(hook.id)).status).toBe(404);
    expect((await tom.get(`/api/api-keys/${rosaKeyId}/hooks`)).status).toBe(404);
    expect((await tom.request('DELETE', `/api/api-keys/${rosaKeyId}/hooks/${hook.id}`)).status).toBe(404);
    expect((await zapier().list()).body).toEqual([expect.objectContaining({ id: hook.id })]);

    const mine = await rosa.get(`/api/api-keys/${rosaKeyId}/hooks`);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([{ id: hook.id, apiKeyId: rosaKeyId, event: 'candidate.status_changed', targetUrl: `${receiver.url}/mine`, createdAt: expect.any(String) }]);
    const admin = await server.adminClient();
    expect((await admin.get(`/api/api-keys/${rosaKeyId}/hooks`)).body).toHaveLength(1);
    expect((await admin.request('DELETE', `/api/api-keys/${rosaKeyId}/hooks/${hook.id}`)).status).toBe(200);
    expect((await rosa.get(`/api/api-keys/${rosaKeyId}/hooks`)).body).toEqual([]);

    // Unsubscribing through the key (Zapier turning a Zap off), and deleting the key, remove them too.
    const second = (await zapier().subscribe('/mine', 'candidate.created')).body as { id: number };
    expect((await zapier().unsubscribe(second.id)).status).toBe(200);
    expect((await zapier().unsubscribe(second.id)).status).toBe(404);
    const temporary = await rosa.post('/api/api-keys', { name: 'short-lived' });
    expect((await zapier(temporary.body.key).subscribe('/temp', 'candidate.created')).status).toBe(201);
    expect((await rosa.request('DELETE', `/api/api-keys/${temporary.body.id}`)).status).toBe(200);
    expect(await server.db.knex('webhook_subscriptions').where({ apiKeyId: temporary.body.id })).toEqual([]);
  });

  it('refuses target URLs on private or loopback addresses, without https, or with credentials', async () => {
    const refused = {
      'https://10.1.2.3/hook': /private or loopback/,
      'https://127.0.0.2:8443/hook': /private or loopback/,
      'https://[::1]/hook': /private or loopback/,
      'https://169.254.169.254/latest/meta-data': /private or loopback/,
      'https://[::ffff:192.168.1.1]/hook': /private or loopback/,
      'http://hooks.zapier.com/hooks/standard/1/abc': /https/,
      'https://user:secret@127.0.0.1/hook': /credentials/,
      'not a url': /URL/,
    };
    for (const [targetUrl, message] of Object.entries(refused)) {
      const answer = await zapier().subscribe('', 'candidate.created', targetUrl);
      expect(answer.status, targetUrl).toBe(400);
      expect(answer.body.fields?.targetUrl ?? answer.body.message, targetUrl).toMatch(message);
    }
    expect((await zapier().subscribe('/x', 'candidate.deleted')).status).toBe(400);
    expect(await server.db.knex('webhook_subscriptions')).toEqual([]);
  });
});
