/**
 * A candidate's field clocks as the one stamp they share. Rows written together (an import's, a
 * mutation's, a pull's page) stamp every LWW field with one clock, and written out in full those ten
 * stamps were half of a candidate's JSON on the wire (about 480 of 956 bytes) and most of what the
 * device stores. The device stores such clocks as the stamp (pwa/src/db/database.ts), and a pull sends
 * them so when the device asks (pullQuerySchema's sharedClocks): the server renders the same rule in
 * SQL from CANDIDATE_LWW_FIELDS (sync-server/src/candidates/candidate.store.ts).
 */
import { CANDIDATE_LWW_FIELDS, type Candidate, type CandidateLwwField } from '../schemas/candidate.schema';

/** The stamp expanded last, with its expansion (see clocksOfStamp). */
let lastExpanded: { stamp: string; clocks: Candidate['fieldClocks'] } | null = null;

/** The stamp every field's clock shares, when the clocks name exactly the LWW fields and all hold it; else null. */
export function sharedStamp(clocks: Candidate['fieldClocks']): string | null {
  // The expansion made last is its stamp's, frozen: a pulled page's rows come back here, to be stored.
  if (clocks === lastExpanded?.clocks) return lastExpanded.stamp;
  const stamp = clocks[CANDIDATE_LWW_FIELDS[0]];
  if (stamp === undefined || Object.keys(clocks).length !== CANDIDATE_LWW_FIELDS.length) return null;
  return CANDIDATE_LWW_FIELDS.every((field) => clocks[field] === stamp) ? stamp : null;
}

/**
 * One stamp as every LWW field's clock (sharedStamp's inverse). Rows that share their stamp come and
 * are read together (an import's, a pull's page), so they share one expansion: 100,000 imported
 * candidates in memory held 100,000 equal objects. It is frozen, as every writer makes new clocks
 * rather than changing a row's (merge.ts), and one that did would fail loudly instead of changing
 * other rows.
 */
export function clocksOfStamp(stamp: string): Candidate['fieldClocks'] {
  if (lastExpanded?.stamp === stamp) return lastExpanded.clocks;
  const s = stamp;
  const clocks = Object.freeze({ name: s, email: s, phone: s, location: s, status: s, appliedDate: s, source: s, experience: s, skills: s, notes: s } satisfies Record<CandidateLwwField, string>);
  lastExpanded = { stamp, clocks: clocks as Candidate['fieldClocks'] };
  return lastExpanded.clocks;
}
