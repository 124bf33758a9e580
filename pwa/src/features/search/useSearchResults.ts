/**
 * The Search page's results: the device's list newest first (kept once per data change by the shared
 * list, candidate-list.ts); each search filters it and hides duplicates (uniqueByEmail). Searches are
 * deferred (useDeferredValue) so typing stays responsive on 100,000 candidates.
 */
import { useDeferredValue, useMemo } from 'react';
import { uniqueByEmail } from '@shared/candidates/dedup';
import { searchIndexedCandidates, type CandidateSearch } from '@shared/candidates/search';
import type { CandidateListSnapshot, Entry } from '@/features/candidates/candidate-snapshot';

export interface SearchResults {
  found: number;
  unique: Entry[];
}

export function useSearchResults(list: CandidateListSnapshot, search: CandidateSearch): SearchResults {
  const deferred = useDeferredValue(search);
  const newestFirst = list.newestFirst;
  const matches = useMemo(() => searchIndexedCandidates(newestFirst, deferred), [newestFirst, deferred]);
  const unique = useMemo(() => uniqueByEmail(matches), [matches]);
  return { found: matches.length, unique };
}
