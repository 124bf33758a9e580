/**
 * The people-search provider speaking Proxycurl's API shape:
 *   GET {base}/api/v2/search/person?country=US&current_role_title=…&page_size=10&enrich_profiles=enrich
 *   Authorization: Bearer {key}
 * Role, region and city are regular expressions on the provider's side, so the typed text is escaped
 * and matched case-insensitively. Requests are spaced to the provider's limit (300 a minute per key);
 * a 429 is retried after its Retry-After (else with exponential backoff), as are network errors and
 * 5xx answers; 401/403 are the key's fault and are not retried. The key is only ever sent to the
 * configured origin: a next_page pointing anywhere else is refused. A key is checked when it is saved
 * by asking for the credit balance (GET {base}/api/credit-balance), which spends no credits.
 */
import { createHash } from 'node:crypto';
import { ProviderError, type PeoplePage, type PeopleQuery, type PeopleSearchProvider, type PeopleSearchRequest } from './provider';
import { readPerson, searchResponseSchema } from './proxycurl.schema';

export const SEARCH_PATH = '/api/v2/search/person';
/** Proxycurl's credit balance: answers for any valid key and costs no credits, so it checks a key. */
export const CREDIT_BALANCE_PATH = '/api/credit-balance';
/** A key check answers a person waiting on Save: one retry, not a search's patience. */
const KEY_CHECK_RETRIES = 1;
/** Proxycurl serves at most 10 enriched profiles per page. */
export const PROXYCURL_MAX_PAGE_SIZE = 10;
const MAX_BODY_BYTES = 20 * 1024 * 1024;

export interface ProxycurlClientOptions {
  baseUrl: string;
  requestsPerMinute?: number;
  /** Retries of one page after a 429, a 5xx or a network error. */
  maxRetries?: number;
  /** Longest single wait, whatever Retry-After asks. */
  maxRetryWaitMs?: number;
  baseBackoffMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Seconds or an HTTP date, as milliseconds from now. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

async function readCapped(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new ProviderError('bad_response', 'The provider sent a page that is too large');
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) throw new ProviderError('bad_response', 'The provider sent a page that is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function providerMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { description?: unknown; message?: unknown; detail?: unknown };
    const text = [parsed.description, parsed.message, parsed.detail].find((v) => typeof v === 'string');
    return typeof text === 'string' ? text.slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
}

export class ProxycurlClient implements PeopleSearchProvider {
  readonly maxPageSize = PROXYCURL_MAX_PAGE_SIZE;
  readonly #searchUrl: URL;
  readonly #creditBalanceUrl: URL;
  readonly #intervalMs: number;
  readonly #maxRetries: number;
  readonly #maxRetryWaitMs: number;
  readonly #baseBackoffMs: number;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Per key (hashed): when its next request may go out. */
  readonly #nextSlot = new Map<string, number>();

  constructor(options: ProxycurlClientOptions) {
    this.#searchUrl = new URL(options.baseUrl.replace(/\/+$/, '') + SEARCH_PATH);
    this.#creditBalanceUrl = new URL(options.baseUrl.replace(/\/+$/, '') + CREDIT_BALANCE_PATH);
    this.#intervalMs = 60_000 / (options.requestsPerMinute ?? 300);
    this.#maxRetries = options.maxRetries ?? 6;
    this.#maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000;
    this.#baseBackoffMs = options.baseBackoffMs ?? 1000;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#fetch = options.fetch ?? fetch;
    this.#sleep = options.sleep ?? abortableSleep;
  }

  firstPageUrl(query: PeopleQuery, pageSize: number): URL {
    const url = new URL(this.#searchUrl);
    url.searchParams.set('country', query.country);
    url.searchParams.set('current_role_title', `(?i)${escapeRegex(query.roleTitle)}`);
    if (query.region) url.searchParams.set('region', `(?i)^${escapeRegex(query.region)}$`);
    if (query.city) url.searchParams.set('city', `(?i)^${escapeRegex(query.city)}$`);
    url.searchParams.set('page_size', String(pageSize));
    url.searchParams.set('enrich_profiles', 'enrich');
    return url;
  }

  /** The provider's next_page, if it points at the search endpoint we were configured with. */
  nextPageUrl(token: string, pageSize: number): URL {
    let url: URL;
    try {
      url = new URL(token);
    } catch {
      throw new ProviderError('bad_response', 'The provider sent an unreadable next page link');
    }
    if (url.origin !== this.#searchUrl.origin || url.pathname !== this.#searchUrl.pathname) {
      throw new ProviderError('bad_response', 'The provider sent a next page link to another address; the key was not sent there');
    }
    // Ask only for what is still wanted, so the last page costs no extra credits.
    if (url.searchParams.has('page_size')) url.searchParams.set('page_size', String(pageSize));
    return url;
  }

  async searchPeople(request: PeopleSearchRequest): Promise<PeoplePage> {
    const pageSize = Math.max(1, Math.min(request.pageSize, this.maxPageSize));
    const url = request.pageToken ? this.nextPageUrl(request.pageToken, pageSize) : this.firstPageUrl(request.query, pageSize);
    const body = await this.#getWithRetries(url, request.apiKey, request.signal);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new ProviderError('bad_response', 'The provider sent an answer that is not JSON');
    }
    const parsed = searchResponseSchema.safeParse(json);
    if (!parsed.success) throw new ProviderError('bad_response', 'The provider sent an answer without results');
    const people = parsed.data.results.map(readPerson).filter((p) => p !== null);
    return { people, nextPage: parsed.data.next_page || null, totalResults: parsed.data.total_result_count ?? null };
  }

  async checkKey(apiKey: string, signal?: AbortSignal): Promise<void> {
    await this.#getWithRetries(this.#creditBalanceUrl, apiKey, signal, KEY_CHECK_RETRIES);
  }

  async #throttle(apiKey: string, signal?: AbortSignal): Promise<void> {
    const id = createHash('sha256').update(apiKey).digest('base64url');
    const now = Date.now();
    const slot = Math.max(now, this.#nextSlot.get(id) ?? 0);
    this.#nextSlot.set(id, slot + this.#intervalMs);
    if (this.#nextSlot.size > 1000) {
      for (const [key, at] of this.#nextSlot) if (at < now) this.#nextSlot.delete(key);
    }
    if (slot > now) await this.#sleep(slot - now, signal);
  }

  #backoff(attempt: number): number {
    return Math.min(this.#maxRetryWaitMs, this.#baseBackoffMs * 2 ** attempt);
  }

  async #getWithRetries(url: URL, apiKey: string, signal?: AbortSignal, maxRetries = this.#maxRetries): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      await this.#throttle(apiKey, signal);
      let response: Response;
      try {
        const timeout = AbortSignal.timeout(this.#timeoutMs);
        response = await this.#fetch(url, {
          headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          redirect: 'error',
        });
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (attempt >= maxRetries) {
          throw new ProviderError('unavailable', `Could not reach the provider (${(error as Error).message})`);
        }
        await this.#sleep(this.#backoff(attempt), signal);
        continue;
      }
      if (response.ok) return readCapped(response);
      const body = await readCapped(response).catch(() => '');
      const said = providerMessage(body);
      if (response.status === 401) {
        throw new ProviderError('auth', said ? `Invalid Proxycurl API key: ${said}` : 'Invalid Proxycurl API key', 401);
      }
      if (response.status === 403) {
        throw new ProviderError('auth', `Proxycurl refused the API key${said ? `: ${said}` : ' (out of credits or not allowed)'}`, 403);
      }
      if (response.status === 429 || response.status >= 500) {
        if (attempt >= maxRetries) {
          throw response.status === 429
            ? new ProviderError('rate_limited', 'Proxycurl is rate limiting the searches', 429)
            : new ProviderError('unavailable', `Proxycurl is not answering (status ${response.status})`, response.status);
        }
        const asked = response.status === 429 ? parseRetryAfter(response.headers.get('retry-after')) : undefined;
        await this.#sleep(Math.min(this.#maxRetryWaitMs, asked ?? this.#backoff(attempt)), signal);
        continue;
      }
      throw new ProviderError('bad_request', said ? `Proxycurl refused the search: ${said}` : `Proxycurl refused the search (status ${response.status})`, response.status);
    }
  }
}
