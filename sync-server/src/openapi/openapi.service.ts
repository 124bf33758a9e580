/**
 * The OpenAPI 3.1 document of the /api routes, built from the shared contract (paths, bodies, queries,
 * answers) and from what each route registered with defineRoute (who may call it, its success statuses).
 *
 * Schemas are zod's own JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1 schema objects):
 * request bodies and query parameters as the schema's input (what a caller may send: fields with a
 * default may be left out, unknown keys are dropped), answers as its output (what the server sends: every
 * field, no other keys). Schemas are written out in each operation rather than shared as components:
 * the contract's schemas carry no names, and the whole document is ~60 KB (a few KB compressed).
 */
import { z } from 'zod';
import { api, type RouteDef } from '@shared/api/contract';
import { errorEnvelopeSchema } from '@shared/api/error.schema';
import packageJson from '../../../package.json';
import { SESSION_COOKIE } from '../auth/session-store';
import type { Access } from '../auth/access';
import type { RegisteredRoute } from '../http/route';

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, Operation>> };
type JsonSchema = Record<string, unknown>;
interface Operation {
  operationId: string;
  responses: Record<string, unknown>;
  [field: string]: unknown;
}

const SUCCESS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

/** Error answers, all in the one envelope; the ones an operation lists depend on the route. */
const ERRORS = {
  BadRequest: 'The input was refused; `fields` names each refused field with its message.',
  Unauthenticated: 'Not signed in (session routes), or a missing or unknown API key (integration routes).',
  Forbidden: 'Signed in, but not an administrator.',
  NotFound: 'No such record (or not one this caller may see).',
  RateLimited: 'Too many calls with this API key; retry after the `Retry-After` header.',
  ClientError: 'Any other refusal (e.g. 409 conflict, 413 too large, 415 not JSON).',
  ServerError: 'The server failed, or the database is unreachable (503 with `Retry-After`).',
} as const;
const errorRef = (name: keyof typeof ERRORS) => ({ $ref: `#/components/responses/${name}` });

/**
 * Who may call: the session cookie, or an API key in its header. The server also reads `?key=` on every
 * key route, but documents it only where it is meant for: web-form tools, which cannot set a header
 * (a key in a URL ends up in logs).
 */
function security(access: Access, def: RouteDef): Record<string, string[]>[] {
  if (access === 'public') return [];
  if (access === 'apiKey') return def.formEncoded ? [{ apiKeyHeader: [] }, { apiKeyQuery: [] }] : [{ apiKeyHeader: [] }];
  return [{ sessionCookie: [] }];
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Every schema object in the document shares the document's dialect, so none names its own.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io });
  return rest;
}

function pathParameters(path: string) {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
}

function queryParameters(query: z.ZodType) {
  const schema = jsonSchema(query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  if (!schema.properties) throw new Error('A route query schema must be an object');
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

function requestBody(def: RouteDef) {
  if (def.fileField) {
    const files = { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' } };
    const schema = { type: 'object', properties: { [def.fileField]: files }, required: [def.fileField] };
    return { required: true, content: { 'multipart/form-data': { schema } } };
  }
  if (!def.body) return undefined;
  const schema = jsonSchema(def.body, 'input');
  const content: Record<string, { schema: JsonSchema }> = { 'application/json': { schema } };
  if (def.formEncoded) content['application/x-www-form-urlencoded'] = { schema };
  return { required: true, content };
}

function responses(route: RegisteredRoute, def: RouteDef) {
  const content = def.responseType
    ? { [def.responseType]: {} }
    : { 'application/json': { schema: jsonSchema(def.response, 'output') } };
  const answers: Record<string, unknown> = {};
  for (const status of route.statuses) answers[status] = { description: SUCCESS[status] ?? 'Success', content };
  if (def.body || def.query || def.fileField) answers[400] = errorRef('BadRequest');
  if (route.access !== 'public') answers[401] = errorRef('Unauthenticated');
  if (route.access === 'admin') answers[403] = errorRef('Forbidden');
  if (def.path.includes(':')) answers[404] = errorRef('NotFound');
  if (route.access === 'apiKey') answers[429] = errorRef('RateLimited');
  answers['4XX'] = errorRef('ClientError');
  answers['5XX'] = errorRef('ServerError');
  return answers;
}

function operation(route: RegisteredRoute): Operation {
  const def: RouteDef = api[route.name];
  const parameters = [...pathParameters(def.path), ...(def.query ? queryParameters(def.query) : [])];
  const body = requestBody(def);
  return {
    operationId: route.name,
    ...(route.access === 'admin' ? { description: 'Administrators only.' } : {}),
    security: security(route.access, def),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(route, def),
  };
}

/** The document of every contract route, in the contract's order. Throws if one has no handler. */
export function buildOpenApiDocument(routes: readonly RegisteredRoute[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const name of Object.keys(api) as (keyof typeof api)[]) {
    const route = routes.find((r) => r.name === name);
    if (!route) throw new Error(`The contract route ${name} has no handler`);
    const path = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  return {
    openapi: '3.1.1',
    info: {
      title: 'RepHire API',
      version: packageJson.version,
      description:
        'Browser routes use the session cookie set by POST /api/login; their unsafe methods (POST, PATCH, DELETE) ' +
        'must send JSON from the same origin. Integrations call /api/zapier/* and /api/forms/* with an API key ' +
        '(Settings → API Keys), which opens those routes only. Every failure answers the error envelope.',
    },
    paths,
    components: {
      schemas: { Error: jsonSchema(errorEnvelopeSchema, 'output') },
      responses: Object.fromEntries(Object.entries(ERRORS).map(([name, description]) => [name, errorResponse(description)])),
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set (and signed) by POST /api/login.' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key from Settings → API Keys.' },
        apiKeyQuery: { type: 'apiKey', in: 'query', name: 'key', description: 'The API key, for web-form tools that cannot set a header.' },
      },
    },
  };
}
