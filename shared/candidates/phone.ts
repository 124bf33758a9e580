/**
 * Phone display (spec sections 3 and 5). Numbers are free text typed by people and integrations, so
 * every function here accepts anything and falls back to showing the input as typed.
 *
 * Two formatters, as in the spec:
 * - `formatPhone` (primary): a bare 10-digit number is North American, (xxx) xxx-xxxx; a bare number
 *   starting with 0 (10–11 digits) is a Philippine national number, shown as +63 and the rest.
 * - `formatPhoneInternational` (alternate, used with country detection): 63… becomes +63 in groups of
 *   three, an 11-digit 1… becomes +1 (xxx) xxx-xxxx; anything else goes to the primary formatter.
 *
 * Country detection: an explicit international prefix (+ or 00) is matched against the calling codes,
 * longest first. A bare number is read the way the formatters read it (10 digits or 1 + 10 digits:
 * USA/Canada; 0…: Philippines); only bare numbers of 11+ digits are matched against calling codes,
 * because a bare 10-digit number like 310 555 0100 is a US number, not Dutch (+31).
 */
import { phoneFieldMatches, prepareQuery } from './text-query';
import { CALLING_CODE_COUNTRIES, type CallingCodeCountry, countryForDigits, UNKNOWN_COUNTRY } from './phone-countries';

const SEPARATORS = /[\s\-\u2010-\u2015().[\]{}]/g;
const EXTENSION = /(?:ext\.?|extension|x|#)\s*(\d{1,6})$/i;
const NANP = CALLING_CODE_COUNTRIES.find((entry) => entry.code === '1')!;
const PHILIPPINES = CALLING_CODE_COUNTRIES.find((entry) => entry.code === '63')!;

/** Removes spaces, dashes, brackets and dots; keeps digits, '+' and anything else as typed. */
export function stripPhoneSeparators(phone: string | null | undefined): string {
  return (phone ?? '').replace(SEPARATORS, '');
}

/** Only the digits (a number that is only digits answered as itself: see normalizeEmail, email.ts). */
export function phoneDigits(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits === phone ? phone : digits;
}

interface ParsedPhone {
  /** The digits after an international prefix, or all digits of a bare number. */
  digits: string;
  /** True when the number began with + or 00. */
  international: boolean;
  /** True when the number (extension aside) has nothing but digits after the prefix. */
  pure: boolean;
  extension: string | null;
}

function parsePhone(phone: string): ParsedPhone {
  let cleaned = stripPhoneSeparators(phone);
  let extension: string | null = null;
  const ext = EXTENSION.exec(cleaned);
  if (ext && ext.index > 0) {
    extension = ext[1]!;
    cleaned = cleaned.slice(0, ext.index);
  }
  let international = false;
  if (cleaned.startsWith('+')) {
    international = true;
    cleaned = cleaned.slice(1);
  } else if (cleaned.startsWith('00')) {
    international = true;
    cleaned = cleaned.slice(2);
  }
  return { digits: phoneDigits(cleaned), international, pure: /^\d+$/.test(cleaned), extension };
}

/** Groups of three from the left; a trailing single digit joins the group before it (917 123 4567). */
export function groupInThrees(digits: string): string {
  const groups: string[] = [];
  for (let i = 0; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
  if (groups.length > 1 && groups[groups.length - 1]!.length === 1) {
    const last = groups.pop()!;
    groups[groups.length - 1] += last;
  }
  return groups.join(' ');
}

function northAmerican(tenDigits: string): string {
  return `(${tenDigits.slice(0, 3)}) ${tenDigits.slice(3, 6)}-${tenDigits.slice(6)}`;
}

function withExtension(formatted: string, parsed: ParsedPhone): string {
  return parsed.extension ? `${formatted} ext. ${parsed.extension}` : formatted;
}

function isBarePhilippine(parsed: ParsedPhone): boolean {
  return !parsed.international && parsed.pure && parsed.digits.startsWith('0') && (parsed.digits.length === 10 || parsed.digits.length === 11);
}

/** The primary formatter. Returns the trimmed input when no rule applies, '' for an empty phone. */
export function formatPhone(phone: string | null | undefined): string {
  const trimmed = (phone ?? '').trim();
  if (!trimmed) return '';
  const parsed = parsePhone(trimmed);
  // North American area codes never start with 0, so a leading 0 is read as a Philippine trunk prefix.
  if (isBarePhilippine(parsed)) return withExtension(`+63 ${groupInThrees(parsed.digits.slice(1))}`, parsed);
  if (!parsed.international && parsed.pure && parsed.digits.length === 10) {
    return withExtension(northAmerican(parsed.digits), parsed);
  }
  return trimmed;
}

/** The alternate formatter: +63 in groups of three, +1 (xxx) xxx-xxxx, else the primary formatter. */
export function formatPhoneInternational(phone: string | null | undefined): string {
  const trimmed = (phone ?? '').trim();
  if (!trimmed) return '';
  const parsed = parsePhone(trimmed);
  const { digits } = parsed;
  // A bare 10-digit 63x number is a North American area code (630, 631, 636, 639), not the Philippines.
  const philippineLength = parsed.international ? digits.length >= 10 : digits.length >= 11;
  if (parsed.pure && digits.startsWith('63') && philippineLength) {
    return withExtension(`+63 ${groupInThrees(digits.slice(2))}`, parsed);
  }
  if (parsed.pure && digits.length === 11 && digits.startsWith('1')) {
    return withExtension(`+1 ${northAmerican(digits.slice(1))}`, parsed);
  }
  return formatPhone(phone);
}

/** The country a number belongs to, or null when it cannot be told. See the module comment for the rules. */
export function detectPhoneCountry(phone: string | null | undefined): CallingCodeCountry | null {
  const trimmed = (phone ?? '').trim();
  if (!trimmed) return null;
  const parsed = parsePhone(trimmed);
  const { digits } = parsed;
  if (parsed.international) return countryForDigits(digits);
  if (digits.startsWith('0')) return digits.length === 10 || digits.length === 11 ? PHILIPPINES : null;
  if (digits.length === 10) return NANP;
  if (digits.length === 11 && digits.startsWith('1')) return NANP;
  if (digits.length >= 11) return countryForDigits(digits);
  return null;
}

export interface PhoneDescription {
  /** True when there is no phone: `display` is then 'N/A' and the other strings are empty. */
  isEmpty: boolean;
  /** The number from the alternate formatter, e.g. '+63 917 123 4567'. */
  formatted: string;
  /** The spec's country name ('USA/Canada', 'UK', …) or 'Unknown'. */
  country: string;
  /** The country's flag emoji, or a globe for an unknown country. */
  flag: string;
  /** The calling code without '+', or null when unknown. */
  callingCode: string | null;
  /** What a cell shows: flag and formatted number, or 'N/A'. */
  display: string;
}

/** Everything the contact views show about a phone number. */
export function describePhone(phone: string | null | undefined): PhoneDescription {
  const formatted = formatPhoneInternational(phone);
  if (!formatted) {
    return { isEmpty: true, formatted: '', country: '', flag: '', callingCode: null, display: 'N/A' };
  }
  const match = detectPhoneCountry(phone);
  const { country, flag } = match ?? UNKNOWN_COUNTRY;
  return { isEmpty: false, formatted, country, flag, callingCode: match?.code ?? null, display: `${flag} ${formatted}` };
}

/**
 * Substring match for search boxes: the phone as typed (case-insensitive), or, when the query is itself
 * a phone-like string, its digits within the phone's digits, so '555-1234' finds '(949) 555 1234'.
 */
export function phoneMatches(phone: string | null | undefined, query: string): boolean {
  return phoneFieldMatches((phone ?? '').toLowerCase(), prepareQuery(query));
}
