/** API keys (Settings → API Keys) and the calls integrations make with them. */
import { z } from 'zod';
import { apiKeyOwnerSchema, apiKeySchema, createApiKeySchema, createdApiKeySchema } from '../schemas/api-key.schema';
import { candidateArrivalSchema, candidateDtoSchema } from '../schemas/candidate-api.schema';
import {
  webhookSubscribeSchema,
  webhookSubscriptionSchema,
  zapierFindQuerySchema,
  zapierNoteSchema,
  zapierRecentQuerySchema,
  zapierStatusChangeSchema,
} from '../schemas/zapier.schema';
import type { RouteDef } from './contract';

const okSchema = z.object({ ok: z.literal(true) });

export const integrationRoutes = {
  listApiKeys: { method: 'GET', path: '/api/api-keys', response: z.array(apiKeySchema) },
  createApiKey: { method: 'POST', path: '/api/api-keys', body: createApiKeySchema, response: createdApiKeySchema },
  deleteApiKey: { method: 'DELETE', path: '/api/api-keys/:id', response: okSchema },
  /** The REST hooks a key subscribed (its owner or an admin), oldest first. */
  listApiKeyHooks: { method: 'GET', path: '/api/api-keys/:id/hooks', response: z.array(webhookSubscriptionSchema) },
  /** Removes one of them (its owner or an admin); its undelivered events go with it. */
  deleteApiKeyHook: { method: 'DELETE', path: '/api/api-keys/:id/hooks/:hookId', response: okSchema },

  /** Header X-API-Key. 201 with the new candidate, or 200 when a known email was updated. */
  zapierCreateCandidate: {
    method: 'POST',
    path: '/api/zapier/candidates',
    body: candidateArrivalSchema,
    response: candidateDtoSchema,
  },
  zapierMe: { method: 'GET', path: '/api/zapier/me', response: apiKeyOwnerSchema },
  /** Header X-API-Key. The live candidate with this email (trimmed, any case), as a list of at most one: Zapier's search shape. */
  zapierFindCandidates: { method: 'GET', path: '/api/zapier/candidates', query: zapierFindQuerySchema, response: z.array(candidateDtoSchema) },
  /** Header X-API-Key. The latest candidates for an event, newest first: samples for a Zap editor. */
  zapierRecentCandidates: { method: 'GET', path: '/api/zapier/candidates/recent', query: zapierRecentQuerySchema, response: z.array(candidateDtoSchema) },
  /** Header X-API-Key. Appends the dated line to the candidate's notes (candidate.appendNote). */
  zapierAddNote: { method: 'POST', path: '/api/zapier/candidates/:id/notes', body: zapierNoteSchema, response: candidateDtoSchema },
  /** Header X-API-Key. Moves the candidate to a status with the dated "Status updated" line (candidate.setStatus). */
  zapierChangeStatus: { method: 'POST', path: '/api/zapier/candidates/:id/status', body: zapierStatusChangeSchema, response: candidateDtoSchema },
  /**
   * Header X-API-Key. A REST hook: every `event` from now on is POSTed to `targetUrl` (https, public
   * address) as shared/schemas/zapier.schema.ts's webhookEventSchema. 201 with the subscription (200 when
   * this key already had it).
   */
  zapierSubscribeHook: { method: 'POST', path: '/api/zapier/hooks', body: webhookSubscribeSchema, response: webhookSubscriptionSchema },
  /** Header X-API-Key. The hooks of the key's owner. */
  zapierListHooks: { method: 'GET', path: '/api/zapier/hooks', response: z.array(webhookSubscriptionSchema) },
  /** Header X-API-Key. Unsubscribes a hook of the key's owner (Zapier's performUnsubscribe). */
  zapierUnsubscribeHook: { method: 'DELETE', path: '/api/zapier/hooks/:id', response: okSchema },
  /**
   * `?key=` (or X-API-Key); JSON or form-encoded, with the common field names of form tools, mapped by
   * the server (see sync-server/src/integrations/form-fields.ts). 201 created / 200 updated.
   */
  formCandidate: {
    method: 'POST',
    path: '/api/forms/candidates',
    body: z.record(z.string(), z.unknown(), { message: 'Send the form fields as an object' }),
    formEncoded: true,
    /** The form tool's name, when the submission does not carry it. */
    query: z.object({ source: z.string().optional() }),
    response: candidateDtoSchema,
  },
} as const satisfies Record<string, RouteDef>;
