import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../tests/helpers/http-client';
import { allLeads, currentJob, finished, startLeadsHarness, waitForJob, type LeadsHarness } from '../../tests/helpers/lead-search';
import { startTestServer } from '../../tests/helpers/test-server';

let h: LeadsHarness;
let rita: HttpClient;
let sam: HttpClient;

const SEARCH = { job_title: 'Sales Representative', location: 'US', count: 5 };

async function saveKey(client: HttpClient, key: string) {
  const res = await client.post('/api/linkedin/api-key', { api_key: key });
  expect(res.status).toBe(200);
}

async function search(client: HttpClient, body: object = SEARCH) {
  const res = await client.post('/api/linkedin/search', body);
  expect(res.status, res.text).toBe(202);
  return res.body;
}

beforeAll(async () => {
  h = await startLeadsHarness();
  rita = await h.server.recruiterClient('rita');
  sam = await h.server.recruiterClient('sam');
});
afterAll(() => h.close());

describe('the provider API key', () => {
  it('is saved encrypted and only ever reported as hasKey', async () => {
    expect((await rita.get('/api/linkedin/api-key')).body).toEqual({ hasKey: false });
    const empty = await rita.post('/api/linkedin/api-key', { api_key: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Please enter your Proxycurl API key');
    const spaced = await rita.post('/api/linkedin/api-key', { api_key: 'two words' });
    expect(spaced.status).toBe(400);
    expect(spaced.body.error).toMatch(/API key/);

    const saved = await rita.post('/api/linkedin/api-key', { api_key: '  good-key-1234  ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ hasKey: true, message: 'API key saved' });
    expect((await rita.get('/api/linkedin/api-key')).body).toEqual({ hasKey: true });
    expect((await sam.get('/api/linkedin/api-key')).body).toEqual({ hasKey: false });

    const rows = await h.server.db.knex('proxycurl_api_keys').select('*');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('good-key-1234');
    expect((await h.server.client().get('/api/linkedin/api-key')).status).toBe(401);
    expect((await h.server.client().post('/api/linkedin/api-key', { api_key: 'x' })).status).toBe(401);
  });
});

describe('lead search as a background job', () => {
  it('refuses to start without a key, saying it is about the API key', async () => {
    const res = await sam.post('/api/linkedin/search', SEARCH);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'PROVIDER_KEY_REQUIRED', message: 'Proxycurl API key is not configured' });
    expect(res.body.detail).toBeTruthy();
    expect(res.body.action).toBeTruthy();
  });

  it('refuses a location it cannot place, and bad counts', async () => {
    const res = await rita.post('/api/linkedin/search', { ...SEARCH, location: 'Atlantis' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Location not recognised' });
    expect(res.body.detail).toMatch(/"Atlantis"/);
    expect(res.body.action).toMatch(/state code such as CA/);
    expect((await rita.post('/api/linkedin/search', { ...SEARCH, count: 200_001 })).status).toBe(400);
    expect((await rita.post('/api/linkedin/search', { ...SEARCH, count: 0 })).status).toBe(400);
    expect((await rita.post('/api/linkedin/search', { ...SEARCH, job_title: ' ' })).body.fields.job_title).toBe('Job Title is required');
  });

  it('runs a 5-lead search: answers at once, then saves five New leads', async () => {
    const started = await search(rita);
    expect(started).toMatchObject({ message: 'Search started', total_saved: 0 });
    expect(started.detail).toMatch(/up to 5 "Sales Representative" leads in United States/);
    expect(started.job).toMatchObject({ status: 'queued', requested_count: 5, processed_count: 0 });

    const job = await waitForJob(rita, finished);
    expect(job).toMatchObject({ status: 'completed', processed_count: 5, new_count: 5, updated_count: 0, error: null });
    expect(job.total_available).toBeGreaterThan(200_000);
    const leads = await allLeads(rita);
    expect(leads).toHaveLength(5);
    for (const lead of leads) {
      expect(lead.scraped_at).toBe(lead.last_scraped_at);
      expect(lead).toMatchObject({ job_title_input: 'Sales Representative', location_input: 'US' });
      expect(lead.linkedin_url).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
      expect(lead.full_name).toBeTruthy();
      expect(lead.location).toMatch(/United States$/);
    }
    const page = (await rita.get('/api/linkedin/sales-reps')).body;
    expect(page).toMatchObject({ total: 5, new_count: 5, updated_count: 0, more: false });
    const firstPage = h.double.requests.find((r) => r.key === 'good-key-1234')!;
    expect(firstPage.params).toMatchObject({ country: 'US', page_size: '5', enrich_profiles: 'enrich' });
  });

  it('marks leads seen again as Updated and keeps their first date', async () => {
    const before = new Map((await allLeads(rita)).map((l) => [l.linkedin_url, l]));
    const started = await search(rita, { ...SEARCH, count: 10 });
    expect(started.total_saved).toBe(5);
    const job = await waitForJob(rita, finished);
    expect(job).toMatchObject({ status: 'completed', processed_count: 10, new_count: 5, updated_count: 5 });
    const after = await allLeads(rita);
    expect(after).toHaveLength(10);
    for (const lead of after) {
      const earlier = before.get(lead.linkedin_url);
      if (earlier) {
        expect(lead.scraped_at).toBe(earlier.scraped_at);
        expect(lead.last_scraped_at > lead.scraped_at).toBe(true);
      } else {
        expect(lead.last_scraped_at).toBe(lead.scraped_at);
      }
    }
    const page = (await rita.get('/api/linkedin/sales-reps')).body;
    expect(page).toMatchObject({ total: 10, new_count: 5, updated_count: 5 });
    expect((await currentJob(rita))!.id).toBe(job.id);
  });

  it('pages the saved leads by a cursor and returns only what changed since', async () => {
    const first = (await rita.get('/api/linkedin/sales-reps?limit=4')).body;
    expect(first.leads).toHaveLength(4);
    expect(first.more).toBe(true);
    const everything = await allLeads(rita, 3);
    expect(new Set(everything.map((l) => l.id)).size).toBe(10);
    const done = (await rita.get('/api/linkedin/sales-reps?limit=10')).body;
    expect(done.more).toBe(false);
    const since = (await rita.get(`/api/linkedin/sales-reps?after=${encodeURIComponent(done.after)}`)).body;
    expect(since).toMatchObject({ leads: [], more: false, after: done.after });
    expect((await rita.get('/api/linkedin/sales-reps?limit=5000')).status).toBe(400);
    expect((await rita.get('/api/linkedin/sales-reps?after=yesterday')).status).toBe(400);
  });

  it('pages over leads re-scraped meanwhile with none passed over and none twice: a re-scrape comes once, on the next refresh', async () => {
    const knex = h.server.db.knex;
    const page = async (after?: string) =>
      (await rita.get(`/api/linkedin/sales-reps?limit=3${after ? `&after=${encodeURIComponent(after)}` : ''}`)).body;
    const rescrape = (id: string, followers: number) =>
      knex('linkedin_sales_reps').where({ id }).update({ followerCount: followers, lastScrapedAt: knex.raw('now()') });

    type Listed = { id: string; follower_count: number | null };
    // The list stops below the oldest transaction still open in the cluster (other test files run
    // beside this one), so the first page and the refresh wait for what they look for.
    let body = await page();
    for (let tries = 0; body.leads.length < 3 && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      body = await page();
    }
    const pass: Listed[] = [...body.leads];
    const order = (await allLeads(rita, 100)).map((lead) => lead.id);
    expect(order).toHaveLength(10);
    // One lead this pass has already handed out and one it has not reached yet.
    const handedOut = body.leads[0].id as string;
    const ahead = order.at(-1)!;
    await rescrape(handedOut, 1001);
    await rescrape(ahead, 1002);
    // A re-scrape whose transaction is still open while the pass ends: it commits after the last page.
    // (PostgreSQL only: the embedded database has one connection, which the open transaction would hold.)
    const late = process.env.DATABASE_URL ? order[4]! : undefined;
    const open = late ? await knex.transaction() : undefined;
    if (open) await open('linkedin_sales_reps').where({ id: late }).update({ followerCount: 1003, lastScrapedAt: open.raw('now()') });
    while (body.more) {
      body = await page(body.after);
      pass.push(...body.leads);
    }
    await open?.commit();
    const passIds = pass.map((lead) => lead.id);
    expect(new Set(passIds).size).toBe(passIds.length);

    // Refreshes from where the pass ended, as a device does, until the three re-scrapes are in.
    const rescraped = new Map([[handedOut, 1001], [ahead, 1002], ...(late ? [[late, 1003] as const] : [])]);
    const refresh: Listed[] = [];
    let after = body.after as string;
    for (let tries = 0; tries < 200; tries++) {
      const next = await page(after);
      refresh.push(...next.leads);
      after = next.after;
      if (next.more) continue;
      if ([...rescraped].every(([id, followers]) => refresh.some((lead) => lead.id === id && lead.follower_count === followers))) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // Every lead comes once, at its newest; a re-scraped one may come once more, after its re-scrape.
    const all = [...pass, ...refresh];
    for (const id of order) {
      const times = all.filter((lead) => lead.id === id);
      if (!rescraped.has(id)) expect(times, id).toHaveLength(1);
      else expect(refresh.filter((lead) => lead.id === id).map((lead) => lead.follower_count), id).toEqual([rescraped.get(id)]);
    }
    expect(new Set(all.map((lead) => lead.id)).size).toBe(10);
  });

  it('asks the configured provider when a key is saved, and refuses a key it refuses, with its reason', async () => {
    const before = h.double.keyChecks.length;
    const refused = await rita.post('/api/linkedin/api-key', { api_key: 'bad-key' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'Invalid Proxycurl API key: Invalid API key' });
    const outOfCredits = await sam.post('/api/linkedin/api-key', { api_key: 'no-credits' });
    expect(outOfCredits.status).toBe(400);
    expect(outOfCredits.body.error).toBe('Proxycurl refused the API key: You have run out of credits');
    // Asked once per save, at the configured provider; nothing saved for a refused key.
    expect(h.double.keyChecks.slice(before).map((r) => [r.key, r.status])).toEqual([
      ['bad-key', 401],
      ['no-credits', 403],
    ]);
    expect(Number((await h.server.db.knex('proxycurl_api_keys').where({ userId: (await sam.get('/api/user')).body.id }).count({ n: '*' }).first())!.n)).toBe(0);
  });

  it('says so when the provider cannot be asked, and saves nothing', async () => {
    const server = await startTestServer({ leadsProviderUrl: 'http://127.0.0.1:9' });
    try {
      const admin = await server.adminClient();
      const res = await admin.post('/api/linkedin/api-key', { api_key: 'good-key-1234' });
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/^Could not check the key with the lead provider: .*Please try again\.$/);
      expect((await admin.get('/api/linkedin/api-key')).body).toEqual({ hasKey: false });
    } finally {
      await server.close();
    }
  });

  it('fails with an API key error when a saved key stops working, then resumes once the key is fixed', async () => {
    await saveKey(rita, 'revoked-later');
    await search(rita, { ...SEARCH, location: 'CA', count: 10 });
    const failed = await waitForJob(rita, finished);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'api_key', message: 'Invalid Proxycurl API key' });
    expect(failed.error!.message).toMatch(/API key/);

    await saveKey(rita, 'good-key-1234');
    const resumed = await search(rita, { ...SEARCH, location: 'CA', count: 10 });
    expect(resumed.message).toBe('Search resumed');
    expect(resumed.job.id).toBe(failed.id);
    const done = await waitForJob(rita, finished);
    expect(done).toMatchObject({ id: failed.id, status: 'completed', processed_count: 10, error: null });
    const californians = (await allLeads(rita)).filter((l) => l.location_input === 'CA');
    expect(californians).toHaveLength(10);
    expect(californians[0].location).toMatch(/California, United States$/);
  });

  it('reports a 403 (out of credits) as an API key problem too', async () => {
    await saveKey(sam, 'credits-run-out');
    await search(sam);
    const failed = await waitForJob(sam, finished);
    expect(failed.error).toMatchObject({ code: 'api_key', message: 'Proxycurl refused the API key' });
  });

  it('waits out a rate-limited provider and still saves every lead', async () => {
    const ivy = await h.server.recruiterClient('ivy');
    await saveKey(ivy, 'rate-limited');
    await search(ivy, { ...SEARCH, location: 'Texas', count: 20 });
    const job = await waitForJob(ivy, finished);
    expect(job).toMatchObject({ status: 'completed', processed_count: 20, new_count: 20 });
    const statuses = h.double.requests.filter((r) => r.key === 'rate-limited').map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(await allLeads(ivy)).toHaveLength(20);
  });

  it('keeps one search per user: the same search is returned, another is refused; cancel stops it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    h.double.options.beforeRespond = async (req) => {
      if (req.key === 'slow-key') await held;
    };
    const otto = await h.server.recruiterClient('otto');
    await saveKey(otto, 'slow-key');
    const first = await search(otto, { ...SEARCH, count: 50 });
    const again = await search(otto, { ...SEARCH, count: 50 });
    expect(again.message).toBe('Search already running');
    expect(again.job.id).toBe(first.job.id);
    const other = await otto.post('/api/linkedin/search', { ...SEARCH, location: 'UK', count: 50 });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ message: 'A search is already running' });
    expect(other.body.action).toMatch(/cancel/i);

    await waitForJob(otto, (j) => j.status === 'running');
    expect((await rita.post(`/api/linkedin/search/${first.job.id}/cancel`)).status).toBe(404);
    const cancelling = await otto.post(`/api/linkedin/search/${first.job.id}/cancel`);
    expect(cancelling.status).toBe(200);
    expect(cancelling.body.job.cancel_requested).toBe(true);
    release();
    const cancelled = await waitForJob(otto, finished);
    expect(cancelled.status).toBe('cancelled');
    // The page the provider already answered (and charged for) is kept.
    expect(cancelled.processed_count).toBeLessThanOrEqual(10);
    expect(await allLeads(otto)).toHaveLength(cancelled.processed_count);
    h.double.options.beforeRespond = undefined;
  });

  it('keeps every user to their own leads and searches', async () => {
    const ritaLeads = await allLeads(rita);
    expect(ritaLeads.length).toBeGreaterThan(0);
    expect(await allLeads(sam)).toEqual([]);
    const ritaJob = (await currentJob(rita))!;
    expect((await sam.post(`/api/linkedin/search/${ritaJob.id}/cancel`)).status).toBe(404);
    expect((await sam.post('/api/linkedin/search/not-a-uuid/cancel')).status).toBe(404);
    expect((await h.server.client().get('/api/linkedin/sales-reps')).status).toBe(401);
    expect((await h.server.client().get('/api/linkedin/search/current')).status).toBe(401);
    expect((await h.server.client().post('/api/linkedin/search', SEARCH)).status).toBe(401);
  });
});
