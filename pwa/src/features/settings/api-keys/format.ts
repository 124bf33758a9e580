import { formatDateTime, formatLocalDate } from '@shared/format/dates';

/** How a listed key is shown: its display prefix, then an ellipsis for the part never stored. */
export const maskedKey = (prefix: string) => `${prefix}…`;

export const formatCreated = (iso: string) => formatLocalDate(iso);

/** 'Never', or the date and time of the last call made with the key. */
export function formatLastUsed(iso: string | null): string {
  if (!iso) return 'Never';
  return formatDateTime(iso) || 'Never';
}
