/**
 * A search box's text, prepared once per search rather than once per candidate: trimmed and
 * lower-cased, plus its digits when it looks like a phone number, so '555-1234' also finds
 * '(949) 555 1234'.
 */
const PHONE_LIKE = /^[\d\s\-\u2010-\u2015().+]+$/;

export interface PreparedQuery {
  /** Trimmed, lower-cased query; '' means "no query". */
  readonly text: string;
  /** The query's digits when the query is phone-like (digits and separators only), else null. */
  readonly digits: string | null;
}

export function prepareQuery(query: string | null | undefined): PreparedQuery {
  const text = (query ?? '').trim().toLowerCase();
  const digits = PHONE_LIKE.test(text) ? text.replace(/\D/g, '') : '';
  return { text, digits: digits || null };
}

/** Phone match against a lower-cased phone, as typed or by its digits. An empty query matches everything. */
export function phoneFieldMatches(phoneLower: string, query: PreparedQuery): boolean {
  if (!query.text) return true;
  if (phoneLower.includes(query.text)) return true;
  return query.digits !== null && digitsInclude(phoneLower, query.digits);
}

const UPPER_A = 65;
const UPPER_Z = 90;
const FIRST_NON_ASCII = 128;
const lowerAscii = (code: number) => (code >= UPPER_A && code <= UPPER_Z ? code + 32 : code);

/**
 * Whether `text` lower-cased contains `query` (lower-cased already): what
 * `text.toLowerCase().includes(query)` answers, without making the lower-cased copy when `text` is
 * ASCII (any other character, met anywhere, hands the question to toLowerCase). The index keeps no
 * lower-cased name: 300,000 candidates in memory held 300,000 such strings, each one more object for
 * every garbage collection to mark.
 */
export function includesLowerCased(text: string, query: string): boolean {
  if (query === '') return true;
  const first = query.charCodeAt(0);
  const last = text.length - query.length;
  let start = 0;
  next: for (; start <= last; start += 1) {
    const code = text.charCodeAt(start);
    if (code >= FIRST_NON_ASCII) return text.toLowerCase().includes(query);
    if (lowerAscii(code) !== first) continue;
    for (let k = 1; k < query.length; k += 1) if (lowerAscii(text.charCodeAt(start + k)) !== query.charCodeAt(k)) continue next;
    return true;
  }
  // Lower-casing can lengthen a character (İ): a match could start past `last` only after such a one.
  for (; start < text.length; start += 1) if (text.charCodeAt(start) >= FIRST_NON_ASCII) return text.toLowerCase().includes(query);
  return false;
}

const ZERO = 48;
const NINE = 57;

/**
 * Whether the digits of `text`, its other characters skipped, contain `digits` (ASCII digits): what
 * `phoneDigits(text).includes(digits)` answers, without making that string. The index keeps no digits
 * of each phone: 300,000 candidates in memory held 300,000 such strings, each one more object for every
 * garbage collection to mark.
 */
export function digitsInclude(text: string, digits: string): boolean {
  if (digits === '') return true;
  const first = digits.charCodeAt(0);
  for (let start = 0; start < text.length; start += 1) {
    if (text.charCodeAt(start) !== first) continue;
    let matched = 1;
    for (let at = start + 1; matched < digits.length && at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      if (code < ZERO || code > NINE) continue;
      if (code !== digits.charCodeAt(matched)) break;
      matched += 1;
    }
    if (matched === digits.length) return true;
  }
  return false;
}
