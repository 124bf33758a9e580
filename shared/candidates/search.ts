/**
 * The Search Candidates page (spec section 2). Simple mode matches the query, case-insensitively, as a
 * substring of name, email, phone, location, source, skills, notes or status. Advanced mode ignores the
 * simple query and requires every filled-in field to match its own field: Name, Email, Location and
 * Source as case-insensitive substrings, Phone as a substring (also digit-for-digit, see text-query.ts),
 * Status exactly unless 'all'.
 */
import { CANDIDATE_STATUSES, type CandidateStatus } from '../schemas/candidate.schema';
import type { CandidateView } from './candidate-view';
import { type IndexedCandidate, indexCandidates, unwrap } from './candidate-index';
import { capitalizeStatus } from './status-labels';
import { includesLowerCased, phoneFieldMatches, prepareQuery, type PreparedQuery } from './text-query';

export interface AdvancedSearchFilters {
  name: string;
  email: string;
  phone: string;
  status: CandidateStatus | 'all';
  location: string;
  source: string;
}

export type SearchMode = 'simple' | 'advanced';

export interface CandidateSearch {
  mode: SearchMode;
  /** The simple search box (ignored in advanced mode). */
  query: string;
  advanced: AdvancedSearchFilters;
}

export const EMPTY_ADVANCED_SEARCH: AdvancedSearchFilters = Object.freeze({
  name: '',
  email: '',
  phone: '',
  status: 'all',
  location: '',
  source: '',
});

export const DEFAULT_CANDIDATE_SEARCH: CandidateSearch = Object.freeze({
  mode: 'simple',
  query: '',
  advanced: EMPTY_ADVANCED_SEARCH,
});

/** The advanced Status dropdown: 'All Statuses' then the status list, capitalised. */
export const STATUS_SEARCH_OPTIONS: ReadonlyArray<{ value: CandidateStatus | 'all'; label: string }> = [
  { value: 'all', label: 'All Statuses' },
  ...CANDIDATE_STATUSES.map((status) => ({ value: status, label: capitalizeStatus(status) })),
];

/** Whether the search narrows anything (chooses between the page's two empty states). */
export function hasSearchCriteria(search: CandidateSearch): boolean {
  if (search.mode === 'simple') return search.query.trim() !== '';
  const a = search.advanced;
  return a.status !== 'all' || [a.name, a.email, a.phone, a.location, a.source].some((value) => value.trim() !== '');
}

function simplePredicate(query: PreparedQuery): (entry: IndexedCandidate) => boolean {
  const text = query.text;
  return (entry) =>
    includesLowerCased(entry.candidate.name ?? '', text) ||
    entry.email.includes(text) ||
    phoneFieldMatches(entry.phone, query) ||
    entry.location.includes(text) ||
    entry.source.includes(text) ||
    entry.skills.includes(text) ||
    entry.notes.includes(text) ||
    entry.status.includes(text);
}

function advancedPredicate(filters: AdvancedSearchFilters): (entry: IndexedCandidate) => boolean {
  const name = prepareQuery(filters.name).text;
  const email = prepareQuery(filters.email).text;
  const phone = prepareQuery(filters.phone);
  const location = prepareQuery(filters.location).text;
  const source = prepareQuery(filters.source).text;
  const { status } = filters;
  return (entry) =>
    (status === 'all' || entry.status === status) &&
    includesLowerCased(entry.candidate.name ?? '', name) &&
    entry.email.includes(email) &&
    phoneFieldMatches(entry.phone, phone) &&
    entry.location.includes(location) &&
    entry.source.includes(source);
}

/** The test for one search, prepared once. An empty search matches everything. */
export function candidateSearchPredicate(search: CandidateSearch): (entry: IndexedCandidate) => boolean {
  if (search.mode === 'advanced') return advancedPredicate(search.advanced);
  const query = prepareQuery(search.query);
  return query.text ? simplePredicate(query) : () => true;
}

export function searchIndexedCandidates<C extends CandidateView>(
  index: readonly IndexedCandidate<C>[],
  search: CandidateSearch,
): IndexedCandidate<C>[] {
  return index.filter(candidateSearchPredicate(search));
}

export function searchCandidates<C extends CandidateView>(candidates: readonly C[], search: CandidateSearch): C[] {
  return unwrap(searchIndexedCandidates(indexCandidates(candidates), search));
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The results header: 'Found N candidates', 'M unique candidates' and, when any, '(K duplicates hidden)'. */
export function searchResultsHeader(found: number, unique: number, duplicatesHidden: number) {
  return {
    found: `Found ${plural(found, 'candidate')}`,
    unique: `${plural(unique, 'unique candidate')}`,
    duplicates: duplicatesHidden > 0 ? `(${plural(duplicatesHidden, 'duplicate')} hidden)` : null,
  };
}
