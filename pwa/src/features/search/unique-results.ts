/**
 * Search results with duplicates hidden (spec: 'M unique candidates', '(K duplicates hidden)'). The
 * page keeps the index sorted newest first once per data change; a search filters it (order kept), and
 * this walk keeps the first, i.e. newest, candidate per email — the same choice dedupeByEmail makes,
 * without re-sorting or re-parsing dates on every keystroke.
 */
import type { IndexedCandidate } from '@shared/candidates/candidate-index';
import type { CandidateView } from '@shared/candidates/candidate-view';

export function uniqueByEmail<C extends CandidateView>(newestFirst: readonly IndexedCandidate<C>[]): IndexedCandidate<C>[] {
  const seen = new Set<string>();
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
