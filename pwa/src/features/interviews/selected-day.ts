import { isValidDay } from '@shared/format/time-zone';

/**
 * The day the Interviews page shows, from the address (?day=yyyy-MM-dd): today when missing or
 * malformed, and never a day after today (spec: interview dates cannot go beyond today).
 */
export function selectedDay(requested: string | null, today: string): string {
  if (!requested || !isValidDay(requested)) return today;
  return requested > today ? today : requested;
}
