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
import { routes } from './routes';

export const leadRoutes = {
  listLeads: { ...routes.listLeads, query: leadsQuerySchema, response: leadsPageSchema },
  getProviderKeyStatus: { ...routes.getProviderKeyStatus, response: providerKeyStatusSchema },
  /** A refused key answers with the spec's `error` field (besides the envelope's message). */
  saveProviderKey: {
    ...routes.saveProviderKey,
    body: saveProviderKeySchema,
    response: saveProviderKeyResponseSchema,
  },
  /** 202: the search runs in the background; errors may carry `detail` and `action`. */
  startLeadSearch: {
    ...routes.startLeadSearch,
    body: leadSearchRequestSchema,
    response: leadSearchStartedSchema,
  },
  getCurrentLeadSearch: { ...routes.getCurrentLeadSearch, response: currentLeadSearchSchema },
  cancelLeadSearch: {
    ...routes.cancelLeadSearch,
    response: z.object({ job: leadSearchJobSchema }),
  },
  /** The lead's avatar, fetched by the server from the stored picture URL (image bytes, not JSON). */
  leadProfileImage: {
    ...routes.leadProfileImage,
    response: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
    responseType: 'image/*',
  },
} as const satisfies Record<string, RouteDef>;
