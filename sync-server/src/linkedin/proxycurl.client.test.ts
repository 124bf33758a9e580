import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from './provider';
import { startProviderDouble, type ProviderDouble } from './provider-double';
import { parseRetryAfter, ProxycurlClient } from './proxycurl.client';

let double: ProviderDouble;
const query = { roleTitle: 'Sales Representative', country: 'US' };

beforeAll(async () => {
  double = await startProviderDouble({ totalResults: 23 });
});
afterAll(() => double.close());

/**
 * No spacing between requests unless a test asks for a rate: at any finite rate a request answered
 * within the interval (a fast machine's round trip to the double) is spaced too, and a test that
 * records its waits would see that extra one.
 */
function client(overrides: Partial<ConstructorParameters<typeof ProxycurlClient>[0]> = {}) {
  return new ProxycurlClient({ baseUrl: double.url, requestsPerMinute: Infinity, baseBackoffMs: 10, ...overrides });
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('ProxycurlClient against the provider double', () => {
  it('sends the Proxycurl query shape and pages with next_page to the end', async () => {
    const c = client();
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const page = await c.searchPeople({ apiKey: 'good', query: { ...query, region: 'California', city: 'San Jose' }, pageSize: 10, pageToken: token });
      seen.push(...page.people.map((p) => p.linkedinUrl));
      expect(page.totalResults).toBe(23);
      token = page.nextPage;
      pages++;
    } while (token);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(23);
    const first = double.requests.find((r) => r.key === 'good')!;
    expect(first.params).toMatchObject({
      country: 'US',
      current_role_title: '(?i)Sales Representative',
      region: '(?i)^California$',
      city: '(?i)^San Jose$',
      page_size: '10',
      enrich_profiles: 'enrich',
    });
  });

  it('reads full profiles', async () => {
    const page = await client().searchPeople({ apiKey: 'good', query, pageSize: 5, pageToken: null });
    expect(page.people).toHaveLength(5);
    const person = page.people.find((p) => p.experiences.length > 0)!;
    expect(person.linkedinUrl).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
    expect(person.fullName).toBeTruthy();
    expect(person.country).toBe('United States');
    expect(person.experiences[0]).toMatchObject({ ends_at: null, starts_at: { year: expect.any(Number) } });
  });

  it('escapes regular expression characters in the typed title', () => {
    const url = client().firstPageUrl({ roleTitle: 'C++ Sales (EMEA) a.b', country: 'GB' }, 10);
    expect(url.searchParams.get('current_role_title')).toBe('(?i)C\\+\\+ Sales \\(EMEA\\) a\\.b');
  });

  it('turns 401 and 403 into key errors, without retrying', async () => {
    const before = double.requests.length;
    const bad = await failure(client().searchPeople({ apiKey: 'bad-key', query, pageSize: 10, pageToken: null }));
    expect(bad).toMatchObject({ kind: 'auth', status: 401 });
    expect(bad.message).toMatch(/API key/);
    const broke = await failure(client().searchPeople({ apiKey: 'no-credits', query, pageSize: 10, pageToken: null }));
    expect(broke).toMatchObject({ kind: 'auth', status: 403 });
    expect(broke.message).toMatch(/API key.*credits/);
    expect(double.requests.length - before).toBe(2);
  });

  it('waits out a 429 for its Retry-After and then succeeds', async () => {
    const before = double.requests.length;
    // The wait is recorded, not slept: its length is what the client decides.
    const waits: number[] = [];
    const page = await client({ sleep: async (ms) => void waits.push(ms) }).searchPeople({ apiKey: 'rate-limited', query, pageSize: 3, pageToken: null });
    expect(page.people).toHaveLength(3);
    expect(double.requests.slice(before).map((r) => r.status)).toEqual([429, 200]);
    expect(waits).toEqual([1000]);
  });

  it('gives up on a provider that keeps limiting, and retries 5xx answers', async () => {
    const waits: number[] = [];
    const limited = await failure(
      client({ maxRetries: 1, sleep: async (ms) => void waits.push(ms) }).searchPeople({ apiKey: 'always-rate-limited', query, pageSize: 3, pageToken: null }),
    );
    expect(limited.kind).toBe('rate_limited');
    expect(waits).toEqual([1000]);
    const c = client();
    for (let i = 0; i < 4; i++) {
      const page = await c.searchPeople({ apiKey: 'flaky', query, pageSize: 2, pageToken: null });
      expect(page.people).toHaveLength(2);
    }
    expect(double.requests.filter((r) => r.key === 'flaky').map((r) => r.status)).toContain(503);
  });

  it('spaces requests to the per-key rate, and waits as long as Retry-After says', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const c = client({ requestsPerMinute: 60, sleep });
    for (let i = 0; i < 3; i++) await c.searchPeople({ apiKey: 'paced', query, pageSize: 1, pageToken: null });
    // 60 a minute: the 2nd and 3rd requests are given the slots 1 s and 2 s after the first.
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[0]).toBeLessThanOrEqual(1000);
    expect(waits[1]).toBeGreaterThan(1000);
    waits.length = 0;
    await client({ sleep }).searchPeople({ apiKey: 'rate-limited', query, pageSize: 1, pageToken: null });
    expect(waits).toEqual([1000]);
  });

  it('never sends the key to a next_page on another address, and trims the page size', async () => {
    const c = client();
    const elsewhere = await failure(c.searchPeople({ apiKey: 'good', query, pageSize: 10, pageToken: 'https://attacker.example/api/v2/search/person?after=10' }));
    expect(elsewhere.kind).toBe('bad_response');
    const otherPath = await failure(c.searchPeople({ apiKey: 'good', query, pageSize: 10, pageToken: `${double.url}/api/other?after=10` }));
    expect(otherPath.kind).toBe('bad_response');
    const first = await c.searchPeople({ apiKey: 'trim', query, pageSize: 10, pageToken: null });
    const last = await c.searchPeople({ apiKey: 'trim', query, pageSize: 4, pageToken: first.nextPage });
    expect(last.people).toHaveLength(4);
    expect(double.requests.filter((r) => r.key === 'trim').map((r) => r.params.page_size)).toEqual(['10', '4']);
  });

  it('skips unreadable results and refuses non-JSON answers', async () => {
    const answer = (body: string, status = 200) =>
      client({ fetch: async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }) });
    const page = await answer(
      JSON.stringify({
        results: [
          { linkedin_profile_url: 'javascript:alert(1)', profile: {} },
          { nope: true },
          { linkedin_profile_url: 'https://www.linkedin.com/in/ok/', profile: { full_name: 42, follower_count: 'many', profile_pic_url: 'http://insecure/pic.jpg', experiences: 'x' } },
        ],
        next_page: null,
      }),
    ).searchPeople({ apiKey: 'k', query, pageSize: 10, pageToken: null });
    expect(page.people).toEqual([
      expect.objectContaining({ linkedinUrl: 'https://www.linkedin.com/in/ok', fullName: null, followerCount: null, profilePicUrl: null, experiences: [] }),
    ]);
    expect((await failure(answer('<html>').searchPeople({ apiKey: 'k', query, pageSize: 10, pageToken: null }))).kind).toBe('bad_response');
    expect((await failure(answer('{"description":"bad country"}', 400).searchPeople({ apiKey: 'k', query, pageSize: 10, pageToken: null }))).message).toMatch(/bad country/);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
