import { formatDateTime, formatLocalDate } from '@shared/format/dates';
import type { ZapierEvent } from '@shared/schemas/zapier.schema';

/** How a listed key is shown: its display prefix, then an ellipsis for the part never stored. */
export const maskedKey = (prefix: string) => `${prefix}…`;

export const formatCreated = (iso: string) => formatLocalDate(iso);

/** 'Never', or the date and time of the last call made with the key. */
export function formatLastUsed(iso: string | null): string {
  if (!iso) return 'Never';
  return formatDateTime(iso) || 'Never';
}

/** A hook's event as the Zapier app names its trigger. */
export function hookEventLabel(event: ZapierEvent): string {
  return event === 'candidate.created' ? 'New Candidate' : 'Candidate Status Changed';
}
