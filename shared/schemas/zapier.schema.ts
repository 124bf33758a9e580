/**
 * What the Zapier app's actions and searches send (shared/api/integrations.contract.ts), beyond the
 * candidate arrival every integration shares.
 */
import { z } from 'zod';
import { candidateEmailSchema, statusSchema, storableString } from './candidate.schema';
import { NOTE_LINE_MAX } from '../mutations/args.schema';
import { candidateDtoSchema } from './candidate-api.schema';

/** Events the Zapier app's instant triggers follow. */
export const ZAPIER_EVENTS = ['candidate.created', 'candidate.status_changed'] as const;
export type ZapierEvent = (typeof ZAPIER_EVENTS)[number];

export const zapierFindQuerySchema = z.object({ email: candidateEmailSchema });

export const zapierRecentQuerySchema = z.object({
  event: z.enum(ZAPIER_EVENTS, { message: `Event must be one of: ${ZAPIER_EVENTS.join(', ')}` }).default('candidate.created'),
});

/** The text of one note line; the server adds the date in front ("[2026-11-25 09:30 PST] …"), as the app's lines have. */
export const ZAPIER_NOTE_MAX = NOTE_LINE_MAX - 40;
export const zapierNoteSchema = z.object({
  note: storableString().trim().min(1, 'Note is required').max(ZAPIER_NOTE_MAX, `Note must be at most ${ZAPIER_NOTE_MAX} characters`),
});

export const zapierStatusChangeSchema = z.object({ status: statusSchema });

/** How many candidates a sample list holds. */
export const ZAPIER_SAMPLE_SIZE = 3;

/**
 * What a REST hook receives for an event: its id (the same on every retry, for de-duplication), what
 * happened, when, and the candidate as it stood after the change (with the status it left, for a
 * status change).
 */
export const webhookEventSchema = z.object({
  id: z.string(),
  event: z.enum(ZAPIER_EVENTS),
  occurredAt: z.string(),
  candidate: candidateDtoSchema,
  previousStatus: statusSchema.nullable().optional(),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** Longest target URL a hook may have (Zapier's are about 60 characters). */
export const WEBHOOK_URL_MAX = 2000;

/**
 * POST /api/zapier/hooks: a Zap turned on subscribes its target URL to one event. Only https is
 * accepted; the server also refuses private and loopback addresses (unless allow-listed).
 */
export const webhookSubscribeSchema = z.object({
  targetUrl: z
    .string({ message: 'Target URL is required' })
    .trim()
    .min(1, 'Target URL is required')
    .max(WEBHOOK_URL_MAX, `Target URL must be at most ${WEBHOOK_URL_MAX} characters`)
    .refine((value) => URL.canParse(value), 'Target URL must be a URL')
    .refine((value) => !URL.canParse(value) || new URL(value).protocol === 'https:', 'Target URL must be an https address'),
  event: z.enum(ZAPIER_EVENTS, { message: `Event must be one of: ${ZAPIER_EVENTS.join(', ')}` }),
});

/** A subscription as listed (to its key's owner, in Settings → API Keys, and to Zapier). */
export const webhookSubscriptionSchema = z.object({
  id: z.number().int(),
  apiKeyId: z.number().int(),
  event: z.enum(ZAPIER_EVENTS),
  targetUrl: z.string(),
  createdAt: z.string(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;
