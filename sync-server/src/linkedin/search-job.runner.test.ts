/**
 * The runner's ownership rules, with several runners on one database standing for several server
 * instances: one runner at a time per job, a stalled runner fenced off, a crashed one replaced after its
 * lease, cancellation reaching a request in flight.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../tests/helpers/http-client';
import { allLeads, finished, startLeadsHarness, waitForJob, type LeadsHarness } from '../../tests/helpers/lead-search';
import type { DoubleRequest } from './provider-double';
import { saveProviderKey } from './provider-key.service';

let h: LeadsHarness;

beforeAll(async () => {
  h = await startLeadsHarness({ start: false });
});
afterAll(() => h.close());

async function userWithSearch(name: string, key: string, count: number): Promise<HttpClient> {
  const client = await h.server.recruiterClient(name);
  expect((await client.post('/api/linkedin/api-key', { api_key: key })).status).toBe(200);
  const res = await client.post('/api/linkedin/search', { job_title: 'Account Executive', location: 'US', count });
  expect(res.status, res.text).toBe(202);
  return client;
}

/** Holds the provider's answers to requests matching `which` until released. */
function hold(which: (request: DoubleRequest, seen: number) => boolean) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let seen = 0;
  let heldOne!: () => void;
  const holding = new Promise<void>((r) => (heldOne = r));
  h.double.options.beforeRespond = async (request) => {
    if (which(request, seen++)) {
      heldOne();
      await gate;
    }
  };
  return {
    holding,
    release() {
      h.double.options.beforeRespond = undefined;
      release();
    },
  };
}

async function jobRow(client: HttpClient) {
  const id = (await client.get('/api/linkedin/search/current')).body.job.id;
  return h.server.db.knex('lead_search_jobs').where({ id }).first();
}

describe('LeadSearchRunner', () => {
  it('fences off a stalled runner: another takes over after its lease and its late page is not saved', async () => {
    const user = await userWithSearch('stall', 'stall-key', 30);
    const gate = hold((r) => r.key === 'stall-key' && r.params.after === undefined);
    let fenced!: () => void;
    const fencedOff = new Promise<void>((r) => (fenced = r));
    const log = (message: string) => void (/another runner took it over/.test(message) && fenced());
    // One job at a time, so it cannot claim this job again itself (the next test covers that).
    const stalled = h.newRunner({ workerId: 'stalled', leaseMs: 400, heartbeatMs: 60_000, concurrency: 1, log });
    stalled.start();
    await gate.holding;
    // Only the first request is held; the next runner's requests go through.
    h.double.options.beforeRespond = undefined;
    const healthy = h.newRunner({ workerId: 'healthy' });
    healthy.start();
    const job = await waitForJob(user, finished);
    gate.release();
    await fencedOff;
    await stalled.stop();
    await healthy.stop();
    expect(job).toMatchObject({ status: 'completed', processed_count: 30, new_count: 30, updated_count: 0 });
    const row = await jobRow(user);
    expect(row).toMatchObject({ attempts: 2, lockedBy: null });
    const leads = await allLeads(user);
    expect(leads).toHaveLength(30);
    // Had the stalled runner written its page, ten leads would now read Updated.
    expect(leads.every((l) => l.scraped_at === l.last_scraped_at)).toBe(true);
  });

  it('fences off its own stalled run when it claims the same job again after the lease', async () => {
    const user = await userWithSearch('again', 'again-key', 30);
    const gate = hold((r) => r.key === 'again-key' && r.params.after === undefined);
    let fenced!: () => void;
    const fencedOff = new Promise<void>((r) => (fenced = r));
    const log = (message: string) => void (/another runner took it over/.test(message) && fenced());
    const runner = h.newRunner({ workerId: 'solo', leaseMs: 300, heartbeatMs: 60_000, concurrency: 2, log });
    runner.start();
    await gate.holding;
    h.double.options.beforeRespond = undefined;
    // Pages slower than the lease, and no heartbeat: the runner keeps claiming the job afresh while its
    // earlier runs of it are still going. Only the newest claim may write.
    h.double.options.latencyMs = 200;
    const job = await waitForJob(user, finished);
    h.double.options.latencyMs = undefined;
    gate.release();
    await fencedOff;
    await runner.stop();
    expect(job).toMatchObject({ status: 'completed', processed_count: 30, new_count: 30, updated_count: 0 });
    expect((await jobRow(user)).attempts).toBeGreaterThanOrEqual(2);
    const leads = await allLeads(user);
    expect(leads).toHaveLength(30);
    expect(leads.every((l) => l.scraped_at === l.last_scraped_at)).toBe(true);
  });

  it('keeps its lease with heartbeats, so a second runner never takes a job that is alive', async () => {
    const user = await userWithSearch('steady', 'steady-key', 20);
    // Each page takes longer than the whole lease: only the heartbeat keeps it.
    h.double.options.latencyMs = 1500;
    const a = h.newRunner({ workerId: 'a', leaseMs: 800, heartbeatMs: 100 });
    const b = h.newRunner({ workerId: 'b', leaseMs: 800, heartbeatMs: 100 });
    a.start();
    await waitForJob(user, (j) => j.status === 'running');
    b.start();
    const job = await waitForJob(user, finished);
    h.double.options.latencyMs = undefined;
    await a.stop();
    await b.stop();
    expect(job).toMatchObject({ status: 'completed', processed_count: 20 });
    expect((await jobRow(user)).attempts).toBe(1);
  });

  it('resumes a crashed runner’s job from its last saved page once the lease runs out', async () => {
    const user = await userWithSearch('crash', 'crash-key', 50);
    const gate = hold((r) => r.key === 'crash-key' && r.params.after === '20');
    const doomed = h.newRunner({ workerId: 'doomed', leaseMs: 1500, heartbeatMs: 100 });
    doomed.start();
    await gate.holding;
    await doomed.stop({ release: false });
    const crashed = await jobRow(user);
    expect(crashed).toMatchObject({ status: 'running', lockedBy: expect.stringMatching(/^doomed\//), processedCount: 20 });
    gate.release();
    const heir = h.newRunner({ workerId: 'heir' });
    heir.start();
    const job = await waitForJob(user, finished);
    await heir.stop();
    expect(job).toMatchObject({ status: 'completed', processed_count: 50, new_count: 50, updated_count: 0 });
    const pages = h.double.requests.filter((r) => r.key === 'crash-key').map((r) => r.params.after ?? '0');
    // Pages 0 and 10 were saved before the crash and never fetched again; page 20 was in flight.
    expect(pages.filter((p) => p === '0')).toHaveLength(1);
    expect(pages.filter((p) => p === '10')).toHaveLength(1);
    expect(await allLeads(user)).toHaveLength(50);
  });

  it('hears a cancel at its heartbeat and abandons the request in flight', async () => {
    const user = await userWithSearch('quitter', 'quit-key', 500);
    const gate = hold((r) => r.key === 'quit-key' && r.params.after === '10');
    const runner = h.newRunner({ workerId: 'cancel', heartbeatMs: 50 });
    runner.start();
    await gate.holding;
    const id = (await user.get('/api/linkedin/search/current')).body.job.id;
    expect((await user.post(`/api/linkedin/search/${id}/cancel`)).status).toBe(200);
    // Cancelled while the provider is still holding the page.
    const job = await waitForJob(user, finished);
    gate.release();
    await runner.stop();
    expect(job).toMatchObject({ status: 'cancelled', processed_count: 10 });
  });

  it('fails with an API key message when the stored key was sealed under another SECRET_KEY', async () => {
    const user = await h.server.recruiterClient('rotated');
    const { id } = (await user.get('/api/user')).body;
    await saveProviderKey(h.server.db.knex, 'a-different-secret-key-of-at-least-32-chars', id, 'whatever');
    expect((await user.post('/api/linkedin/search', { job_title: 'SDR', location: 'US', count: 5 })).status).toBe(202);
    const runner = h.newRunner();
    runner.start();
    const job = await waitForJob(user, finished);
    await runner.stop();
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ code: 'api_key', message: 'The saved Proxycurl API key can no longer be read' });
  });
});
