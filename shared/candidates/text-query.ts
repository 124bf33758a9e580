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

/** Phone match against a lower-cased phone and its digits. An empty query matches everything. */
export function phoneFieldMatches(phoneLower: string, phoneDigits: string, query: PreparedQuery): boolean {
  if (!query.text) return true;
  if (phoneLower.includes(query.text)) return true;
  return query.digits !== null && phoneDigits.includes(query.digits);
}
