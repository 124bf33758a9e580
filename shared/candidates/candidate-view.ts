/**
 * The fields the list screens read. Functions in shared/candidates take any object with these fields
 * (a Dexie row, a server model, a test object) and hand back the same objects, never copies.
 */
import type { Candidate } from '../schemas/candidate.schema';

export type CandidateView = Pick<
  Candidate,
  'name' | 'email' | 'phone' | 'location' | 'status' | 'appliedDate' | 'source' | 'experience' | 'skills' | 'notes'
>;

/** Epoch ms of an ISO date; NaN when missing or unparseable. */
export function appliedTime(candidate: Pick<CandidateView, 'appliedDate'>): number {
  return candidate.appliedDate ? Date.parse(candidate.appliedDate) : Number.NaN;
}

/**
 * Newest first; a candidate with a broken date sorts after every dated one. Ties keep their input order
 * because Array.prototype.sort is stable.
 */
export function compareTimesDescending(a: number, b: number): number {
  const aValid = Number.isFinite(a);
  const bValid = Number.isFinite(b);
  if (aValid && bValid) return b - a;
  if (aValid !== bValid) return aValid ? -1 : 1;
  return 0;
}

/** A copy of the list sorted by appliedDate, newest first (each date parsed once). */
export function sortByAppliedDateDescending<C extends Pick<CandidateView, 'appliedDate'>>(candidates: readonly C[]): C[] {
  const decorated = candidates.map((candidate, index) => ({ candidate, index, time: appliedTime(candidate) }));
  decorated.sort((a, b) => compareTimesDescending(a.time, b.time) || a.index - b.index);
  return decorated.map((entry) => entry.candidate);
}
