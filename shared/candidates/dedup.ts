/**
 * Client-side duplicate hiding (spec sections 2 and 5): candidates with the same trimmed, lower-cased
 * email are one person; the most recent application (by appliedDate) is the one shown. Candidates with
 * no email are never duplicates of anything.
 */
import { normalizeEmail } from './email';
import { StringSet } from './string-map';
import type { IndexedCandidate } from './candidate-index';
import { type CandidateView, sortByAppliedDateDescending } from './candidate-view';

export interface DedupResult<C> {
  /** One candidate per email, newest appliedDate first (ties keep their input order). */
  unique: C[];
  /** How many candidates were left out as older duplicates. */
  duplicatesHidden: number;
}

export function dedupeByEmail<C extends Pick<CandidateView, 'email' | 'appliedDate'>>(candidates: readonly C[]): DedupResult<C> {
  // Not a Set: every email would join V8's string table, for as long as the candidates live (string-map.ts).
  const seen = new StringSet();
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

/**
 * The same choice as `dedupeByEmail` for index entries already sorted newest first (the lists keep
 * that order once per data change): the first, i.e. newest, entry per email, without re-sorting or
 * re-parsing dates.
 */
export function uniqueByEmail<C extends CandidateView>(newestFirst: readonly IndexedCandidate<C>[]): IndexedCandidate<C>[] {
  const seen = new StringSet();
  const unique: IndexedCandidate<C>[] = [];
  for (const entry of newestFirst) {
    // entry.email is trimmed and lower-cased (normalizeEmail's value); no email is never a duplicate.
    if (entry.email) {
      if (seen.has(entry.email)) continue;
      seen.add(entry.email);
    }
    unique.push(entry);
  }
  return unique;
}
