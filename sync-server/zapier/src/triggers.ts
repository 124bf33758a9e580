/**
 * Instant triggers as REST hooks: turning a Zap on subscribes its unique target URL for one event
 * (POST /api/zapier/hooks), turning it off unsubscribes it; RepHire then POSTs each event to the URL
 * (shared/schemas/zapier.schema.ts, webhookEventSchema). performList gives the Zap editor the latest
 * real candidates as samples.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import type { ZapierEvent } from '../../../shared/schemas/zapier.schema';
import { candidateOutputFields, candidateSample } from './fields';

interface Subscription {
  id: string | number;
}

interface CandidateJson {
  id: number;
  [field: string]: unknown;
}

interface DeliveredEvent {
  id?: string;
  event?: string;
  candidate?: CandidateJson;
  previousStatus?: string | null;
}

/** A trigger item: the candidate, with the event's id (the same on a redelivery) and the status it left. */
function itemOf(event: DeliveredEvent): Record<string, unknown> {
  if (!event.candidate) throw new Error('RepHire sent an event without a candidate');
  return { ...event.candidate, eventId: event.id ?? null, previousStatus: event.previousStatus ?? null };
}

function hookTrigger(key: string, event: ZapierEvent, noun: string, label: string, description: string) {
  return {
    key,
    noun,
    display: { label, description },
    operation: {
      type: 'hook' as const,
      performSubscribe: async (z: ZObject, bundle: Bundle): Promise<Subscription> =>
        (await z.request({ url: '/api/zapier/hooks', method: 'POST', body: { targetUrl: bundle.targetUrl, event } })).data as Subscription,
      performUnsubscribe: async (z: ZObject, bundle: Bundle): Promise<unknown> => {
        const { id } = bundle.subscribeData as unknown as Subscription;
        return (await z.request({ url: `/api/zapier/hooks/${encodeURIComponent(String(id))}`, method: 'DELETE' })).data;
      },
      perform: (_z: ZObject, bundle: Bundle) => [itemOf(bundle.cleanedRequest as DeliveredEvent)],
      performList: async (z: ZObject): Promise<Array<Record<string, unknown>>> => {
        const { data } = await z.request({ url: '/api/zapier/candidates/recent', params: { event } });
        return (data as CandidateJson[]).map((candidate) => itemOf({ candidate, previousStatus: null }));
      },
      sample: { ...candidateSample, eventId: 'b0f6c3de-1c4f-4c33-9d0f-6a3f3e0b2a11', previousStatus: event === 'candidate.status_changed' ? 'screening' : null },
      outputFields: [
        ...candidateOutputFields,
        { key: 'eventId', label: 'Event ID' },
        ...(event === 'candidate.status_changed' ? [{ key: 'previousStatus', label: 'Previous Status' }] : []),
      ],
    },
  };
}

export const newCandidate = hookTrigger(
  'new_candidate',
  'candidate.created',
  'Candidate',
  'New Candidate',
  'Triggers when a candidate is added to RepHire: imported, added on a device, or arrived from a form or a Zap.',
);

export const candidateStatusChanged = hookTrigger(
  'candidate_status_changed',
  'candidate.status_changed',
  'Candidate',
  'Candidate Status Changed',
  "Triggers when a candidate moves to another status in RepHire's pipeline (for example to Hired).",
);
