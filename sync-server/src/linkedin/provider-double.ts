/**
 * A local stand-in for Proxycurl's people search, answering in its shape on 127.0.0.1, for the tests and
 * for `npm run dev` (LEADS_PROVIDER=double). It pages with `next_page` links, enforces the real limits
 * (country required, 1–10 enriched profiles a page), can rate-limit by key, and fails on demand:
 *   key "bad-key"             → 401           key "no-credits"          → 403
 *   key "revoked-later"       → passes the key check, then 401 on searches (a key revoked after it was saved)
 *   key "credits-run-out"     → passes the key check, then 403 on searches (credits spent after it was saved)
 *   key "rate-limited"        → every other request is a 429 with Retry-After: 1
 *   key "always-rate-limited" → always 429    key "flaky"               → every third request is a 503
 * Any other key is accepted. GET /api/credit-balance answers a key check the same way (401, 403, or
 * the balance). It records the searches and the key checks it answered, for the tests to inspect.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generatePerson, matchingCount, type DoubleQuery } from './provider-double.people';

export interface ProviderDoubleOptions {
  seed?: number;
  /** Overrides the number of matching people (otherwise derived from the query). */
  totalResults?: number;
  pictureBaseUrl?: string;
  /** Requests a key may make per window before it gets 429s. */
  rateLimit?: { requests: number; windowMs: number };
  latencyMs?: number;
  /** Runs before each search is answered; a test can hold a request here. */
  beforeRespond?: (request: DoubleRequest) => Promise<void> | void;
}

export interface DoubleRequest {
  key: string;
  params: Record<string, string>;
  status: number;
}

export interface ProviderDouble {
  url: string;
  /** The searches it answered. */
  requests: DoubleRequest[];
  /** The key checks (credit balance) it answered. */
  keyChecks: DoubleRequest[];
  options: ProviderDoubleOptions;
  close(): Promise<void>;
}

const SEARCH_PATH = '/api/v2/search/person';
const CREDIT_BALANCE_PATH = '/api/credit-balance';

/** The literal text of a provider regex as the client builds it: `(?i)^Sales\ Rep$` → `Sales Rep`. */
export function regexLiteral(pattern: string): string {
  return pattern
    .replace(/^\(\?i\)/, '')
    .replace(/^\^/, '')
    .replace(/\$$/, '')
    .replace(/\\(.)/g, '$1');
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startProviderDouble(options: ProviderDoubleOptions = {}, port = 0): Promise<ProviderDouble> {
  const requests: DoubleRequest[] = [];
  const keyChecks: DoubleRequest[] = [];
  const perKey = new Map<string, number>();
  const windows = new Map<string, { start: number; count: number }>();
  let url = '';

  function limited(key: string): boolean {
    const limit = double.options.rateLimit;
    if (!limit) return false;
    const now = Date.now();
    const window = windows.get(key);
    if (!window || now - window.start >= limit.windowMs) {
      windows.set(key, { start: now, count: 1 });
      return false;
    }
    window.count++;
    return window.count > limit.requests;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const requestUrl = new URL(req.url ?? '/', url);
    const params = Object.fromEntries(requestUrl.searchParams);
    const auth = req.headers.authorization ?? '';
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const record = (status: number) => requests.push({ key, params, status });
    if (req.method === 'GET' && requestUrl.pathname === CREDIT_BALANCE_PATH) {
      const status = !key || key === 'bad-key' ? 401 : key === 'no-credits' ? 403 : 200;
      keyChecks.push({ key, params: {}, status });
      if (status === 401) return send(res, 401, { code: 401, description: 'Invalid API key', name: 'Unauthorized' });
      if (status === 403) return send(res, 403, { code: 403, description: 'You have run out of credits', name: 'Forbidden' });
      return send(res, 200, { credit_balance: 1000 });
    }
    if (req.method !== 'GET' || requestUrl.pathname !== SEARCH_PATH) return send(res, 404, { description: 'Not found' });
    const seen = (perKey.get(key) ?? 0) + 1;
    perKey.set(key, seen);
    if (double.options.latencyMs) await new Promise((r) => setTimeout(r, double.options.latencyMs));
    if (!key || key === 'bad-key' || key === 'revoked-later') {
      record(401);
      return send(res, 401, { code: 401, description: 'Invalid API key', name: 'Unauthorized' });
    }
    if (key === 'no-credits' || key === 'credits-run-out') {
      record(403);
      return send(res, 403, { code: 403, description: 'You have run out of credits', name: 'Forbidden' });
    }
    const rateLimited =
      key === 'always-rate-limited' || (key === 'rate-limited' && seen % 2 === 1) || limited(key);
    if (rateLimited) {
      record(429);
      return send(res, 429, { code: 429, description: 'Rate limited', name: 'Too Many Requests' }, { 'retry-after': '1' });
    }
    if (key === 'flaky' && seen % 3 === 0) {
      record(503);
      return send(res, 503, { code: 503, description: 'Service unavailable' });
    }
    const enrich = params.enrich_profiles === 'enrich';
    const pageSize = Number(params.page_size ?? '100');
    const maxPage = enrich ? 10 : 100;
    if (!params.country) {
      record(400);
      return send(res, 400, { code: 400, description: 'country is required' });
    }
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPage) {
      record(400);
      return send(res, 400, { code: 400, description: `page_size must be between 1 and ${maxPage}` });
    }
    await double.options.beforeRespond?.({ key, params, status: 200 });
    const query: DoubleQuery = {
      country: params.country,
      roleTitle: regexLiteral(params.current_role_title ?? 'Sales Representative'),
      region: params.region ? regexLiteral(params.region) : undefined,
      city: params.city ? regexLiteral(params.city) : undefined,
    };
    const seed = double.options.seed ?? 1;
    const total = double.options.totalResults ?? matchingCount(query, seed);
    const after = Number(params.after ?? '0');
    const end = Math.min(total, after + pageSize);
    const people = [];
    for (let i = after; i < end; i++) {
      const person = generatePerson(query, i, { seed, pictureBaseUrl: double.options.pictureBaseUrl ?? 'https://media.licdn.example/pics' });
      people.push(enrich ? person : { linkedin_profile_url: person.linkedin_profile_url, last_updated: person.last_updated, profile: null });
    }
    let nextPage: string | null = null;
    if (end < total) {
      const next = new URL(requestUrl.pathname, url);
      for (const [name, value] of requestUrl.searchParams) next.searchParams.set(name, value);
      next.searchParams.set('after', String(end));
      nextPage = next.toString();
    }
    record(200);
    send(res, 200, { results: people, next_page: nextPage, total_result_count: total });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => send(res, 500, { description: String(error) }));
  });
  server.listen(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const double: ProviderDouble = {
    url,
    requests,
    keyChecks,
    options,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return double;
}
