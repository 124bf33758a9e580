/** Test kit for the auth store and actions: fresh modules, a scripted fetch, a sample user. */
import { vi } from 'vitest';

/** Each test gets fresh modules (the store, the hook registry and the toast queue are singletons). */
export async function load() {
  vi.resetModules();
  const store = await import('./auth-store');
  const actions = await import('./auth-actions');
  const hooks = await import('./before-sign-out');
  const remembered = await import('./remembered-user');
  const toasts = await import('@/ui/toast/toast-queue');
  const client = await import('@/api/client');
  return { ...store, ...actions, ...hooks, ...remembered, toasts: toasts.toastQueue, apiCall: client.apiCall };
}

export { amy } from '@shared/schemas/user.testing';

export type Reply = { status: number; body?: unknown } | 'network' | Promise<{ status: number; body?: unknown }>;
let replies: Record<string, Reply[]> = {};
/** Every request made, as 'METHOD /path'. */
export let requests: string[] = [];

export function reply(route: string, ...answers: Reply[]) {
  (replies[route] ??= []).push(...answers);
}

export function installFetch() {
  requests = [];
  replies = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const key = `${init.method} ${url}`;
      requests.push(key);
      const next = replies[key]?.shift();
      if (!next) throw new Error(`unexpected request ${key}`);
      if (next === 'network') throw new TypeError('Failed to fetch');
      const { status, body } = await next;
      const text = body === undefined ? '' : JSON.stringify(body);
      return new Response(text || null, { status, headers: text ? { 'content-type': 'application/json' } : {} });
    }),
  );
}

export const notSignedIn = { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Not signed in' } };

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

