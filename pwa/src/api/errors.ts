/**
 * The errors every /api call can end in. A non-OK answer is an ApiError whose message follows the spec
 * ("{status}: {body text}", or the status text when the body is empty); a request that never got an
 * answer is an OfflineError, so screens can say "You are offline" instead of showing a raw failure.
 */
import type { ErrorEnvelope } from '@shared/api/error.schema';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The server's error envelope, when the body was one. */
  readonly envelope: ErrorEnvelope | undefined;

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.envelope = parseEnvelope(body);
  }

  /** The field-by-field messages of a refused input, if any. */
  get fields(): Record<string, string> {
    return this.envelope?.fields ?? {};
  }
}

/**
 * Reads the server's error envelope out of a body, checked by hand rather than with the zod schema so
 * this module (part of the first load) does not pull zod in.
 */
export function parseEnvelope(body: string): ErrorEnvelope | undefined {
  if (!body.startsWith('{')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { code, message, fields, details } = value as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  const fieldsOk =
    fields === undefined ||
    (typeof fields === 'object' && fields !== null && Object.values(fields).every((v) => typeof v === 'string'));
  if (!fieldsOk) return undefined;
  return { code, message, ...(fields ? { fields: fields as Record<string, string> } : {}), ...(details !== undefined ? { details } : {}) };
}

export const OFFLINE_MESSAGE = 'You are offline';
export const UNREACHABLE_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export class OfflineError extends Error {
  override readonly name = 'OfflineError';
  constructor(
    /** True when the device says it has no network; false when the server just did not answer. */
    readonly deviceOffline: boolean,
    options?: { cause?: unknown },
  ) {
    super(deviceOffline ? OFFLINE_MESSAGE : UNREACHABLE_MESSAGE, options);
  }
}

export function isOfflineError(error: unknown): error is OfflineError {
  return error instanceof OfflineError;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * What to tell a person about a failure (toast descriptions, error blocks): the server's envelope
 * message, else its body text, else the status text; the offline message; or the error's own message.
 */
export function errorMessage(error: unknown, fallback = 'Unknown error'): string {
  if (error instanceof ApiError) return error.envelope?.message || error.body.trim() || error.statusText || error.message;
  if (error instanceof Error) return error.message || fallback;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
