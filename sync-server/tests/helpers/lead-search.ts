/**
 * Lead-search tests: the real app over its own database, the provider double, and a search runner
 * pointed at the double (fast polling, no request spacing). Helpers to wait for a job to get somewhere.
 */
import type { LeadSearchJob } from '@shared/schemas/lead.schema';
import { startProviderDouble, type ProviderDouble, type ProviderDoubleOptions } from '../../src/linkedin/provider-double';
import { ProxycurlClient } from '../../src/linkedin/proxycurl.client';
import { LeadSearchRunner, type LeadSearchRunnerOptions } from '../../src/linkedin/search-job.runner';
import type { HttpClient } from './http-client';
import { startTestServer, type TestServer } from './test-server';

export interface LeadsHarness {
  double: ProviderDouble;
  server: TestServer;
  runner: LeadSearchRunner;
  newRunner(options?: Partial<LeadSearchRunnerOptions>): LeadSearchRunner;
  close(): Promise<void>;
}

export function fastProvider(url: string) {
  return new ProxycurlClient({ baseUrl: url, requestsPerMinute: 600_000, baseBackoffMs: 20 });
}

export async function startLeadsHarness(
  options: { double?: ProviderDoubleOptions; runner?: Partial<LeadSearchRunnerOptions>; start?: boolean } = {},
): Promise<LeadsHarness> {
  const double = await startProviderDouble(options.double);
  const server = await startTestServer({ leadsProviderUrl: double.url });
  const runners: LeadSearchRunner[] = [];
  const newRunner = (overrides: Partial<LeadSearchRunnerOptions> = {}) => {
    const runner = new LeadSearchRunner({
      knex: server.db.knex,
      secretKey: server.config.secretKey,
      provider: fastProvider(double.url),
      pollIntervalMs: 50,
      ...options.runner,
      ...overrides,
    });
    runners.push(runner);
    return runner;
  };
  const runner = newRunner();
  if (options.start !== false) runner.start();
  return {
    double,
    server,
    runner,
    newRunner,
    async close() {
      await Promise.all(runners.map((r) => r.stop()));
      await server.close();
      await double.close();
    },
  };
}

export async function currentJob(client: HttpClient): Promise<LeadSearchJob | null> {
  const res = await client.get('/api/linkedin/search/current');
  if (res.status !== 200) throw new Error(`current search: ${res.status} ${res.text}`);
  return res.body.job;
}

/** Polls the user's current search until `until` holds (or throws after `timeoutMs`). */
export async function waitForJob(
  client: HttpClient,
  until: (job: LeadSearchJob) => boolean,
  timeoutMs = 60_000,
): Promise<LeadSearchJob> {
  const deadline = Date.now() + timeoutMs;
  let last: LeadSearchJob | null = null;
  while (Date.now() < deadline) {
    last = await currentJob(client);
    if (last && until(last)) return last;
    await new Promise((r) => setTimeout(r, 40));
  }
  throw new Error(`search did not get there in time; last seen: ${JSON.stringify(last)}`);
}

export const finished = (job: LeadSearchJob) => !['queued', 'running'].includes(job.status);

/** Every saved lead of the client's user, following the listing cursor. */
export async function allLeads(client: HttpClient, limit = 500) {
  const leads = [];
  let path = `/api/linkedin/sales-reps?limit=${limit}`;
  for (;;) {
    const res = await client.get(path);
    if (res.status !== 200) throw new Error(`list leads: ${res.status} ${res.text}`);
    leads.push(...res.body.leads);
    if (!res.body.more) return leads;
    path = `/api/linkedin/sales-reps?limit=${limit}&after=${encodeURIComponent(res.body.after)}`;
  }
}
