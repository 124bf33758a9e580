/** Record ids made on whichever side creates the record. */

export function newUid(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * The uid of a candidate's interview note for one day: derived (UUID v5-style, SHA-1) from the
 * candidate's uid and the day, so notes written for the same candidate and day on two offline devices
 * are the same record and merge, instead of becoming two notes.
 */
export async function interviewNoteUid(candidateUid: string, day: string): Promise<string> {
  const data = new TextEncoder().encode(`rephire:interview-note:${candidateUid.toLowerCase()}:${day}`);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-1', data));
  digest[6] = (digest[6]! & 0x0f) | 0x50;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
