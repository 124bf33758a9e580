/**
 * How the app talks to a RepHire server: every request goes to the connected server's address with the
 * connection's API key, and a refusal becomes an error a Zap builder can read (the server's own
 * message, e.g. "email: Please enter a valid email address"), a throttled one a retry later.
 */
import type { AfterResponseMiddleware, BeforeRequestMiddleware, Bundle, HttpResponse, ZObject } from 'zapier-platform-core';

/** The connected server's address, without a trailing slash. */
export function serverUrl(bundle: Pick<Bundle, 'authData'>): string {
  return String(bundle.authData.serverUrl ?? '').trim().replace(/\/+$/, '');
}

/** Relative API paths ("/api/…") go to the connected server, with the key in X-API-Key. */
export const addServerAndKey: BeforeRequestMiddleware = (request, _z, bundle) => {
  if (request.url?.startsWith('/')) request.url = `${serverUrl(bundle)}${request.url}`;
  request.headers = { ...request.headers, 'X-API-Key': String(bundle.authData.apiKey ?? ''), Accept: 'application/json' };
  return request;
};

interface ErrorEnvelope {
  message?: string;
  code?: string;
  fields?: Record<string, string>;
}

function readableMessage(response: HttpResponse): string {
  let envelope: ErrorEnvelope = {};
  try {
    envelope = JSON.parse(response.content) as ErrorEnvelope;
  } catch {
    // Not the server's JSON envelope (a proxy's page): say what came back.
  }
  const fields = Object.entries(envelope.fields ?? {}).map(([field, message]) => `${field}: ${message}`);
  return fields.length ? fields.join('; ') : envelope.message || `RepHire answered ${response.status}`;
}

/** 401: the key is wrong or deleted; 429: retry when the server says; other failures with the server's message. */
export const explainFailures: AfterResponseMiddleware = (response, z: ZObject) => {
  if (response.status < 400 || response.skipThrowForStatus) return response;
  const message = readableMessage(response);
  if (response.status === 401) throw new z.errors.Error(`The API key was refused (${message}). Reconnect RepHire with a current key.`, 'AuthenticationError', 401);
  if (response.status === 429) {
    const retryAfter = Number(response.getHeader('retry-after'));
    throw new z.errors.ThrottledError(message, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60);
  }
  throw new z.errors.Error(message, response.status === 404 ? 'NotFound' : 'RequestError', response.status);
};
