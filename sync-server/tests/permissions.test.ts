/**
 * Every /api route, as a stranger, a recruiter, an admin and an integration API key: the server
 * enforces each route's declared access whatever the UI shows, and an API key opens only the
 * integration routes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registeredRoutes } from '../src/http/route';
import { ADMIN_ONLY_MESSAGE } from '../src/auth/access';
import { startTestServer, type TestServer } from './helpers/test-server';
import type { HttpClient } from './helpers/http-client';

let server: TestServer;
let admin: HttpClient;
let recruiter: HttpClient;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  recruiter = await server.recruiterClient();
  key = (await recruiter.post('/api/api-keys', { name: 'matrix' })).body.key;
});
afterAll(() => server.close());

const concrete = (path: string) => path.replace(':id', '999999').replace(':date', '2026-01-01');

function call(client: HttpClient, method: string, path: string, headers: Record<string, string> = {}) {
  const body = method === 'GET' || method === 'DELETE' ? undefined : {};
  return client.request(method, concrete(path), { body, headers });
}

it('covers the routes of this issue', () => {
  const names = registeredRoutes.map((r) => r.name);
  for (const name of ['syncPush', 'syncPull', 'listCandidates', 'updateCandidate', 'importCandidates', 'dedupNow', 'zapierMe', 'formCandidate']) {
    expect(names).toContain(name);
  }
});

it('declares admin-only access for the admin actions on candidates', () => {
  const access = Object.fromEntries(registeredRoutes.map((r) => [r.name, r.access]));
  expect(access).toMatchObject({ eraseCandidate: 'admin', deduplicateCandidates: 'admin', dedupNow: 'admin' });
});

it('refuses strangers on every non-public route with 401', async () => {
  for (const route of registeredRoutes.filter((r) => r.access !== 'public')) {
    const res = await call(server.client(), route.method, route.path);
    expect(res.status, `${route.method} ${route.path}`).toBe(401);
  }
});

it('refuses recruiters on admin routes with 403, and lets them through elsewhere', async () => {
  for (const route of registeredRoutes.filter((r) => r.access === 'admin' || r.access === 'user')) {
    const res = await call(recruiter, route.method, route.path);
    if (route.access === 'admin') {
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(res.body.message).toBe(ADMIN_ONLY_MESSAGE);
    } else {
      // (A route may still refuse someone else's record, e.g. another user's settings, but never for the role.)
      expect(res.status, `${route.method} ${route.path}`).not.toBe(401);
      expect(res.body?.message, `${route.method} ${route.path}`).not.toBe(ADMIN_ONLY_MESSAGE);
    }
  }
});

it('lets admins through admin routes', async () => {
  for (const route of registeredRoutes.filter((r) => r.access === 'admin')) {
    const res = await call(admin, route.method, route.path);
    expect(res.status, `${route.method} ${route.path}`).not.toBe(401);
    expect(res.body?.message, `${route.method} ${route.path}`).not.toBe(ADMIN_ONLY_MESSAGE);
  }
});

it('an API key opens the integration routes and nothing else; cookies do not open them', async () => {
  for (const route of registeredRoutes.filter((r) => r.access !== 'public')) {
    const withKey = await call(server.client(), route.method, route.path, { 'x-api-key': key });
    const label = `${route.method} ${route.path}`;
    if (route.access === 'apiKey') {
      expect(withKey.status, label).not.toBe(401);
      expect((await call(admin, route.method, route.path)).status, label).toBe(401);
    } else {
      expect(withKey.status, label).toBe(401);
    }
  }
});
