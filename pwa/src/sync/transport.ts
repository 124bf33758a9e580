/**
 * The sync endpoints over HTTP. Every failure becomes a SyncError whose `kind` tells the engine what
 * to do: `unauthorized` pauses until the user signs in again, `network` and `server` back off and
 * retry, `tooLarge` retries with smaller pushes, `client` is a request the server refuses as such
 * (retried with backoff too: the queue is never dropped). Responses are validated with the shared
 * schemas before anything is written to the device. Every request declares SYNC_PROTOCOL_VERSION, the
 * version of those schemas.
 */
import { errorEnvelopeSchema } from '@shared/api/error.schema';
import {
  PULL_CURSOR_HEADER,
  PULL_DONE_HEADER,
  SYNC_PROTOCOL_VERSION,
  pushResponseSchema,
  type PullQuery,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '@shared/sync/protocol.schema';
import { parsePullPage } from './pull-page';

export const PUSH_PATH = '/api/sync/push';
export const PULL_PATH = '/api/sync/pull';

export type SyncErrorKind = 'unauthorized' | 'network' | 'server' | 'tooLarge' | 'client';

export class SyncError extends Error {
  constructor(
    readonly kind: SyncErrorKind,
    message: string,
    readonly status?: number,
    /** Seconds the server asked us to wait (429/503 Retry-After). */
    readonly retryAfterSeconds?: number,
    /** The error envelope's code, when the server sent one (ERROR_CODES). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SyncError';
  }
}

/**
 * A push as the device sends it: the request, or, from the push's batches (push.ts), its client id and
 * its mutations' JSON array written once, as they were gathered (json-array-blob.ts), which the body is
 * made of. The batches keep nothing else of the mutations: not the entries read, nor their text.
 */
export type OutgoingPush = PushRequest | { clientId: string; mutationsJson: Blob };

/** The mutations a push sends, as objects (the JSON it carries parsed, when it carries JSON). */
export async function mutationsOf(push: OutgoingPush): Promise<PushRequest['mutations']> {
  return 'mutationsJson' in push ? (JSON.parse(await push.mutationsJson.text()) as PushRequest['mutations']) : push.mutations;
}

/** Where a pull page ends (its cursor) and whether more follow, read off its headers (headOf). */
export interface PullHead {
  cursor: string;
  done: boolean;
}

export interface SyncTransport {
  push(request: OutgoingPush): Promise<PushResponse>;
  /**
   * `onHead`, when the transport can: told the page's cursor as soon as its headers arrive, before its
   * body is read, parsed and checked (the pull asks for the next page then: pull.ts). The page it
   * answers is the one to trust; the head is only a hint.
   */
  pull(query: PullQuery, onHead?: (head: PullHead) => void): Promise<PullResponse>;
  /**
   * Fails every request on its way at once, as with no answer (the browser says it went offline: an
   * answer may never come, and the round would hold the sync lock until the request's timeout, 60–120 s,
   * with the round going online waiting behind it).
   */
  dropInFlight?(): void;
}

export interface HttpTransportOptions {
  /** '' for the app's own origin; the test server's URL in tests. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Extra headers per request (tests send their session cookie this way). */
  headers?: () => Record<string, string>;
  pushTimeoutMs?: number;
  pullTimeoutMs?: number;
}

function kindOf(status: number): SyncErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 413) return 'tooLarge';
  if (status >= 500 || status === 408 || status === 429) return 'server';
  return 'client';
}

async function failure(response: Response): Promise<SyncError> {
  const text = await response.text().catch(() => '');
  let message = text.slice(0, 300) || response.statusText || 'Request failed';
  let code: string | undefined;
  try {
    const envelope = errorEnvelopeSchema.safeParse(JSON.parse(text));
    if (envelope.success) ({ message, code } = envelope.data);
  } catch {
    // Not JSON (a proxy's error page): keep the text.
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  // A gateway's own 502/503/504 (no answer of ours in it): the server is not there, as with no answer.
  const gateway = code === undefined && [502, 503, 504].includes(response.status);
  return new SyncError(
    gateway ? 'network' : kindOf(response.status),
    `${response.status}: ${message}`,
    response.status,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    code,
  );
}

export function httpTransport(options: HttpTransportOptions = {}): SyncTransport {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  /** The requests on their way, each until its answer is read (dropInFlight). */
  const inFlight = new Set<AbortController>();

  async function call<T>(path: string, init: RequestInit, timeoutMs: number, parse: (json: unknown) => T | Promise<T>, onResponse?: (response: Response) => void): Promise<T> {
    // Offline as far as the browser knows: no request (one sent then may never settle either way).
    if (globalThis.navigator?.onLine === false) throw new SyncError('network', "Can't reach the server (offline)");
    // One signal for the timeout and for dropInFlight (AbortSignal.any is too new for some tablets' Safari).
    const request = new AbortController();
    const timer = setTimeout(() => request.abort(new DOMException('The request timed out', 'TimeoutError')), timeoutMs);
    inFlight.add(request);
    try {
      return await answerOf(path, init, request.signal, parse, onResponse);
    } finally {
      clearTimeout(timer);
      inFlight.delete(request);
    }
  }

  async function answerOf<T>(path: string, init: RequestInit, signal: AbortSignal, parse: (json: unknown) => T | Promise<T>, onResponse?: (response: Response) => void): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(baseUrl + path, {
        ...init,
        credentials: 'same-origin',
        cache: 'no-store',
        headers: { accept: 'application/json', ...init.headers, ...options.headers?.() },
        signal,
      });
    } catch (error) {
      throw new SyncError('network', `Can't reach the server (${(error as Error).message})`);
    }
    if (!response.ok) throw await failure(response);
    onResponse?.(response);
    let json: unknown;
    try {
      json = JSON.parse(await response.text());
    } catch (error) {
      throw new SyncError('network', `The server's answer was cut off (${(error as Error).message})`);
    }
    try {
      return await parse(json);
    } catch {
      throw new SyncError('server', `${response.status}: The server sent an answer this app does not understand`, response.status);
    }
  }

  return {
    dropInFlight() {
      for (const request of inFlight) request.abort(new DOMException('The device went offline', 'AbortError'));
    },
    push(request) {
      const body =
        'mutationsJson' in request
          ? new Blob([`{"clientId":${JSON.stringify(request.clientId)},"protocol":${SYNC_PROTOCOL_VERSION},"mutations":`, request.mutationsJson, '}'])
          : JSON.stringify({ ...request, protocol: SYNC_PROTOCOL_VERSION });
      return call(
        PUSH_PATH,
        { method: 'POST', body, headers: { 'content-type': 'application/json' } },
        options.pushTimeoutMs ?? 120_000,
        (json) => pushResponseSchema.parse(json),
      );
    },
    pull(query, onHead) {
      const params = new URLSearchParams({ protocol: String(SYNC_PROTOCOL_VERSION), clientId: query.clientId });
      if (query.cursor) params.set('cursor', query.cursor);
      if (query.limit) params.set('limit', String(query.limit));
      if (query.includedThrough) params.set('includedThrough', String(query.includedThrough));
      if (query.confirmOwn) params.set('confirmOwn', query.confirmOwn);
      if (query.sharedClocks) params.set('sharedClocks', query.sharedClocks);
      return call(
        `${PULL_PATH}?${params}`,
        { method: 'GET' },
        options.pullTimeoutMs ?? 60_000,
        (json) => parsePullPage(json),
        onHead &&
          ((response) => {
            const head = headOf(response);
            if (head) onHead(head);
          }),
      );
    },
  };
}

/** A pull page's cursor and whether it is the last, from its headers, when the server sent them. */
function headOf(response: Response): PullHead | null {
  const cursor = response.headers.get(PULL_CURSOR_HEADER);
  const done = response.headers.get(PULL_DONE_HEADER);
  return cursor && (done === 'true' || done === 'false') ? { cursor, done: done === 'true' } : null;
}
