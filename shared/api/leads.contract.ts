/** LinkedIn sales-rep leads: saved leads, the provider key, background searches, profile pictures. */
import { z } from 'zod';
import {
  currentLeadSearchSchema,
  leadSearchJobSchema,
  leadSearchRequestSchema,
  leadSearchStartedSchema,
  leadsPageSchema,
  leadsQuerySchema,
  providerKeyStatusSchema,
  saveProviderKeyResponseSchema,
  saveProviderKeySchema,
} from '../schemas/lead.schema';
import type { RouteDef } from './contract';

export const leadRoutes = {
  listLeads: { method: 'GET', path: '/api/linkedin/sales-reps', query: leadsQuerySchema, response: leadsPageSchema },
  getProviderKeyStatus: { method: 'GET', path: '/api/linkedin/api-key', response: providerKeyStatusSchema },
  /** A refused key answers with the spec's `error` field (besides the envelope's message). */
  saveProviderKey: {
    method: 'POST',
    path: '/api/linkedin/api-key',
    body: saveProviderKeySchema,
    response: saveProviderKeyResponseSchema,
  },
  /** 202: the search runs in the background; errors may carry `detail` and `action`. */
  startLeadSearch: {
    method: 'POST',
    path: '/api/linkedin/search',
    body: leadSearchRequestSchema,
    response: leadSearchStartedSchema,
  },
  getCurrentLeadSearch: { method: 'GET', path: '/api/linkedin/search/current', response: currentLeadSearchSchema },
  cancelLeadSearch: {
    method: 'POST',
    path: '/api/linkedin/search/:id/cancel',
    response: z.object({ job: leadSearchJobSchema }),
  },
  /** The lead's avatar, fetched by the server from the stored picture URL (image bytes, not JSON). */
  leadProfileImage: {
    method: 'GET',
    path: '/api/linkedin/profile-image/:url',
    response: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
    responseType: 'image/*',
  },
} as const satisfies Record<string, RouteDef>;
