/**
 * The Candidates Management location filter (spec section 5). It classifies by phone number only, with
 * the spec's rules taken as written, applied to the digits (separators and '+' removed):
 *
 *   1. starts with 63 (so also +63)            → International
 *   2. starts with 1                            → United States
 *   3. contains 949 (which covers 1949)         → United States
 *   4. contains 639                             → International
 *   5. 10 or 11 digits with no 63 anywhere      → United States
 *   6. anything else (empty, short, other)      → neither: shown only under All Locations
 *
 * The spec lists the US rules before the international ones but does not say which wins when both
 * match. We let the "starts with" rules (the calling code, the strongest evidence) decide first, then the
 * "contains" rules in the spec's order. So +63 949 123 4567 (a Philippine mobile) is International,
 * while 949-639-1234 (no prefix, contains both) is United States.
 *
 * Consequences of the rules as written, kept deliberately: a bare 630/631/636/639 area-code number is
 * International (rule 1), a Philippine number written 0917 123 4567 is United States (rule 5), and a
 * +44 UK number of 12 digits is neither.
 */
import { phoneDigits } from './phone';

export type PhoneRegion = 'us' | 'international' | 'other';
export type LocationFilter = 'all' | 'us' | 'international';

export const LOCATION_FILTER_OPTIONS: ReadonlyArray<{ value: LocationFilter; label: string }> = [
  { value: 'all', label: 'All Locations' },
  { value: 'us', label: 'United States' },
  { value: 'international', label: 'International' },
];

export function locationFilterLabel(filter: LocationFilter): string {
  return LOCATION_FILTER_OPTIONS.find((option) => option.value === filter)!.label;
}

/** Which side of the location filter a phone number falls on. */
export function classifyPhoneRegion(phone: string | null | undefined): PhoneRegion {
  const digits = phoneDigits(phone);
  if (!digits) return 'other';
  if (digits.startsWith('63')) return 'international';
  if (digits.startsWith('1')) return 'us';
  if (digits.includes('949')) return 'us';
  if (digits.includes('639')) return 'international';
  if (digits.length >= 10 && digits.length <= 11 && !digits.includes('63')) return 'us';
  return 'other';
}

/** Whether a phone's region passes the filter; 'all' passes everything, including 'other'. */
export function regionMatchesFilter(region: PhoneRegion, filter: LocationFilter): boolean {
  return filter === 'all' || region === filter;
}
