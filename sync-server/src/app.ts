/**
 * The Koa application, built from its dependencies and never listening by itself (server.ts listens;
 * tests drive it on an ephemeral port). Middleware order: request log → error handler → security
 * headers → static files → session → same-origin guard → body → routers.
 *
 * Integration calls (API_KEY_PREFIXES) skip what only cookie-authenticated browser requests need — the
 * static files, the session (koa-session makes a session id for every request, cookie or not), the
 * same-origin guard (they are exempt) and every other router — since they are the busiest routes.
 */
import Koa, { type Next } from 'koa';
import type Router from '@koa/router';
import type { Knex } from 'knex';
import type { Config } from './lib/config';
import { compression } from './middleware/compression';
import { errorHandler } from './middleware/error-handler';
import { requestLog, type LogLine } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { staticFiles } from './middleware/static-files';
import { sameOrigin } from './middleware/same-origin';
import { sessionMiddleware } from './auth/session-store';
import { authRouter } from './auth/auth.router';
import { usersRouter } from './users/users.router';
import { settingsRouter } from './settings/settings.router';
import { linkedinRouter, type LinkedinRouterOptions } from './linkedin/linkedin.router';
import type { AppState } from './db/context';
import { syncRouter } from './sync/sync.router';
import { candidatesRouter } from './candidates/candidates.router';
import { importRouter } from './candidates/import/import.router';
import { interviewNotesRouter } from './interview-notes/interview-notes.router';
import { apiKeysRouter } from './api-keys/api-keys.router';
import { calendarRouter } from './scheduled-interviews/calendar.router';
import { zapierRouter } from './integrations/zapier.router';
import { formsRouter } from './integrations/forms.router';
import { openApiRouter } from './openapi/openapi.router';
import { bodyParser } from './middleware/body-parser';
import { isTransientDbError } from './db/transient';
import { throttledLog } from './lib/throttled-log';

const DATABASE_DOWN_LOG_MS = 10_000;

export interface CreateAppOptions {
  knex: Knex;
  config: Config;
  /** Where request lines go; omit to keep quiet (tests). */
  log?: LogLine;
  /** Test seams of the lead routes (the profile-picture fetcher). */
  leads?: LinkedinRouterOptions;
  /**
   * Called after every request that may have written (not GET/HEAD, not refused): the REST hook
   * deliverer then looks for the events such a write commits at once rather than at its next poll.
   */
  afterWrite?: () => void;
}

/** Paths authenticated by API key rather than by cookie. */
export const API_KEY_PREFIXES = ['/api/zapier/', '/api/forms/'];
/** Paths that accept multipart uploads. */
export const MULTIPART_PATHS = ['/api/candidates/import'];
export { JSON_BODY_LIMIT } from './middleware/body-parser';

/** The routers integrations call with an API key (API_KEY_PREFIXES). */
function integrationRouters(): Router[] {
  return [zapierRouter(), formsRouter()];
}

/** The routers browsers call with a session cookie. */
function browserRouters(leads?: LinkedinRouterOptions): Router[] {
  return [
    authRouter(),
    usersRouter(),
    settingsRouter(),
    syncRouter(),
    candidatesRouter(),
    importRouter(),
    interviewNotesRouter(),
    apiKeysRouter(),
    calendarRouter(),
    linkedinRouter(leads),
    openApiRouter(),
  ];
}

/** Every /api router; building them registers their routes in `registeredRoutes` (http/route.ts). */
export function apiRouters(leads?: LinkedinRouterOptions): Router[] {
  return [...browserRouters(leads), ...integrationRouters()];
}

export const isApiKeyPath = (path: string) => API_KEY_PREFIXES.some((prefix) => path.startsWith(prefix));

/**
 * Runs `middleware` for browser requests only; integration calls pass straight on. A router's
 * middleware keeps its `router` visible, so the app's routes can be listed (the OpenAPI test does).
 */
function browserOnly<C extends { path: string }>(middleware: ((ctx: C, next: Next) => unknown) & { router?: Router }) {
  const wrapped = (ctx: C, next: Next) => (isApiKeyPath(ctx.path) ? next() : middleware(ctx, next));
  return Object.assign(wrapped, { router: middleware.router });
}

export function createApp({ knex, config, log, leads, afterWrite }: CreateAppOptions): Koa<AppState> {
  const app = new Koa<AppState>({ proxy: config.trustProxy, keys: [config.secretKey] });
  app.use(async (ctx, next) => {
    ctx.state.deps = { knex, config };
    await next();
    if (afterWrite && ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.status < 400) afterWrite();
  });
  // The log wraps the error handler so it records the status the client actually got.
  if (log) app.use(requestLog(log));
  app.use(compression());
  app.use(errorHandler());
  app.use(securityHeaders());
  app.use(browserOnly(staticFiles(config.staticDir)));
  app.use(browserOnly(sessionMiddleware(app, knex)));
  app.use(browserOnly(sameOrigin({ exemptPrefixes: API_KEY_PREFIXES, multipartPaths: MULTIPART_PATHS })));
  app.use(bodyParser());
  for (const router of integrationRouters()) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  for (const router of browserRouters(leads)) {
    app.use(browserOnly(router.routes()));
    app.use(browserOnly(router.allowedMethods()));
  }
  // While the database is down every request fails the same way: one line per interval, not a stack each.
  const databaseDown = throttledLog(DATABASE_DOWN_LOG_MS);
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (error?.code === 'ERR_STREAM_PREMATURE_CLOSE' || error?.code === 'ECONNRESET') return;
    if (isTransientDbError(error)) return databaseDown(`[rephire] database unavailable, answering 503: ${error.message}`);
    console.error('[rephire] unexpected error:', error);
  });
  return app;
}
