/** Routes of the sync protocol (see shared/sync/protocol.schema.ts). */
import { z } from 'zod';
import {
  legacyPullResponseSchema,
  legacyPushResponseSchema,
  pullQuerySchema,
  pullResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
} from '../sync/protocol.schema';
import type { RouteDef } from './contract';
import { routes } from './routes';

/**
 * The largest push body the server accepts. A push carries at most MAX_MUTATIONS_PER_PUSH mutations; a
 * device splits its outbox so one request stays under this size (import batches are the big ones).
 */
export const PUSH_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * Each answers a request that declares SYNC_PROTOCOL_VERSION with the current schema, and one without it
 * (an installed app still running version 1) with the legacy one. The device parses the current schema
 * only (pwa/src/sync/transport.ts).
 */
export const syncRoutes = {
  syncPush: { ...routes.syncPush, body: pushRequestSchema, response: z.union([pushResponseSchema, legacyPushResponseSchema]) },
  syncPull: { ...routes.syncPull, query: pullQuerySchema, response: z.union([pullResponseSchema, legacyPullResponseSchema]) },
} as const satisfies Record<string, RouteDef>;
