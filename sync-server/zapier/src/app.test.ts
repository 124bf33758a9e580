/**
 * The Zapier app, run by zapier-platform-core's app tester against a real RepHire server: the
 * connection test and label, each action, the search (with create-if-not-found), the triggers' samples
 * and hook payloads, and failures as a Zap builder reads them. The app definition is validated against
 * zapier-platform-schema, as `zapier validate` does.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zapier, { type Bundle } from 'zapier-platform-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import type { HttpClient } from '../../tests/helpers/http-client';
import { app } from './index';

const appTester = zapier.createAppTester(app);
// What `zapier validate` runs (exported to require only).
const { validateApp } = createRequire(import.meta.url)('zapier-platform-core/src/tools/schema') as typeof import('zapier-platform-core/src/tools/schema');

let server: TestServer;
let recruiter: HttpClient;
let authData: { serverUrl: string; apiKey: string };

beforeAll(async () => {
  server = await startTestServer();
  await server.adminClient();
  recruiter = await server.recruiterClient('rosa');
  const key = (await recruiter.post('/api/api-keys', { name: 'Zap: job board' })).body.key as string;
  authData = { serverUrl: `${server.url}/`, apiKey: key };
});
afterAll(() => server.close());

type Operation = (z: zapier.ZObject, bundle: Bundle) => unknown;
const run = <T>(perform: Operation, inputData: Record<string, unknown> = {}, extra: Partial<Bundle> = {}) =>
  appTester(perform as never, { authData, inputData, ...extra } as never) as Promise<T>;

const candidateByEmail = (email: string) => server.db.knex('candidates').where({ email }).first();

describe('the app definition', () => {
  it('passes zapier-platform-schema', () => {
    expect(validateApp(app)).toEqual([]);
  });

  it('builds into the bundle `zapier push` uploads, which is the same valid app', async () => {
    const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: appDir, stdio: 'pipe' });
    const built = (await import(pathToFileURL(path.join(appDir, 'dist/index.js')).href)).default;
    expect(validateApp(built)).toEqual([]);
    expect(Object.keys(built.triggers)).toEqual(['new_candidate', 'candidate_status_changed']);
    expect(Object.keys(built.creates)).toEqual(['create_candidate', 'add_note', 'change_status']);
  });
});

describe('authentication', () => {
  it('tests the connection against GET /api/zapier/me and labels it with the owner and key name', async () => {
    const owner = await run<{ username: string; keyName: string }>(app.authentication.test);
    expect(owner).toMatchObject({ username: 'rosa', keyName: 'Zap: job board' });
    expect(await run(app.authentication.connectionLabel, owner as never)).toBe('rosa (key "Zap: job board")');
  });

  it('says a refused key is refused, in words', async () => {
    const wrong = appTester(app.authentication.test as never, { authData: { ...authData, apiKey: 'rk_wrong' } } as never);
    await expect(wrong).rejects.toThrow(/The API key was refused .*Reconnect RepHire/);
  });
});

describe('actions', () => {
  it('creates a candidate, then updates the same email instead of adding another', async () => {
    const created = await run<{ id: number; status: string; source: string }>(app.creates.create_candidate.operation.perform, {
      name: 'Dana Closer',
      email: 'dana.closer@example.com',
      location: 'Denver, CO',
      skills: 'Cold calling',
      phone: '',
    });
    expect(created).toMatchObject({ name: 'Dana Closer', status: 'new', source: 'Zapier', location: 'Denver, CO' });
    const again = await run<{ id: number; notes: string; location: string }>(app.creates.create_candidate.operation.perform, {
      name: 'Dana Closer',
      email: ' Dana.Closer@Example.com ',
      location: 'Boulder, CO',
    });
    expect(again.id).toBe(created.id);
    expect(again.location).toBe('Boulder, CO');
    expect(again.notes).toMatch(/Candidate reapplied via Zapier$/);
    expect(Number((await server.db.knex('candidates').where({ email: 'dana.closer@example.com' }).count({ n: '*' }))[0]!.n)).toBe(1);
  });

  it('adds a dated note line and changes the status, named in the history as the integration and its key', async () => {
    const { id } = await run<{ id: number }>(app.creates.create_candidate.operation.perform, { name: 'Noel Notes', email: 'noel@example.com' });
    const noted = await run<{ notes: string }>(app.creates.add_note.operation.perform, { candidateId: id, note: 'Called back, wants the AE role' });
    expect(noted.notes).toMatch(/^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2} P[SD]T\] Called back, wants the AE role$/);

    const moved = await run<{ status: string; statusChangedAt: string | null; notes: string }>(app.creates.change_status.operation.perform, {
      candidateId: id,
      status: 'interview',
    });
    expect(moved.status).toBe('interview');
    expect(moved.statusChangedAt).not.toBeNull();
    expect(moved.notes.split('\n')).toEqual([expect.stringMatching(/Called back/), expect.stringMatching(/\] Status updated from new to interview$/)]);

    const history = (await recruiter.get(`/api/candidates/${id}/history`)).body as Array<{ origin: string; apiKeyName: string | null }>;
    expect(history.length).toBeGreaterThan(0);
    for (const event of history) expect(event).toMatchObject({ origin: 'zapier', apiKeyName: 'Zap: job board' });
  });

  it('refuses bad input with the server message, and an unknown candidate as not found', async () => {
    await expect(run(app.creates.create_candidate.operation.perform, { name: 'No Email', email: 'not-an-email' })).rejects.toThrow(
      'email: Please enter a valid email address',
    );
    await expect(run(app.creates.change_status.operation.perform, { candidateId: 999_999, status: 'hired' })).rejects.toThrow('Candidate not found');
    const { id } = await run<{ id: number }>(app.creates.create_candidate.operation.perform, { name: 'Stat Us', email: 'status@example.com' });
    await expect(run(app.creates.change_status.operation.perform, { candidateId: id, status: 'promoted' })).rejects.toThrow(/Status must be one of/);
    await expect(run(app.creates.add_note.operation.perform, { candidateId: id, note: '   ' })).rejects.toThrow('Note is required');
  });
});

describe('search', () => {
  it('finds a candidate by email in any case, and finds nothing for an unknown one', async () => {
    await run(app.creates.create_candidate.operation.perform, { name: 'Finn Found', email: 'finn@example.com' });
    const found = await run<Array<{ name: string }>>(app.searches.find_candidate.operation.perform, { email: '  FINN@example.com' });
    expect(found.map((c) => c.name)).toEqual(['Finn Found']);
    expect(await run(app.searches.find_candidate.operation.perform, { email: 'nobody@example.com' })).toEqual([]);
  });

  it('pairs with Create or Update Candidate for "create if not found"', () => {
    expect(app.searchOrCreates.find_candidate).toMatchObject({ search: 'find_candidate', create: 'create_candidate' });
  });
});

describe('triggers', () => {
  it('lists the newest candidates and the newest status changes as samples', async () => {
    const { id } = await run<{ id: number }>(app.creates.create_candidate.operation.perform, { name: 'Sam Sample', email: 'sam.sample@example.com' });
    const created = await run<Array<{ id: number }>>(app.triggers.new_candidate.operation.performList);
    expect(created[0]).toMatchObject({ id, name: 'Sam Sample', previousStatus: null });
    await run(app.creates.change_status.operation.perform, { candidateId: id, status: 'hired' });
    const changed = await run<Array<{ id: number; status: string }>>(app.triggers.candidate_status_changed.operation.performList);
    expect(changed[0]).toMatchObject({ id, status: 'hired' });
    expect(changed.length).toBeLessThanOrEqual(3);
  });

  it("subscribes a Zap's target URL to its trigger's event when it is turned on, and unsubscribes it when turned off", async () => {
    const targetUrl = 'https://34.120.0.10/hooks/standard/123/abc/';
    const subscribeData = await run<{ id: number; event: string; targetUrl: string }>(
      app.triggers.candidate_status_changed.operation.performSubscribe,
      {},
      { targetUrl } as never,
    );
    expect(subscribeData).toMatchObject({ id: expect.any(Number), event: 'candidate.status_changed', targetUrl });
    expect(await server.db.knex('webhook_subscriptions').where({ id: subscribeData.id }).first()).toMatchObject({ event: 'candidate.status_changed', targetUrl });
    const inside = run(app.triggers.new_candidate.operation.performSubscribe, {}, { targetUrl: 'https://10.0.0.7/hooks/standard/1/x/' } as never);
    await expect(inside).rejects.toThrow(/private or loopback/);

    await run(app.triggers.candidate_status_changed.operation.performUnsubscribe, {}, { subscribeData } as never);
    expect(await server.db.knex('webhook_subscriptions').where({ id: subscribeData.id }).first()).toBeUndefined();
  });

  it('turns a delivered event into one item: the candidate, the event id and the status it left', async () => {
    const candidate = await candidateByEmail('sam.sample@example.com');
    const event = { id: 'evt-1', event: 'candidate.status_changed', occurredAt: '2026-11-25T10:00:00.000Z', candidate: { id: candidate.id, name: 'Sam Sample', status: 'hired' }, previousStatus: 'new' };
    const items = await run<Array<Record<string, unknown>>>(app.triggers.candidate_status_changed.operation.perform, {}, { cleanedRequest: event } as never);
    expect(items).toEqual([{ id: candidate.id, name: 'Sam Sample', status: 'hired', eventId: 'evt-1', previousStatus: 'new' }]);
  });
});
