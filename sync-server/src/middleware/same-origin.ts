/**
 * Cross-site request forgery guard for cookie-authenticated calls. An unsafe method must carry a JSON
 * body (or multipart, where a route accepts files) or no body at all, so a plain HTML form on another
 * site cannot post here; and a browser request must come from this origin, judged by Sec-Fetch-Site and
 * Origin against the origin this server is reached at — never Koa's `ctx.origin`, which in Koa 3 echoes
 * the request's Origin header. Routes authenticated by API key (integrations) are exempt: they ignore
 * cookies, so there is nothing to forge.
 */
import type { Context, Next } from 'koa';
import { ERROR_CODES } from '@shared/api/error.schema';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SameOriginOptions {
  /** Path prefixes authenticated by API key instead of cookies. */
  exemptPrefixes: string[];
  /** Paths that accept multipart/form-data uploads. */
  multipartPaths: string[];
  /** Extra origins to accept (e.g. the public URL behind a proxy). */
  allowedOrigins?: string[];
}

function hasBody(ctx: Context): boolean {
  const length = ctx.get('content-length');
  return (length !== '' && length !== '0') || ctx.get('transfer-encoding') !== '';
}

/** The origin this request reached: scheme and Host (forwarded ones only when the app trusts its proxy). */
export function requestOrigin(ctx: Context): string {
  return `${ctx.protocol}://${ctx.host}`;
}

export function sameOrigin(options: SameOriginOptions) {
  return async (ctx: Context, next: Next) => {
    if (SAFE_METHODS.has(ctx.method) || options.exemptPrefixes.some((prefix) => ctx.path.startsWith(prefix))) {
      return next();
    }
    if (hasBody(ctx)) {
      const multipartAllowed = options.multipartPaths.includes(ctx.path);
      const ok = ctx.is('application/json') || (multipartAllowed && ctx.is('multipart/form-data'));
      if (!ok) {
        throw new AppError(
          415,
          ERROR_CODES.unsupportedMedia,
          multipartAllowed ? 'Send files as multipart/form-data' : 'Send the request body as application/json',
        );
      }
    }
    const site = ctx.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') {
      throw new AppError(403, ERROR_CODES.forbidden, 'Cross-site requests are not allowed');
    }
    const origin = ctx.get('origin');
    if (origin) {
      const allowed = [requestOrigin(ctx), ...(options.allowedOrigins ?? [])];
      if (!allowed.includes(origin)) throw new AppError(403, ERROR_CODES.forbidden, 'Cross-origin requests are not allowed');
    }
    return next();
  };
}
