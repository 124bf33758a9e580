/**
 * Database failures worth retrying rather than blaming on the request: serialization failures and
 * deadlocks, lost or refused connections, exhausted resources, an administrator's shutdown, and
 * waiting too long for a pooled connection. They answer 503 with Retry-After, and a sync push stops at
 * them instead of recording the mutation as rejected.
 *
 * When PostgreSQL restarts under an open connection, pg fails the queries on it with errors of its own
 * that carry no SQLSTATE ("Connection terminated unexpectedly", then "…not queryable" for the COMMIT
 * or ROLLBACK that follows); knex puts the SQL in front of the message. Those are recognised by text.
 */
const TRANSIENT_CODES = new Set(['40001', '40P01', '55P03', '57014']);
const TRANSIENT_CLASSES = ['08', '53', '57P'];
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const LOST_CONNECTION = /Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable/;

export function isTransientDbError(error: unknown): boolean {
  // By name: knex is CommonJS and its error class is not a named ESM export under plain Node.
  if ((error as Error)?.name === 'KnexTimeoutError') return true;
  const native = (error as { nativeError?: { code?: string } })?.nativeError ?? (error as { code?: string });
  const code = typeof native?.code === 'string' ? native.code : '';
  if (NETWORK_CODES.has(code)) return true;
  const message = (error as { nativeError?: Error })?.nativeError?.message ?? (error as Error)?.message;
  if (!code && typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  return TRANSIENT_CODES.has(code) || TRANSIENT_CLASSES.some((prefix) => code.startsWith(prefix));
}
