/**
 * Every registered /api route fed generated junk (issue 8, "Hostile input"): bodies and queries of the
 * wrong types, shaped after the route's own schema with borderline values, prototype-pollution keys,
 * very deep nesting, strings up to and over the body limit, broken JSON; path parameters that name
 * existing records and junk. Whatever arrives, the server answers 2xx or 4xx (never 5xx), every error
 * is the one envelope, a 2xx still matches the contract, and no built-in prototype changes.
 *
 * The route list is `registeredRoutes`, so a new route is fuzzed without touching this file (its path
 * parameters get junk, plus valid ids when the resource is listed in `validParams`).
 * Reproduce or explore with FUZZ_SEED=<n> and FUZZ_RUNS=<runs per route>.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RouteName } from '@shared/api/contract';
import { errorEnvelopeSchema } from '@shared/api/error.schema';
import { MUTATION_NAMES, mutationArgsSchemas } from '@shared/sync/protocol.schema';
import { candidateArrivalSchema } from '@shared/schemas/candidate-api.schema';
import { leadSearchRequestSchema } from '@shared/schemas/lead.schema';
import { formatHlc } from '@shared/sync/hlc';
import { apiRouters } from '../src/app';
import { registeredRoutes, type RegisteredRoute } from '../src/http/route';
import { startProviderDouble, type ProviderDouble } from '../src/linkedin/provider-double';
import { startTestServer, type TestServer } from './helpers/test-server';
import type { ApiResponse, HttpClient } from './helpers/http-client';
import {
  POLLUTION_SENTINELS,
  junkKey,
  junkString,
  junkValue,
  pollutionPayload,
  rawBodyAttacks,
  shapedLike,
  type KnownValues,
} from './helpers/junk';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_408);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const MB = 1024 * 1024;
/** The body parser's JSON_BODY_LIMIT ('1mb'). */
const JSON_LIMIT_BYTES = MB;

// Building the routers fills `registeredRoutes`, so the tests below can be declared per route.
apiRouters();
const routes = [...registeredRoutes];

let server: TestServer;
let provider: ProviderDouble;
let admin: HttpClient;
let fuzzKey: string;
let fuzzKeyId: number;
let adminId: number;
const known: KnownValues = { ids: [], uuids: [] };
/** Valid values for a path parameter, by the path segment before it. */
const validParams = new Map<string, string[]>();

/** Every own property of the built-in prototypes, by identity, as they were before the first request. */
type Snapshot = Map<string, unknown>;
function snapshot(target: object): Snapshot {
  const result: Snapshot = new Map();
  for (const name of Reflect.ownKeys(target)) {
    const descriptor = Object.getOwnPropertyDescriptor(target, name)!;
    result.set(String(name), descriptor.value ?? descriptor.get);
  }
  return result;
}
const PROTOTYPES = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype };
const before = Object.fromEntries(Object.entries(PROTOTYPES).map(([name, proto]) => [name, snapshot(proto)]));

function expectPrototypesIntact(label: string) {
  for (const [name, proto] of Object.entries(PROTOTYPES)) {
    expect(snapshot(proto), `${name}.prototype after ${label}`).toEqual(before[name]);
  }
  for (const sentinel of POLLUTION_SENTINELS) {
    expect(({} as Record<string, unknown>)[sentinel], `({}).${sentinel} after ${label}`).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>)[sentinel], `[].${sentinel} after ${label}`).toBeUndefined();
  }
}

beforeAll(async () => {
  // Saving a lead provider key asks the provider: a local double answers.
  provider = await startProviderDouble();
  server = await startTestServer({ leadsProviderUrl: provider.url });
  admin = await server.adminClient();
  adminId = (await admin.get('/api/user')).body.id;
  const recruiter = await admin.post('/api/users', { username: 'fuzz-recruiter', password: 'recruiter-password', role: 'recruiter' });
  const victim = await admin.post('/api/users', { username: 'fuzz-victim', password: 'recruiter-password', role: 'recruiter' });
  ({ key: fuzzKey, id: fuzzKeyId } = (await admin.post('/api/api-keys', { name: 'fuzz' })).body);
  const spareKey = (await admin.post('/api/api-keys', { name: 'spare' })).body;

  const candidates = [];
  for (const [name, email] of [
    ['Fuzz One', 'one@fuzz.io'],
    ['Fuzz Two', 'two@fuzz.io'],
  ]) {
    const res = await server.client().post('/api/zapier/candidates', { name, email }, { headers: { 'x-api-key': fuzzKey } });
    expect(res.status).toBe(201);
    candidates.push(res.body);
  }
  const note = (await admin.post('/api/interview-notes', { candidateId: candidates[0].id, note: 'first call' })).body;
  expect((await admin.post('/api/linkedin/api-key', { api_key: 'fuzz-provider-key' })).status).toBe(200);
  const started = await admin.post('/api/linkedin/search', { job_title: 'Sales Representative', location: 'US', count: 5 });
  expect(started.status, started.text).toBe(202);
  const { job } = started.body;
  // A lead whose picture URL the fetcher refuses without any network traffic (http, loopback).
  const leadUrl = 'https://www.linkedin.com/in/fuzz-lead';
  await server.db.knex('linkedin_sales_reps').insert({
    id: '00000000-0000-4000-8000-00000000f022',
    userId: adminId,
    linkedinUrl: leadUrl,
    jobTitleInput: 'Sales',
    locationInput: 'Austin',
    profilePicUrl: 'http://127.0.0.1/picture.png',
  });

  known.ids.push(adminId, recruiter.body.id, victim.body.id, ...candidates.map((c) => c.id), note.id);
  known.uuids.push(...candidates.map((c) => c.uid), note.uid, job.id);
  validParams.set('users', [adminId, recruiter.body.id, victim.body.id].map(String));
  validParams.set('candidates', candidates.map((c) => String(c.id)));
  validParams.set('interview-notes', [String(note.id)]);
  validParams.set('day', ['2026-01-01', new Date().toISOString().slice(0, 10)]);
  // Never the fuzz key itself: deleting it would turn the rest of the run into 401s.
  validParams.set('api-keys', [String(spareKey.id)]);
  validParams.set('search', [job.id]);
  validParams.set('profile-image', [encodeURIComponent(leadUrl)]);
  expect(fuzzKeyId).not.toBe(spareKey.id);
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

const JUNK_PARAMS = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1.5',
  '1e3',
  '0x1f',
  'abc',
  '%00',
  '%E0%A4%A',
  '%',
  '..%2F..%2Fetc%2Fpasswd',
  '%20',
  "'",
  'null',
  '__proto__',
  'constructor',
  '2026-02-30',
  '00000000-0000-0000-0000-000000000000',
];

const encodeOrPlain = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return 'x'; // a lone surrogate cannot be encoded
  }
};

function pathArbitrary(route: RegisteredRoute): fc.Arbitrary<string> {
  const segments = route.path.split('/');
  const parts = segments.map((segment, i) => {
    if (!segment.startsWith(':')) return fc.constant(segment);
    const junk = fc.oneof(fc.constantFrom(...JUNK_PARAMS), junkString.map(encodeOrPlain));
    const valid = validParams.get(segments[i - 1] ?? '') ?? [];
    return valid.length ? fc.oneof({ arbitrary: fc.constantFrom(...valid), weight: 2 }, { arbitrary: junk, weight: 1 }) : junk;
  });
  return fc.tuple(...parts).map((filled) => filled.join('/'));
}

interface SchemaDef {
  body?: unknown;
  query?: unknown;
  response: { safeParse(value: unknown): { success: boolean; error?: unknown } };
}
const contract = (route: RegisteredRoute) => api[route.name as RouteName] as unknown as SchemaDef;

function schemaKeys(schema: unknown): string[] {
  const def = (schema as { _zod?: { def: { type: string; shape?: object } } } | undefined)?._zod?.def;
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

const hlcArbitrary = fc
  .tuple(fc.oneof(fc.constant(Date.now()), fc.constantFrom(0, 999_999_999_999_999), fc.integer({ min: 0, max: 2 ** 40 })), fc.nat(0xffff))
  .map(([millis, counter]) => formatHlc({ millis, counter, node: 'fuzz' }));

/** A push deep enough to reach the mutators: real mutation names with args shaped after their schemas. */
function pushBody(): fc.Arbitrary<unknown> {
  const mutation = fc.constantFrom(...MUTATION_NAMES).chain((name) =>
    fc.record({
      id: fc.oneof({ arbitrary: fc.constant(0), weight: 4 }, fc.integer({ min: -1, max: 5 }), fc.constant(2 ** 53)),
      name: fc.oneof({ arbitrary: fc.constant(name as string), weight: 5 }, junkString),
      args: shapedLike(mutationArgsSchemas[name], known),
      hlc: fc.oneof({ arbitrary: hlcArbitrary, weight: 5 }, junkString),
    }),
  );
  return fc.record({ clientId: fc.oneof({ arbitrary: fc.uuid(), weight: 5 }, junkString), mutations: fc.array(mutation, { maxLength: 4 }) }).map((push) => ({
    ...push,
    // Id 0 stands for "the next id in sequence", so most mutations are applied rather than gaps.
    mutations: push.mutations.map((m, i) => (m.id === 0 ? { ...m, id: i + 1 } : m)),
  }));
}

/** A web form's fields under the names form tools use, values shaped or junk. */
function formBody(): fc.Arbitrary<unknown> {
  const names = fc.constantFrom('Full Name', 'name', 'first_name', 'E-mail', 'email', 'Phone Number', 'City', 'Resume', 'form_name', 'Notes', 'Status');
  const flat = fc.dictionary(fc.oneof({ arbitrary: names, weight: 4 }, junkKey), fc.oneof(shapedLike(candidateArrivalSchema.shape.email, known), junkValue), {
    minKeys: 1,
    maxKeys: 6,
  });
  return fc.oneof(
    shapedLike(candidateArrivalSchema, known),
    flat,
    flat.map((data) => ({ data })),
    fc.array(fc.record({ label: names, value: junkValue }), { maxLength: 5 }).map((fields) => ({ fields })),
  );
}

/** Lead searches with locations the server knows, so some get past the location check. */
function leadSearchBody(): fc.Arbitrary<unknown> {
  return fc.oneof(
    shapedLike(leadSearchRequestSchema, known),
    fc.record({
      job_title: fc.oneof(fc.constant('Sales Representative'), junkString),
      location: fc.oneof(fc.constantFrom('US', 'United States', 'Austin, TX', 'London'), junkString),
      count: fc.oneof(fc.integer({ min: 1, max: 200_000 }), junkValue),
    }),
  );
}

/** Routes whose useful bodies a schema alone does not describe. */
const BODY_HINTS: Partial<Record<string, () => fc.Arbitrary<unknown>>> = {
  syncPush: pushBody,
  formCandidate: formBody,
  startLeadSearch: leadSearchBody,
};

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; describe: string };

function bodyArbitrary(route: RegisteredRoute): fc.Arbitrary<Body> {
  const schema = contract(route).body;
  // Bodies reach up to and just over the JSON limit (1 MB). The push takes 32 MB: its edge is tested
  // once in http-hardening.test.ts, since building 32 MB bodies here would dominate the run.
  const limit = route.name === 'syncPush' ? 2 * MB : JSON_LIMIT_BYTES;
  const hint = BODY_HINTS[route.name];
  const shaped = hint ? hint() : schema ? shapedLike(schema, known) : junkValue;
  const withPollution = fc.tuple(shaped, pollutionPayload).map(([value, payload]) =>
    value && typeof value === 'object' && !Array.isArray(value) && payload && typeof payload === 'object' ? { ...value, ...payload } : payload,
  );
  const raw = rawBodyAttacks(limit, [...schemaKeys(schema), 'name', 'email']).map((text): Body => {
    const describe = `${text.slice(0, 80)}… (${text.length} chars)`;
    // A failure report shows the description, not a megabyte of text.
    return Object.assign({ kind: 'raw' as const, text, describe }, { [fc.toStringMethod]: () => `raw ${JSON.stringify(describe)}` });
  });
  const json = (value: fc.Arbitrary<unknown>) => value.map((v): Body => ({ kind: 'json', value: v }));
  return fc.oneof(
    { arbitrary: json(shaped), weight: 6 },
    { arbitrary: json(junkValue), weight: 2 },
    { arbitrary: json(withPollution), weight: 2 },
    { arbitrary: raw, weight: 2 },
    { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 },
  );
}

const QUERY_KEYS = ['key', 'tz', 'source', 'limit', 'cursor', 'after', 'since', 'after_id', 'clientId', '__proto__', 'constructor', 'prototype'];

function queryText(entries: Array<[string, unknown]>): string {
  const params = new URLSearchParams();
  for (const [key, values] of entries) {
    for (const v of [values].flat()) params.append(key, v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A query shaped after the route's query schema (values as text), or junk keys and values. */
function queryArbitrary(route: RegisteredRoute): fc.Arbitrary<string> {
  const schema = contract(route).query;
  const keys = [...new Set([...schemaKeys(schema), ...QUERY_KEYS])];
  const value = fc.oneof(junkString, fc.integer().map(String), fc.uuid(), fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  const entry = fc.tuple(fc.oneof(fc.constantFrom(...keys), junkString), fc.oneof(value, fc.array(value, { minLength: 2, maxLength: 3 })));
  const junk = fc.array(entry, { maxLength: 4 }).map(queryText);
  if (!schema) return junk;
  const shaped = shapedLike(schema, known).map((q) =>
    q && typeof q === 'object' && !Array.isArray(q) ? queryText(Object.entries(q).filter(([, v]) => v !== undefined)) : '',
  );
  return fc.oneof(shaped, junk);
}

/** Sign-in routes run from a client of their own: `logout` would end the admin session the run uses. */
function clientFor(route: RegisteredRoute): { client: HttpClient; headers: Record<string, string> } {
  if (route.access === 'apiKey') return { client: server.client(), headers: { 'x-api-key': fuzzKey } };
  if (route.access === 'public') return { client: server.client(), headers: {} };
  return { client: admin, headers: {} };
}

/**
 * The signed-in admin may not demote themself in the run: with no other admin it is refused (tested in
 * users.test.ts), but the run creates users and one may be an admin, after which every admin route
 * would answer 403 and go unfuzzed.
 */
function withoutSelfDemotion(route: RegisteredRoute, path: string, body: Body): Body {
  if (route.name !== 'updateUser' || path !== `/api/users/${adminId}` || body.kind !== 'json') return body;
  const value = body.value;
  if (!value || typeof value !== 'object' || Array.isArray(value) || !('role' in value)) return body;
  const { role: _ignored, ...rest } = value as Record<string, unknown>;
  return { kind: 'json', value: rest };
}

function describeRequest(route: RegisteredRoute, path: string, query: string, body: Body): string {
  const shown =
    body.kind === 'none' ? '(no body)' : body.kind === 'raw' ? body.describe : (JSON.stringify(body.value) ?? 'undefined').slice(0, 300);
  return `${route.method} ${path}${query.slice(0, 200)} ${shown}`;
}

function expectWellFormed(route: RegisteredRoute, res: ApiResponse, label: string) {
  expect(res.status, `${label} → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  const isJson = res.headers.get('content-type')?.includes('application/json') ?? false;
  if (res.status >= 400) {
    expect(isJson, `${label}: error answered as JSON`).toBe(true);
    const envelope = errorEnvelopeSchema.safeParse(res.body);
    expect(envelope.success, `${label}: error envelope ${res.text.slice(0, 300)}`).toBe(true);
    expect(res.body.message, label).toMatch(/\S/);
    // Messages are for people: no stack traces or file paths.
    expect(res.text, label).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/);
  } else if (isJson && res.status !== 204) {
    const parsed = contract(route).response.safeParse(res.body);
    expect(parsed.success, `${label}: 2xx answer matches the contract: ${res.text.slice(0, 300)}`).toBe(true);
  }
}

describe('every route, fed generated junk', () => {
  it('covers every registered route', () => {
    expect(routes.length).toBeGreaterThan(30);
    for (const name of ['syncPush', 'updateCandidate', 'formCandidate', 'createInterviewNote', 'updateUser']) {
      expect(routes.map((r) => r.name)).toContain(name);
    }
  });

  for (const route of routes) {
    it(`${route.method} ${route.path} (${route.access})`, { timeout: 120_000 }, async () => {
      const request = fc.record({
        path: pathArbitrary(route),
        query: fc.oneof({ arbitrary: fc.constant(''), weight: 2 }, queryArbitrary(route)),
        body: route.method === 'GET' || route.method === 'DELETE' ? fc.constant<Body>({ kind: 'none' }) : bodyArbitrary(route),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ path, query, body: generated }) => {
          const body = withoutSelfDemotion(route, path, generated);
          const label = describeRequest(route, path, query, body);
          const { client, headers } = clientFor(route);
          const res = await client.request(route.method, path + query, {
            headers: body.kind === 'raw' ? { ...headers, 'content-type': 'application/json' } : headers,
            body: body.kind === 'json' ? body.value : undefined,
            rawBody: body.kind === 'raw' ? body.text : undefined,
          });
          expectWellFormed(route, res, label);
          expectPrototypesIntact(label);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    });
  }

  it('leaves the server healthy: the admin session, reads and writes still work', async () => {
    expect((await admin.get('/api/user')).body.id).toBe(adminId);
    expect((await admin.get('/api/candidates')).status).toBe(200);
    // A key of its own: the fuzz key may have used up its requests for the minute.
    const { key } = (await admin.post('/api/api-keys', { name: 'after fuzz' })).body;
    const created = await server.client().post('/api/zapier/candidates', { name: 'After Fuzz', email: 'after@fuzz.io' }, { headers: { 'x-api-key': key } });
    expect([200, 201]).toContain(created.status);
    expect(created.body).toMatchObject({ name: 'After Fuzz', email: 'after@fuzz.io' });
    expectPrototypesIntact('the run');
  });
});
