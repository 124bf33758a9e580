/** Routes of the sync protocol (see shared/sync/protocol.schema.ts). */
import { pullQuerySchema, pullResponseSchema, pushRequestSchema, pushResponseSchema } from '../sync/protocol.schema';
import type { RouteDef } from './contract';

/**
 * The largest push body the server accepts. A push carries at most MAX_MUTATIONS_PER_PUSH mutations; a
 * device splits its outbox so one request stays under this size (import batches are the big ones).
 */
export const PUSH_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

export const syncRoutes = {
  syncPush: { method: 'POST', path: '/api/sync/push', body: pushRequestSchema, response: pushResponseSchema },
  syncPull: { method: 'GET', path: '/api/sync/pull', query: pullQuerySchema, response: pullResponseSchema },
} as const satisfies Record<string, RouteDef>;
