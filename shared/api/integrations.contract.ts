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
import { routes } from './routes';

const okSchema = z.object({ ok: z.literal(true) });

export const integrationRoutes = {
  listApiKeys: { ...routes.listApiKeys, response: z.array(apiKeySchema) },
  createApiKey: { ...routes.createApiKey, body: createApiKeySchema, response: createdApiKeySchema },
  deleteApiKey: { ...routes.deleteApiKey, response: okSchema },
  /** The REST hooks a key subscribed (its owner or an admin), oldest first. */
  listApiKeyHooks: { ...routes.listApiKeyHooks, response: z.array(webhookSubscriptionSchema) },
  /** Removes one of them (its owner or an admin); its undelivered events go with it. */
  deleteApiKeyHook: { ...routes.deleteApiKeyHook, response: okSchema },

  /** Header X-API-Key. 201 with the new candidate, or 200 when a known email was updated. */
  zapierCreateCandidate: {
    ...routes.zapierCreateCandidate,
    body: candidateArrivalSchema,
    response: candidateDtoSchema,
  },
  zapierMe: { ...routes.zapierMe, response: apiKeyOwnerSchema },
  /** Header X-API-Key. The live candidate with this email (trimmed, any case), as a list of at most one: Zapier's search shape. */
  zapierFindCandidates: { ...routes.zapierFindCandidates, query: zapierFindQuerySchema, response: z.array(candidateDtoSchema) },
  /** Header X-API-Key. The latest candidates for an event, newest first: samples for a Zap editor. */
  zapierRecentCandidates: { ...routes.zapierRecentCandidates, query: zapierRecentQuerySchema, response: z.array(candidateDtoSchema) },
  /** Header X-API-Key. Appends the dated line to the candidate's notes (candidate.appendNote). */
  zapierAddNote: { ...routes.zapierAddNote, body: zapierNoteSchema, response: candidateDtoSchema },
  /** Header X-API-Key. Moves the candidate to a status with the dated "Status updated" line (candidate.setStatus). */
  zapierChangeStatus: { ...routes.zapierChangeStatus, body: zapierStatusChangeSchema, response: candidateDtoSchema },
  /**
   * Header X-API-Key. A REST hook: every `event` from now on is POSTed to `targetUrl` (https, public
   * address) as shared/schemas/zapier.schema.ts's webhookEventSchema. 201 with the subscription (200 when
   * this key already had it).
   */
  zapierSubscribeHook: { ...routes.zapierSubscribeHook, body: webhookSubscribeSchema, response: webhookSubscriptionSchema },
  /** Header X-API-Key. The hooks of the key's owner. */
  zapierListHooks: { ...routes.zapierListHooks, response: z.array(webhookSubscriptionSchema) },
  /** Header X-API-Key. Unsubscribes a hook of the key's owner (Zapier's performUnsubscribe). */
  zapierUnsubscribeHook: { ...routes.zapierUnsubscribeHook, response: okSchema },
  /**
   * `?key=` (or X-API-Key); JSON or form-encoded, with the common field names of form tools, mapped by
   * the server (see sync-server/src/integrations/form-fields.ts). 201 created / 200 updated.
   */
  formCandidate: {
    ...routes.formCandidate,
    body: z.record(z.string(), z.unknown(), { message: 'Send the form fields as an object' }),
    formEncoded: true,
    /** The form tool's name, when the submission does not carry it. */
    query: z.object({ source: z.string().optional() }),
    response: candidateDtoSchema,
  },
} as const satisfies Record<string, RouteDef>;
