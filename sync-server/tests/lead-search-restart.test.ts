/**
 * A 2,000-lead search through the real server process code (startServer): the server is shut down
 * while the search is running and started again on the same database, and the search finishes from
 * where it stopped — every lead saved once, no page saved twice.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderDouble, type ProviderDouble } from '../src/linkedin/provider-double';
import { startServer, type RunningServer } from '../src/server';
import { HttpClient } from './helpers/http-client';
import { allLeads, fastProvider, finished, waitForJob } from './helpers/lead-search';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { ADMIN, testConfig } from './helpers/test-server';

let double: ProviderDouble;
let database: TestDatabase | undefined;
let config: ReturnType<typeof testConfig>;

beforeAll(async () => {
  double = await startProviderDouble();
  if (process.env.DATABASE_URL) database = await createTestDatabase();
  // With PostgreSQL the two servers share a database; embedded, they share the data folder.
  config = database?.url
    ? testConfig({ databaseUrl: database.url, leadsProviderUrl: double.url })
    : testConfig({ dataDir: mkdtempSync(path.join(tmpdir(), 'rephire-restart-')), leadsProviderUrl: double.url });
});
afterAll(async () => {
  await double.close();
  await database?.close();
});

function start(): Promise<RunningServer> {
  return startServer(config, undefined, { leadSearch: { provider: fastProvider(double.url), pollIntervalMs: 50 } });
}

describe('a lead search across a server restart', () => {
  it('saves all 2,000 leads exactly once', { timeout: 180_000 }, async () => {
    let server = await start();
    let client = new HttpClient(server.url);
    expect((await client.post('/api/register', ADMIN)).status).toBe(201);
    expect((await client.post('/api/linkedin/api-key', { api_key: 'restart-key' })).status).toBe(200);
    const started = await client.post('/api/linkedin/search', { job_title: 'Sales Representative', location: 'US', count: 2000 });
    expect(started.status).toBe(202);

    const midway = await waitForJob(client, (j) => j.processed_count >= 300);
    expect(midway.status).toBe('running');
    await server.close();

    server = await start();
    // The session lives in the database, so the same cookie still works.
    client = Object.assign(new HttpClient(server.url), { cookies: client.cookies });
    const paused = (await client.get('/api/linkedin/search/current')).body.job;
    expect(paused.processed_count).toBeGreaterThanOrEqual(300);
    expect(paused.processed_count).toBeLessThan(2000);

    const job = await waitForJob(client, finished, 120_000);
    expect(job).toMatchObject({ status: 'completed', processed_count: 2000, new_count: 2000, updated_count: 0 });
    const leads = await allLeads(client, 2000);
    expect(leads).toHaveLength(2000);
    expect(new Set(leads.map((l) => l.linkedin_url)).size).toBe(2000);
    expect(leads.every((l) => l.scraped_at === l.last_scraped_at)).toBe(true);

    // 200 pages of 10; at most the one page in flight at shutdown was asked for twice.
    const pages = double.requests.filter((r) => r.key === 'restart-key' && r.status === 200).map((r) => r.params.after ?? '0');
    expect(new Set(pages).size).toBe(200);
    expect(pages.length - 200).toBeLessThanOrEqual(1);
    await server.close();
  });
});
