import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCall, onSessionExpired } from './client';
import { ApiError, OFFLINE_MESSAGE, OfflineError, UNREACHABLE_MESSAGE, errorMessage } from './errors';

type FetchArgs = [string, RequestInit];
let calls: FetchArgs[];

function answer(status: number, body: string, { statusText = '', type = 'application/json' } = {}) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response(body || null, { status, statusText, headers: body ? { 'content-type': type } : {} });
    }),
  );
}

function failNetwork(error: Error = new TypeError('Failed to fetch')) {
  vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(error)));
}

/** A fetch that never answers, failing only when its signal aborts (as the real one does). */
function hangUntilAborted(_url: string, init: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (init.signal?.aborted) abort();
    init.signal?.addEventListener('abort', abort);
  });
}

function setOnline(online: boolean) {
  vi.stubGlobal('navigator', { onLine: online });
}

beforeEach(() => setOnline(true));
afterEach(() => vi.unstubAllGlobals());

const envelope = (message: string, fields?: Record<string, string>) => JSON.stringify({ code: 'X', message, fields });

describe('apiCall errors', () => {
  it('raises "{status}: {body}" with the envelope parsed out', async () => {
    const body = envelope('Invalid username or password');
    answer(401, body, { statusText: 'Unauthorized' });
    const error = await apiCall('login', { body: { username: 'a', password: 'b' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe(`401: ${body}`);
    expect(apiError.status).toBe(401);
    expect(apiError.envelope?.message).toBe('Invalid username or password');
    expect(errorMessage(apiError)).toBe('Invalid username or password');
  });

  it('uses the status text when the body is empty', async () => {
    answer(503, '', { statusText: 'Service Unavailable' });
    const error = (await apiCall('config').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(errorMessage(error)).toBe('Service Unavailable');
  });

  it('keeps a body that is not an envelope as the human message', async () => {
    answer(502, 'Bad gateway from proxy', { type: 'text/plain', statusText: 'Bad Gateway' });
    const error = (await apiCall('config').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: Bad gateway from proxy');
    expect(error.envelope).toBeUndefined();
    expect(errorMessage(error)).toBe('Bad gateway from proxy');
  });

  it('exposes the refused fields', async () => {
    answer(400, envelope('Username must be at least 3 characters', { username: 'Username must be at least 3 characters' }));
    const error = (await apiCall('register', { body: { username: 'ab', password: 'secret1' } }).catch((e: unknown) => e)) as ApiError;
    expect(error.fields).toEqual({ username: 'Username must be at least 3 characters' });
  });

  it('raises OfflineError when the device is offline', async () => {
    setOnline(false);
    failNetwork();
    const error = await apiCall('currentUser').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflineError);
    expect((error as OfflineError).deviceOffline).toBe(true);
    expect(errorMessage(error)).toBe(OFFLINE_MESSAGE);
  });

  it('raises OfflineError (server unreachable) when online but the request fails', async () => {
    failNetwork();
    const error = (await apiCall('currentUser').catch((e: unknown) => e)) as OfflineError;
    expect(error).toBeInstanceOf(OfflineError);
    expect(error.deviceOffline).toBe(false);
    expect(error.message).toBe(UNREACHABLE_MESSAGE);
  });

  it('lets the caller\'s abort through as an abort, not as offline', async () => {
    vi.stubGlobal('fetch', vi.fn(hangUntilAborted));
    const controller = new AbortController();
    const pending = apiCall('currentUser', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(OfflineError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('gives up on a request that never answers, as unreachable', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('fetch', vi.fn(hangUntilAborted));
      const pending = apiCall('currentUser', { timeoutMs: 8000 }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(7999);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await pending;
      expect(error).toBeInstanceOf(OfflineError);
      expect((error as OfflineError).message).toBe(UNREACHABLE_MESSAGE);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a successful answer that is not JSON (e.g. an HTML page)', async () => {
    answer(200, '<!doctype html><title>Login to Wi-Fi</title>', { type: 'text/html' });
    const error = await apiCall('currentUser').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toContain('Unexpected text/html answer from /api/user');
  });
});

describe('apiCall requests', () => {
  it('sends credentials and a JSON body only when there is one', async () => {
    answer(200, JSON.stringify({ ok: true }));
    await apiCall('logout');
    const [url, init] = calls[0]!;
    expect(url).toBe('/api/logout');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();

    answer(200, JSON.stringify({ id: 1 }));
    await apiCall('login', { body: { username: 'amy', password: 'pw', rememberMe: true } });
    const [, loginInit] = calls[0]!;
    expect(loginInit.body).toBe(JSON.stringify({ username: 'amy', password: 'pw', rememberMe: true }));
    expect((loginInit.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('fills path parameters (encoded) and the query string', async () => {
    answer(200, JSON.stringify({ ok: true }));
    await apiCall('deleteUser', { params: { id: 42 }, query: { force: true, skip: undefined } });
    expect(calls[0]![0]).toBe('/api/users/42?force=true');
    expect(calls[0]![1].method).toBe('DELETE');
  });

  it('returns the parsed answer', async () => {
    answer(200, JSON.stringify({ appName: 'RepHire', registrationOpen: false }));
    await expect(apiCall('config')).resolves.toEqual({ appName: 'RepHire', registrationOpen: false });
  });
});

describe('session expiry', () => {
  it('tells listeners when any other call answers 401, but not for sign-in or the session check', async () => {
    const heard = vi.fn();
    const stop = onSessionExpired(heard);
    answer(401, envelope('Not signed in'));
    await apiCall('listUsers').catch(() => undefined);
    expect(heard).toHaveBeenCalledTimes(1);
    await apiCall('login', { body: { username: 'a', password: 'b' } }).catch(() => undefined);
    await apiCall('currentUser').catch(() => undefined);
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    await apiCall('listUsers').catch(() => undefined);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
