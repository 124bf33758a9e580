/**
 * Turns every failure into the one JSON error envelope: typed AppErrors, zod validation errors,
 * database errors (unique → 409, foreign key → 409/404, bad value → 400), and the HTTP errors thrown
 * by body parsing (malformed JSON → 400, too large → 413). Anything else is a 500 with a generic
 * message; its details go to the log only. A database constraint that refused a write is named in the
 * log (constraint and table, never the values: they may be a person's email), since the answer only
 * says "already exists" and the services check what a caller may get wrong before they write.
 */
import type { Context, Next } from 'koa';
import { DBError, ForeignKeyViolationError, NotFoundError, UniqueViolationError, CheckViolationError } from 'objection';
import { ZodError } from 'zod';
import { ERROR_CODES, type ErrorEnvelope } from '@shared/api/error.schema';
import { AppError } from '../lib/errors';
import { isTransientDbError } from '../db/transient';

interface Mapped {
  status: number;
  body: ErrorEnvelope;
  headers?: Record<string, string>;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function zodToEnvelope(error: ZodError): ErrorEnvelope {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  const first = error.issues[0];
  const where = first?.path.join('.') ?? '';
  // zod's own messages do not say which field they are about; ours (from the shared schemas) do.
  const generic = first ? /^(Invalid|Too (big|small)|Unrecognized|Expected)/.test(first.message) : false;
  const message = !first ? 'Invalid input' : generic && where ? `${where}: ${first.message}` : first.message;
  return { code: ERROR_CODES.validation, message, fields };
}

function httpErrorCode(status: number) {
  if (status === 413) return ERROR_CODES.tooLarge;
  if (status === 415) return ERROR_CODES.unsupportedMedia;
  if (status === 401) return ERROR_CODES.unauthenticated;
  if (status === 403) return ERROR_CODES.forbidden;
  if (status === 404) return ERROR_CODES.notFound;
  return ERROR_CODES.badRequest;
}

function sqlState(error: unknown): string {
  if (error instanceof DBError) return (error.nativeError as { code?: string } | undefined)?.code ?? '';
  const candidate = error as { code?: unknown; severity?: unknown };
  return typeof candidate?.code === 'string' && typeof candidate.severity === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)
    ? candidate.code
    : '';
}

export function mapError(error: unknown): Mapped {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: {
        code: error.code,
        message: error.message,
        fields: error.details?.fields,
        details: error.details?.extra,
        ...error.details?.named,
      },
      headers: error.details?.headers,
    };
  }
  if (error instanceof ZodError) return { status: 400, body: zodToEnvelope(error) };
  if (error instanceof UniqueViolationError) {
    const column = error.columns?.[0];
    const what = column ? capitalise(column.replace(/^lower\((.*)\)$/, '$1').replace(/_/g, ' ')) : 'A record with this value';
    return { status: 409, body: { code: ERROR_CODES.conflict, message: `${what} already exists` } };
  }
  if (error instanceof ForeignKeyViolationError) {
    return { status: 409, body: { code: ERROR_CODES.conflict, message: 'A related record does not exist or is still in use' } };
  }
  if (error instanceof CheckViolationError) {
    return { status: 400, body: { code: ERROR_CODES.validation, message: 'A value is not allowed here' } };
  }
  if (error instanceof NotFoundError) return { status: 404, body: { code: ERROR_CODES.notFound, message: 'Not found' } };
  // Objection wraps database errors; raw knex queries throw the driver's own (with a SQLSTATE code).
  const pgCode = sqlState(error);
  if (pgCode === '23505') return { status: 409, body: { code: ERROR_CODES.conflict, message: 'A record with this value already exists' } };
  if (pgCode === '23503') {
    return { status: 409, body: { code: ERROR_CODES.conflict, message: 'A related record does not exist or is still in use' } };
  }
  // 22xxx: data exceptions (bad number, value too long, invalid text) are the caller's input.
  if (pgCode.startsWith('22') || pgCode === '23514') {
    return { status: 400, body: { code: ERROR_CODES.validation, message: 'A value has the wrong format' } };
  }
  if (isTransientDbError(error)) {
    return {
      status: 503,
      body: { code: ERROR_CODES.unavailable, message: 'The server is busy. Try again shortly.' },
      headers: { 'Retry-After': '2' },
    };
  }
  const httpError = error as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string };
  const status = httpError.status ?? httpError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    let message = httpError.expose && httpError.message ? httpError.message : 'Bad request';
    if (status === 413) message = 'Request body is too large';
    else if (/prototype property/.test(httpError.message ?? '')) message = 'JSON body must not contain __proto__ keys';
    else if (error instanceof SyntaxError || httpError.type === 'entity.parse.failed') message = 'Malformed JSON body';
    return { status, body: { code: httpErrorCode(status), message } };
  }
  return { status: 500, body: { code: ERROR_CODES.internal, message: 'Something went wrong on the server' } };
}

/** The database constraint a write broke (PostgreSQL's 23xxx, through objection or raw), or null. */
export function brokenConstraint(error: unknown): { constraint: string; table: string | null } | null {
  const native = (error instanceof DBError ? error.nativeError : error) as { constraint?: unknown; table?: unknown } | undefined;
  if (!sqlState(error).startsWith('23') || typeof native?.constraint !== 'string') return null;
  return { constraint: native.constraint, table: typeof native.table === 'string' ? native.table : null };
}

export function errorHandler({ warn = console.warn }: { warn?: (line: string) => void } = {}) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.path.startsWith('/api/') && ctx.status >= 400 && (ctx.body === undefined || ctx.body === null)) {
        // The router's own answers (no such path, a method the path does not take) carry no body:
        // give them the envelope like every other /api failure.
        const status = ctx.status;
        ctx.body =
          status === 404
            ? { code: ERROR_CODES.notFound, message: `No such endpoint: ${ctx.method} ${ctx.path}` }
            : status === 405
              ? { code: ERROR_CODES.badRequest, message: `${ctx.method} is not allowed on ${ctx.path}` }
              : { code: httpErrorCode(status), message: 'Bad request' };
        ctx.status = status;
      }
    } catch (error) {
      const mapped = mapError(error);
      // AppErrors are deliberate answers (a 502 for an unreachable picture); only surprises are logged.
      if (mapped.status >= 500 && !(error instanceof AppError)) ctx.app.emit('error', error, ctx);
      const broken = brokenConstraint(error);
      if (broken) warn(`[rephire] ${ctx.method} ${ctx.path} answered ${mapped.status}: the database's ${broken.constraint}${broken.table ? ` on ${broken.table}` : ''} refused a write`);
      ctx.status = mapped.status;
      ctx.body = mapped.body;
      for (const [name, value] of Object.entries(mapped.headers ?? {})) ctx.set(name, value);
      const extraHeaders = (error as { headers?: Record<string, string> }).headers;
      if (extraHeaders?.['set-cookie']) ctx.set('set-cookie', extraHeaders['set-cookie']);
    }
  };
}
