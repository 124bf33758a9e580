import { z } from 'zod';

/**
 * The one error envelope every failing /api call answers with. `message` is what a person reads;
 * `fields` names the input fields that were refused, with the message for each.
 */
export const errorEnvelopeSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  details: z.unknown().optional(),
  /** Named fields some calls of the spec read (the lead calls: `error`, `detail`, `action`). */
  error: z.string().optional(),
  detail: z.string().optional(),
  action: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooMany: 'RATE_LIMITED',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  badRequest: 'BAD_REQUEST',
  unsupportedMedia: 'UNSUPPORTED_MEDIA_TYPE',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
  providerKeyRequired: 'PROVIDER_KEY_REQUIRED',
  /** A sync client id used by another user than the one it belongs to (the device starts a new one). */
  syncClientOfAnotherUser: 'SYNC_CLIENT_OF_ANOTHER_USER',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
