/**
 * The Search page's results: the index sorted newest first once per data change; each search filters
 * it and hides duplicates (unique-results.ts). Searches are deferred (useDeferredValue) so typing stays
 * responsive on 100,000 candidates.
 */
import { useDeferredValue, useMemo } from 'react';
import { indexCandidates, type IndexedCandidate } from '@shared/candidates/candidate-index';
import { searchIndexedCandidates, type CandidateSearch } from '@shared/candidates/search';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { createSortOrders } from '@/features/candidates/table-query';
import { uniqueByEmail } from './unique-results';

const EMPTY: Candidate[] = [];

export interface SearchResults {
  found: number;
  unique: IndexedCandidate<Candidate>[];
}

export function useSearchResults(candidates: readonly Candidate[] | undefined, search: CandidateSearch): SearchResults {
  const list = candidates ?? EMPTY;
  const deferred = useDeferredValue(search);
  const newestFirst = useMemo(() => {
    const index = indexCandidates(list);
    // The Candidates table's default order (a counting sort: no comparator over 100,000 rows).
    return Array.from(createSortOrders(index).order('appliedDate', 'desc'), (position) => index[position]!);
  }, [list]);
  const matches = useMemo(() => searchIndexedCandidates(newestFirst, deferred), [newestFirst, deferred]);
  const unique = useMemo(() => uniqueByEmail(matches), [matches]);
  return { found: matches.length, unique };
}
