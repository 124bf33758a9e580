/**
 * Client-side duplicate hiding (spec sections 2 and 5): candidates with the same trimmed, lower-cased
 * email are one person; the most recent application (by appliedDate) is the one shown. Candidates with
 * no email are never duplicates of anything.
 */
import { normalizeEmail } from './email';
import { type CandidateView, sortByAppliedDateDescending } from './candidate-view';

export interface DedupResult<C> {
  /** One candidate per email, newest appliedDate first (ties keep their input order). */
  unique: C[];
  /** How many candidates were left out as older duplicates. */
  duplicatesHidden: number;
}

export function dedupeByEmail<C extends Pick<CandidateView, 'email' | 'appliedDate'>>(candidates: readonly C[]): DedupResult<C> {
  const seen = new Set<string>();
  const unique: C[] = [];
  for (const candidate of sortByAppliedDateDescending(candidates)) {
    const key = normalizeEmail(candidate.email);
    if (key) {
      if (seen.has(key)) continue;
      seen.add(key);
    }
    unique.push(candidate);
  }
  return { unique, duplicatesHidden: candidates.length - unique.length };
}
