/**
 * The one wording for "this part needs the server and there is none": shown by OfflineNotice while the
 * device is offline, and used instead of a raw network error when a call finds no connection.
 */
import { errorMessage, isOfflineError } from '@/api/client';

export const NEEDS_CONNECTION_MESSAGE = 'You are offline — this needs a connection';

/** What to tell a person about a failed online-only call (toast descriptions, error blocks). */
export function onlineFailureMessage(error: unknown, fallback?: string): string {
  return isOfflineError(error) ? NEEDS_CONNECTION_MESSAGE : errorMessage(error, fallback);
}
