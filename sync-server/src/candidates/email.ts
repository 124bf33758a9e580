/**
 * Duplicate detection compares emails trimmed and lower-cased (DECISIONS.md, shared normalizeEmail), in
 * SQL as `lower(btrim(email))`, which the candidates_email_norm_idx index covers.
 */
import { normalizeEmail } from '@shared/candidates/email';

export const NORMALISED_EMAIL_SQL = 'lower(btrim(email))';

/**
 * Serialises writers that look candidates up by email and may create one (integrations, imports), so two
 * simultaneous arrivals of one email cannot both create it. Emails hash onto 64 lock stripes (a batch
 * takes at most 64 advisory locks), locked in ascending order so two batches never deadlock.
 */
const LOCK_CLASS = 0x5248; // 'RH'
const STRIPES = 64;
export const EMAIL_LOCK_STRIPES = STRIPES;

function stripeOf(email: string): number {
  let hash = 0;
  for (let i = 0; i < email.length; i++) hash = (hash * 31 + email.charCodeAt(i)) | 0;
  return Math.abs(hash) % STRIPES;
}

export function emailLockStripes(emails: Iterable<string>): number[] {
  const stripes = new Set<number>();
  for (const email of emails) stripes.add(stripeOf(normalizeEmail(email)));
  return [...stripes].sort((a, b) => a - b);
}

export const EMAIL_LOCK_CLASS = LOCK_CLASS;
