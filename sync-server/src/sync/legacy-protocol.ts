/**
 * Version 1 of the sync protocol, for installed apps still running it (a request without `protocol`):
 * the same answers with the counters under version 1's names. The services answer through these, so the
 * rest of the server knows only the current names (shared/sync/protocol.schema.ts).
 */
import type { LegacyPushResponse, PullResponse, PushResponse } from '@shared/sync/protocol.schema';

type PullCounters = Pick<PullResponse, 'includedThrough' | 'processedThrough'>;

export function legacyPushResponse({ processedThrough, ...rest }: PushResponse): LegacyPushResponse {
  return { lastMutationId: processedThrough, ...rest };
}

/** A pull answer, or its head (the rows are appended as JSON text), with version 1's counter names. */
export function legacyPullResponse<T extends PullCounters>({ includedThrough, processedThrough, ...rest }: T) {
  return { ...rest, lastMutationId: includedThrough, processedMutationId: processedThrough };
}
