/**
 * The typed API contract: every /api route with the schema of what it takes and what it answers, its
 * method and path from the route table (routes.ts). The Koa routers register handlers through it and
 * the PWA's fetch client is typed by it (and calls through the table), so the compiler checks both
 * ends against the same schemas.
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
import { buildPath, routes, type HttpMethod, type RouteTable } from './routes';

export { buildPath, type HttpMethod };

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
  config: { ...routes.config, response: appConfigSchema },
  currentUser: { ...routes.currentUser, response: userSchema },
  login: { ...routes.login, body: loginSchema, response: userSchema },
  register: { ...routes.register, body: registerSchema, response: userSchema },
  logout: { ...routes.logout, response: okSchema },

  listUsers: { ...routes.listUsers, response: z.array(userSchema) },
  /** The team's users, id and name only, for any signed-in user (e.g. to pick an interviewer). */
  listTeam: { ...routes.listTeam, response: z.array(teamMemberSchema) },
  createUser: { ...routes.createUser, body: createUserSchema, response: userSchema },
  updateUser: { ...routes.updateUser, body: updateUserSchema, response: userSchema },
  deleteUser: { ...routes.deleteUser, response: okSchema },
  updateAppearance: {
    ...routes.updateAppearance,
    body: appearanceSchema,
    response: userSchema,
  },
  updateNotifications: {
    ...routes.updateNotifications,
    body: notificationSettingsSchema,
    response: userSchema,
  },

  getSystemSettings: { ...routes.getSystemSettings, response: systemSettingsSchema },
  updateSystemSettings: {
    ...routes.updateSystemSettings,
    body: systemSettingsSchema.partial(),
    response: systemSettingsSchema,
  },

  /** The team's scorecard criteria (retired ones too, so past ratings keep their names), for any signed-in user. */
  getScorecardCriteria: { ...routes.getScorecardCriteria, response: scorecardCriteriaSchema },
  /** An admin sets the criteria in use, in order; one left out is kept as retired. */
  updateScorecardCriteria: { ...routes.updateScorecardCriteria, body: scorecardCriteriaUpdateSchema, response: scorecardCriteriaSchema },

  /** This API described as OpenAPI 3.1 (built by the server from this contract). */
  openApiDocument: { ...routes.openApiDocument, response: z.record(z.string(), z.unknown()) },

  ...syncRoutes,
  ...candidateRoutes,
  ...integrationRoutes,
  ...leadRoutes,
  ...calendarRoutes,
} as const satisfies Record<string, RouteDef>;

export type Api = typeof api;

/**
 * The contract and the route table (routes.ts) name the same routes: a route added to one only does
 * not compile. (Each entry takes its method and path from the table, `...routes.name`.)
 */
const sameRoutes: [Exclude<keyof RouteTable, keyof Api>, Exclude<keyof Api, keyof RouteTable>] extends [never, never] ? true : false = true;
void sameRoutes;
export type RouteName = keyof Api;
type SchemaOut<S> = S extends z.ZodType ? z.output<S> : undefined;
type SchemaIn<S> = S extends z.ZodType ? z.input<S> : undefined;
export type RouteBody<N extends RouteName> = SchemaOut<Api[N] extends { body: infer B } ? B : undefined>;
export type RouteBodyInput<N extends RouteName> = SchemaIn<Api[N] extends { body: infer B } ? B : undefined>;
export type RouteQuery<N extends RouteName> = SchemaOut<Api[N] extends { query: infer Q } ? Q : undefined>;
export type RouteResponse<N extends RouteName> = z.input<Api[N]['response']>;
