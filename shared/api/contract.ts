/**
 * The typed API contract: every /api route with the schema of what it takes and what it answers.
 * The Koa routers register handlers through it and the PWA's fetch client calls through it, so the
 * compiler checks both ends against the same schemas.
 */
import { z } from 'zod';
import {
  appearanceSchema,
  createUserSchema,
  loginSchema,
  notificationSettingsSchema,
  registerSchema,
  updateUserSchema,
  teamMemberSchema,
  userSchema,
} from '../schemas/user.schema';
import { appConfigSchema, systemSettingsSchema } from '../schemas/settings.schema';
import { syncRoutes } from './sync.contract';
import { candidateRoutes } from './candidates.contract';
import { integrationRoutes } from './integrations.contract';
import { leadRoutes } from './leads.contract';
import { calendarRoutes } from './calendar.contract';
import { scorecardCriteriaSchema, scorecardCriteriaUpdateSchema } from '../schemas/scorecard.schema';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** A multipart upload instead of a JSON body: the name of its file parts (the route reads them itself). */
  fileField?: string;
  /** The body may also come form-encoded, as web-form tools send it. */
  formEncoded?: boolean;
  response: z.ZodType;
  /** Media type of an answer that is not JSON (its bytes are sent as they are). */
  responseType?: string;
}

const okSchema = z.object({ ok: z.literal(true) });

export const api = {
  config: { method: 'GET', path: '/api/config', response: appConfigSchema },
  currentUser: { method: 'GET', path: '/api/user', response: userSchema },
  login: { method: 'POST', path: '/api/login', body: loginSchema, response: userSchema },
  register: { method: 'POST', path: '/api/register', body: registerSchema, response: userSchema },
  logout: { method: 'POST', path: '/api/logout', response: okSchema },

  listUsers: { method: 'GET', path: '/api/users', response: z.array(userSchema) },
  /** The team's users, id and name only, for any signed-in user (e.g. to pick an interviewer). */
  listTeam: { method: 'GET', path: '/api/team', response: z.array(teamMemberSchema) },
  createUser: { method: 'POST', path: '/api/users', body: createUserSchema, response: userSchema },
  updateUser: { method: 'PATCH', path: '/api/users/:id', body: updateUserSchema, response: userSchema },
  deleteUser: { method: 'DELETE', path: '/api/users/:id', response: okSchema },
  updateAppearance: {
    method: 'PATCH',
    path: '/api/users/:id/appearance',
    body: appearanceSchema,
    response: userSchema,
  },
  updateNotifications: {
    method: 'PATCH',
    path: '/api/users/:id/notifications',
    body: notificationSettingsSchema,
    response: userSchema,
  },

  getSystemSettings: { method: 'GET', path: '/api/settings/system', response: systemSettingsSchema },
  updateSystemSettings: {
    method: 'PATCH',
    path: '/api/settings/system',
    body: systemSettingsSchema.partial(),
    response: systemSettingsSchema,
  },

  /** The team's scorecard criteria (retired ones too, so past ratings keep their names), for any signed-in user. */
  getScorecardCriteria: { method: 'GET', path: '/api/scorecard/criteria', response: scorecardCriteriaSchema },
  /** An admin sets the criteria in use, in order; one left out is kept as retired. */
  updateScorecardCriteria: { method: 'PUT', path: '/api/scorecard/criteria', body: scorecardCriteriaUpdateSchema, response: scorecardCriteriaSchema },

  /** This API described as OpenAPI 3.1 (built by the server from this contract). */
  openApiDocument: { method: 'GET', path: '/api/openapi.json', response: z.record(z.string(), z.unknown()) },

  ...syncRoutes,
  ...candidateRoutes,
  ...integrationRoutes,
  ...leadRoutes,
  ...calendarRoutes,
} as const satisfies Record<string, RouteDef>;

export type Api = typeof api;
export type RouteName = keyof Api;
type SchemaOut<S> = S extends z.ZodType ? z.output<S> : undefined;
type SchemaIn<S> = S extends z.ZodType ? z.input<S> : undefined;
export type RouteBody<N extends RouteName> = SchemaOut<Api[N] extends { body: infer B } ? B : undefined>;
export type RouteBodyInput<N extends RouteName> = SchemaIn<Api[N] extends { body: infer B } ? B : undefined>;
export type RouteQuery<N extends RouteName> = SchemaOut<Api[N] extends { query: infer Q } ? Q : undefined>;
export type RouteResponse<N extends RouteName> = z.input<Api[N]['response']>;

/** Fills `:name` segments of a route path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
