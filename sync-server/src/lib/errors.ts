import { ERROR_CODES, type ErrorCode } from '@shared/api/error.schema';

/** A failure with an HTTP status and a message meant for people. Mapped to the envelope in one place. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: {
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      extra?: unknown;
      /** Top-level fields of the envelope that some spec calls read (`error`, `detail`, `action`). */
      named?: { error?: string; detail?: string; action?: string };
    },
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, ERROR_CODES.validation, message, { fields });
export const unauthenticated = (message = 'Not signed in') => new AppError(401, ERROR_CODES.unauthenticated, message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (message = 'Not found') => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts. Try again later.') =>
  new AppError(429, ERROR_CODES.tooMany, message, { headers: { 'Retry-After': String(retryAfterSeconds) } });
