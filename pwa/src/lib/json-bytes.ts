/**
 * The UTF-8 size of a value as JSON, for budgets of bodies sent and stored (a push's batch, an import's
 * mutations). A text all ASCII, as most rows are, is its own length: no bytes are encoded to count it
 * (TextEncoder made a copy of every mutation's JSON only to measure it: 4 MB of garbage per push).
 */
const encoder = new TextEncoder();
const NON_ASCII = /[^\u0000-\u007f]/;

export function utf8Bytes(text: string): number {
  return NON_ASCII.test(text) ? encoder.encode(text).length : text.length;
}

export function jsonBytes(value: unknown): number {
  return utf8Bytes(JSON.stringify(value));
}
