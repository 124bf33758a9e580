/**
 * GET /api/openapi.json against the real app: it is valid OpenAPI 3.1 (by the specification's own JSON
 * Schema); every route the app's routers mount is documented with its method, and nothing else is; and
 * what a sample of routes really answers matches the document's schema for the status it answered,
 * checked by a JSON Schema 2020-12 validator (ajv), not by the zod schemas the document was made from.
 * No route is left out of the document as private: the sync routes the PWA uses are documented too.
 */
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import Router from '@koa/router';
import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { ADMIN, startTestServer, type TestServer } from '../../tests/helpers/test-server';
import type { ApiResponse, HttpClient } from '../../tests/helpers/http-client';

type Json = Record<string, any>;

let server: TestServer;
let document: Json;
let admin: HttpClient;
let apiKey: string;

beforeAll(async () => {
  server = await startTestServer();
  const res = await server.client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  document = res.body;
});
afterAll(() => server.close());

/** `METHOD /path/{param}` of every route the app's routers mount, read from the routers' own layers. */
function mountedRoutes(app: Koa): string[] {
  const routes = new Set<string>();
  for (const middleware of app.middleware) {
    const router = (middleware as { router?: Router }).router;
    for (const layer of router?.stack ?? []) {
      const path = String(layer.path).replace(/:([A-Za-z]+)/g, '{$1}');
      // The router answers HEAD for every GET on its own.
      for (const method of layer.methods) if (method !== 'HEAD') routes.add(`${method} ${path}`);
    }
  }
  return [...routes].sort();
}

function documentedRoutes(doc: Json): string[] {
  return Object.entries(doc.paths as Json)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe('the document lists the mounted routes', () => {
  it('is valid OpenAPI 3.1, with the security schemes the routes use', async () => {
    const validator = new Validator();
    expect(await validator.validate(document)).toEqual({ valid: true });
    expect(validator.version).toBe('3.1');
    expect(await new Validator().validate({ ...document, paths: { '/api/x': { get: { responses: 'none' } } } })).toMatchObject({ valid: false });
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiKeyHeader', 'apiKeyQuery', 'sessionCookie']);
    expect(document.paths['/api/zapier/me'].get.security).toEqual([{ apiKeyHeader: [] }]);
    expect(document.paths['/api/forms/candidates'].post.security).toEqual([{ apiKeyHeader: [] }, { apiKeyQuery: [] }]);
    expect(document.paths['/api/candidates'].get.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths['/api/config'].get.security).toEqual([]);
    expect(document.paths['/api/users/{id}'].patch.parameters).toContainEqual({ name: 'id', in: 'path', required: true, schema: { type: 'string' } });
  });

  it('documents every route the app mounts, with its method, and only those', () => {
    const mounted = mountedRoutes(server.app);
    // Both kinds of router are seen: the integration ones and the browser ones (mounted behind a wrapper).
    expect(mounted).toContain('POST /api/zapier/candidates');
    expect(mounted).toContain('GET /api/config');
    expect(mounted.every((route) => / \/api\//.test(route))).toBe(true);
    expect(documentedRoutes(document)).toEqual(mounted);
  });

  it('notices a route a router mounts that the document lacks', () => {
    const app = createApp({ knex: server.db.knex, config: server.config });
    const extra = new Router();
    extra.get('/api/undocumented/:id', (ctx) => (ctx.body = {}));
    app.use(extra.routes());
    const missing = mountedRoutes(app).filter((route) => !documentedRoutes(document).includes(route));
    expect(missing).toEqual(['GET /api/undocumented/{id}']);
  });
});

/** A validator of answers against the document: ajv for JSON Schema 2020-12, the dialect of OpenAPI 3.1. */
function answerChecker(doc: Json) {
  const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  const resolve = (node: Json): Json =>
    node.$ref ? resolve(node.$ref.slice(2).split('/').reduce((at: Json, key: string) => at[key], doc)) : node;

  /** The schema the document gives for this answer, or a reason why there is none. */
  function schemaFor(method: string, path: string, status: number): Json | string {
    const operation = doc.paths[path]?.[method.toLowerCase()];
    if (!operation) return `${method} ${path} is not documented`;
    const { responses } = operation;
    // A success must be listed by its own status; an error may fall under 4XX / 5XX.
    const answer = responses[status] ?? (status >= 400 ? responses[`${String(status)[0]}XX`] : undefined);
    if (!answer) return `${method} ${path} does not document status ${status}`;
    const schema = resolve(answer).content?.['application/json']?.schema;
    return schema ? resolve(schema) : `${method} ${path} ${status} documents no JSON body`;
  }

  /** Problems of an answer, by the document: empty when it matches. */
  return function check(method: string, path: string, res: Pick<ApiResponse, 'status' | 'body'>): string[] {
    const schema = schemaFor(method, path, res.status);
    if (typeof schema === 'string') return [schema];
    const validate = ajv.compile(schema);
    if (validate(res.body)) return [];
    return (validate.errors ?? []).map((e) => `${method} ${path} ${res.status}: ${e.instancePath || '/'} ${e.message}`);
  };
}

describe('what the routes answer matches the document', () => {
  let check: ReturnType<typeof answerChecker>;
  beforeAll(() => {
    check = answerChecker(document);
  });

  /** Calls a route and checks its answer; returns it for the next call. */
  async function call(client: HttpClient, method: string, path: string, concrete: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await client.request(method, concrete, { body, headers });
    expect(check(method, path, res), `${method} ${concrete} answered ${res.status}: ${res.text.slice(0, 300)}`).toEqual([]);
    return res;
  }

  it('session routes: config, register (201), login, API keys (201), candidates, pull, interview notes (201)', async () => {
    const stranger = server.client();
    await call(stranger, 'GET', '/api/config', '/api/config');
    expect((await call(stranger, 'POST', '/api/register', '/api/register', ADMIN)).status).toBe(201);
    admin = server.client();
    expect((await call(admin, 'POST', '/api/login', '/api/login', ADMIN)).status).toBe(200);
    await call(admin, 'GET', '/api/user', '/api/user');
    const created = await call(admin, 'POST', '/api/api-keys', '/api/api-keys', { name: 'Zapier' });
    expect(created.status).toBe(201);
    apiKey = created.body.key;
    await call(admin, 'GET', '/api/api-keys', '/api/api-keys');
  });

  it('integration routes: zapier me, create (201, then 200 for a known email), form post with ?key=', async () => {
    const zapier = server.client();
    const withKey = { 'x-api-key': apiKey };
    await call(zapier, 'GET', '/api/zapier/me', '/api/zapier/me', undefined, withKey);
    const arrival = { name: 'Ada Closer', email: 'ada@example.com', phone: '+1 555 0100', skills: 'SaaS' };
    const first = await call(zapier, 'POST', '/api/zapier/candidates', '/api/zapier/candidates', arrival, withKey);
    expect(first.status).toBe(201);
    const again = await call(zapier, 'POST', '/api/zapier/candidates', '/api/zapier/candidates', arrival, withKey);
    expect(again.status).toBe(200);
    await call(zapier, 'GET', '/api/zapier/candidates', '/api/zapier/candidates?email=ada%40example.com', undefined, withKey);
    const form = await zapier.request('POST', `/api/forms/candidates?key=${encodeURIComponent(apiKey)}`, {
      rawBody: new URLSearchParams({ name: 'Fay Former', email: 'fay@example.com' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(201);
    expect(check('POST', '/api/forms/candidates', form)).toEqual([]);
  });

  it('reading back: candidates, a candidate update and history, a pull page, an interview note (201)', async () => {
    const list = await call(admin, 'GET', '/api/candidates', '/api/candidates');
    expect(list.body.length).toBe(2);
    const id = list.body.find((c: Json) => c.email === 'ada@example.com').id;
    await call(admin, 'PATCH', '/api/candidates/{id}', `/api/candidates/${id}`, { status: 'screening' });
    await call(admin, 'GET', '/api/candidates/{id}/history', `/api/candidates/${id}/history`);
    // A pull holds back rows while any transaction on the database server is still open: ask until they come.
    await vi.waitFor(async () => {
      const pull = await call(admin, 'GET', '/api/sync/pull', `/api/sync/pull?clientId=${randomUUID()}`);
      expect(pull.body.candidates.length).toBe(2);
    }, { timeout: 10_000, interval: 100 });
    const note = await call(admin, 'POST', '/api/interview-notes', '/api/interview-notes', { candidateId: id, note: 'Strong closer' });
    expect(note.status).toBe(201);
  });

  it('errors: 400 with the refused fields, 401, 404 — all in the error envelope', async () => {
    const refused = await call(server.client(), 'POST', '/api/zapier/candidates', '/api/zapier/candidates', { name: 'No Email' }, { 'x-api-key': apiKey });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toHaveProperty('email');
    expect((await call(server.client(), 'GET', '/api/candidates', '/api/candidates')).status).toBe(401);
    expect((await call(admin, 'PATCH', '/api/candidates/{id}', '/api/candidates/999999', { status: 'screening' })).status).toBe(404);
  });

  it('refuses answers that differ from the document', () => {
    const partialCandidate = { id: 1, uid: randomUUID(), name: 'A', email: 'a@example.com' };
    // Renamed, wrongly typed, extra or missing fields; a status the route is not documented to answer.
    expect(check('GET', '/api/config', { status: 200, body: { appName: 'RepHire', registrationOpen: 'yes' } })).not.toEqual([]);
    expect(check('GET', '/api/config', { status: 200, body: { appName: 'RepHire' } })).not.toEqual([]);
    expect(check('GET', '/api/config', { status: 200, body: { appName: 'RepHire', registrationOpen: true, debug: true } })).not.toEqual([]);
    expect(check('GET', '/api/config', { status: 200, body: { appName: 'RepHire', registrationOpen: true } })).toEqual([]);
    expect(check('GET', '/api/candidates', { status: 200, body: [partialCandidate] })).not.toEqual([]);
    expect(check('GET', '/api/config', { status: 201, body: {} })).toEqual(['GET /api/config does not document status 201']);
    expect(check('GET', '/api/nowhere', { status: 200, body: {} })).toEqual(['GET /api/nowhere is not documented']);
    expect(check('POST', '/api/login', { status: 401, body: { message: 'Invalid username or password' } })).not.toEqual([]);
  });
});
