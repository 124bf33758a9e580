/**
 * Registers handlers against the typed API contract: the route's method and path come from the
 * contract, its body and query are validated with the contract's schemas before the handler runs, and
 * the handler's return type is checked against the contract's response. Each route also declares who
 * may call it and how it answers success; `registeredRoutes` lists them all for the permission tests
 * and the OpenAPI document.
 */
import type Router from '@koa/router';
import { api, type RouteBody, type RouteName, type RouteQuery, type RouteResponse } from '@shared/api/contract';
import { requireAccess, type Access } from '../auth/access';
import { notFound } from '../lib/errors';
import type { AppContext } from '../db/context';

export interface RouteInput<N extends RouteName> {
  body: RouteBody<N>;
  query: RouteQuery<N>;
  params: Record<string, string>;
}

export interface RouteOptions {
  access: Access;
  /** Status of a successful answer (default 200). */
  status?: number;
  /** Other success statuses the handler may choose through `ctx.state.responseStatus`. */
  otherStatuses?: number[];
}

export interface RegisteredRoute {
  name: RouteName;
  method: string;
  path: string;
  access: Access;
  /** Its success statuses, the default first. */
  statuses: number[];
}

export const registeredRoutes: RegisteredRoute[] = [];

/**
 * An answer already serialised as JSON (e.g. built by PostgreSQL for a large page of rows), sent as is.
 * Typed with the shape it encodes, so the contract still checks the handler.
 */
export class JsonText<T> {
  declare readonly shape?: T;
  constructor(readonly text: string) {}
}

export function defineRoute<N extends RouteName>(
  router: Router,
  name: N,
  options: RouteOptions,
  handler: (ctx: AppContext, input: RouteInput<N>) => Promise<RouteResponse<N> | JsonText<RouteResponse<N>>>,
): void {
  const def = api[name] as { method: string; path: string; body?: { parse(v: unknown): unknown }; query?: { parse(v: unknown): unknown } };
  if (!registeredRoutes.some((r) => r.name === name)) {
    const statuses = [options.status ?? 200, ...(options.otherStatuses ?? [])];
    registeredRoutes.push({ name, method: def.method, path: def.path, access: options.access, statuses });
  }
  const method = def.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
  router[method](def.path, requireAccess(options.access), async (ctx) => {
    const appCtx = ctx as unknown as AppContext;
    const rawBody = (ctx.request as { body?: unknown }).body;
    const body = def.body ? def.body.parse(rawBody ?? {}) : undefined;
    const query = def.query ? def.query.parse({ ...ctx.query }) : undefined;
    const result = await handler(appCtx, {
      body: body as RouteBody<N>,
      query: query as RouteQuery<N>,
      params: ctx.params as Record<string, string>,
    });
    ctx.status = appCtx.state.responseStatus ?? options.status ?? 200;
    if (result instanceof JsonText) {
      ctx.type = 'application/json';
      ctx.body = result.text;
    } else {
      ctx.body = result;
    }
  });
}

/** Reads a positive integer path parameter, or answers 404. */
export function idParam(params: Record<string, string>, name = 'id'): number {
  const value = params[name] ?? '';
  const id = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}
