/**
 * The PWA's one way to call the server: by route name from the shared contract, so path, method, body
 * and answer types are checked against the same schemas the server validates with. Cookies always go
 * along; a body is sent as JSON only when there is one. Failures are typed (see errors.ts). A 401 from
 * any call except sign-in and the session check means the session ended: registered handlers hear of
 * it (the auth store signs out locally), and the error is still thrown to the caller.
 *
 * Calls go by the route table (routes.ts: method and path), never the contract itself, which carries zod
 * and every route's schemas: the first screen calls the server at once (the session, the config), and
 * loading the contract for it put every schema and the modules they import into the sign-in screen's
 * first load (about 30 kB on the wire of 229 kB, bench:import's "A new device").
 */
import type { Api, RouteBodyInput, RouteName, RouteResponse } from '@shared/api/contract';
import { buildPath, routes } from '@shared/api/routes';
import { ApiError, OfflineError } from './errors';

export { ApiError, OfflineError, errorMessage, isApiError, isOfflineError } from './errors';

type PathOf<N extends RouteName> = Api[N]['path'];
type HasParams<P extends string> = P extends `${string}:${string}` ? true : false;

type BodyPart<N extends RouteName> = Api[N] extends { body: unknown }
  ? { body: RouteBodyInput<N> }
  : { body?: undefined };
type ParamsPart<N extends RouteName> =
  HasParams<PathOf<N>> extends true ? { params: Record<string, string | number> } : { params?: undefined };

export type CallOptions<N extends RouteName> = BodyPart<N> &
  ParamsPart<N> & {
    query?: Record<string, string | number | boolean | undefined>;
    signal?: AbortSignal;
    /** Give up after this long, as if unreachable: a flaky connection must not leave a screen waiting forever. */
    timeoutMs?: number;
  };

export const DEFAULT_TIMEOUT_MS = 30_000;

type CallArgs<N extends RouteName> =
  {} extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>];

/** Calls that answer 401 as part of their normal job, not because a session ended. */
const OWN_401: ReadonlySet<RouteName> = new Set(['login', 'currentUser', 'logout']);

const unauthorizedHandlers = new Set<() => void>();

/** Hear about any call that found the session gone. Returns an unsubscribe function. */
export function onSessionExpired(handler: () => void): () => void {
  unauthorizedHandlers.add(handler);
  return () => unauthorizedHandlers.delete(handler);
}

function buildUrl(path: string, query?: CallOptions<RouteName>['query']): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function deviceOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * fetch plus reading the body, under one deadline. A request that fails or runs out of time is an
 * OfflineError; the caller's own abort stays an AbortError.
 */
async function send(url: string, init: RequestInit, { signal, timeoutMs = DEFAULT_TIMEOUT_MS }: CallOptions<RouteName>) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    return { response, text: await response.text() };
  } catch (error) {
    if (!timedOut && signal?.aborted) throw error;
    throw new OfflineError(deviceOffline(), { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

export async function apiCall<N extends RouteName>(name: N, ...[options]: CallArgs<N>): Promise<RouteResponse<N>> {
  const route = routes[name];
  const opts = (options ?? {}) as CallOptions<RouteName>;
  const url = buildUrl(buildPath(route.path, opts.params ?? {}), opts.query);
  const hasBody = opts.body !== undefined;

  const { response, text } = await send(url, {
    method: route.method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(hasBody ? { 'Content-Type': 'application/json' } : {}) },
    body: hasBody ? JSON.stringify(opts.body) : undefined,
  }, opts);
  if (!response.ok) {
    const error = new ApiError(response.status, response.statusText, text);
    if (response.status === 401 && !OWN_401.has(name)) unauthorizedHandlers.forEach((handler) => handler());
    throw error;
  }
  if (!text) return undefined as RouteResponse<N>;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) {
    // e.g. a captive portal's login page, or an HTML page where the API should have answered
    throw new ApiError(response.status, response.statusText, `Unexpected ${type || 'untyped'} answer from ${route.path}`);
  }
  return JSON.parse(text) as RouteResponse<N>;
}
