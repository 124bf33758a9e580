/**
 * The Candidates Management filter model (spec sections 2 and 5) and the pure function that applies it.
 * All active filters must pass (AND); within More Filters, any checked experience option passes, and
 * likewise for sources (OR within a group). The screen keeps a `CandidateFilters` value in UI state and
 * passes the debounced search text in `search`.
 */
import type { CandidateStatus } from '../schemas/candidate.schema';
import { dayBounds, type DayString, deviceTimeZone } from '../format/time-zone';
import type { CandidateView } from './candidate-view';
import { type IndexedCandidate, indexCandidates, unwrap } from './candidate-index';
import { type LocationFilter, regionMatchesFilter } from './location-filter';
import { phoneFieldMatches, prepareQuery } from './text-query';

export type ExperienceFilter = 'sales' | 'management';
export type SourceFilter = 'csv' | 'craigslist';

export const EXPERIENCE_FILTER_OPTIONS: ReadonlyArray<{ value: ExperienceFilter; label: string }> = [
  { value: 'sales', label: 'Sales Experience' },
  { value: 'management', label: 'Management Experience' },
];
export const SOURCE_FILTER_OPTIONS: ReadonlyArray<{ value: SourceFilter; label: string }> = [
  { value: 'csv', label: 'CSV Import' },
  { value: 'craigslist', label: 'Craigslist' },
];

export interface DateRangeFilter {
  /** First day included ('yyyy-MM-dd'), or null for no lower bound. */
  from: DayString | null;
  /** Last day included ('yyyy-MM-dd'), or null for no upper bound. */
  to: DayString | null;
}

export interface CandidateFilters {
  location: LocationFilter;
  /** The stage button that is on, or null for none. */
  status: CandidateStatus | null;
  /** Search text (name, email or phone substring). */
  search: string;
  dateRange: DateRangeFilter;
  experience: readonly ExperienceFilter[];
  sources: readonly SourceFilter[];
}

export const DEFAULT_CANDIDATE_FILTERS: CandidateFilters = Object.freeze({
  location: 'all',
  status: null,
  search: '',
  dateRange: Object.freeze({ from: null, to: null }),
  experience: Object.freeze([]) as readonly ExperienceFilter[],
  sources: Object.freeze([]) as readonly SourceFilter[],
});

/** A stage button: turns that status filter on, or off when it is already on. */
export function toggleStatusFilter(filters: CandidateFilters, status: CandidateStatus): CandidateFilters {
  return { ...filters, status: filters.status === status ? null : status };
}

function toggle<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

export function toggleExperienceFilter(filters: CandidateFilters, value: ExperienceFilter): CandidateFilters {
  return { ...filters, experience: toggle(filters.experience, value) };
}

export function toggleSourceFilter(filters: CandidateFilters, value: SourceFilter): CandidateFilters {
  return { ...filters, sources: toggle(filters.sources, value) };
}

/** The number on the More Filters button: checked experience and source options. */
export function activeFilterCount(filters: CandidateFilters): number {
  return new Set(filters.experience).size + new Set(filters.sources).size;
}

/** Whether any filter narrows the list (chooses between the two empty-list notices). */
export function hasActiveFilters(filters: CandidateFilters): boolean {
  return (
    filters.location !== 'all' ||
    filters.status !== null ||
    filters.search.trim() !== '' ||
    filters.dateRange.from !== null ||
    filters.dateRange.to !== null ||
    activeFilterCount(filters) > 0
  );
}

/** The applied-date window as epoch ms [start, end), with an unordered range put in order. */
export function dateRangeBounds(range: DateRangeFilter, timeZone: string): { start: number; end: number } {
  let { from, to } = range;
  if (from && to && from > to) [from, to] = [to, from];
  return {
    start: from ? dayBounds(from, timeZone).start.getTime() : Number.NEGATIVE_INFINITY,
    end: to ? dayBounds(to, timeZone).end.getTime() : Number.POSITIVE_INFINITY,
  };
}

/**
 * Builds the test for one set of filters. Everything that depends only on the filters (the query,
 * the date window) is worked out here, once, not per candidate.
 */
export function candidateFilterPredicate(
  filters: CandidateFilters,
  timeZone: string = deviceTimeZone(),
): (entry: IndexedCandidate) => boolean {
  const query = prepareQuery(filters.search);
  const hasDates = filters.dateRange.from !== null || filters.dateRange.to !== null;
  const { start, end } = dateRangeBounds(filters.dateRange, timeZone);
  const experience = [...new Set(filters.experience)];
  const sources = [...new Set(filters.sources)];
  return (entry) => {
    if (!regionMatchesFilter(entry.region, filters.location)) return false;
    if (filters.status !== null && entry.status !== filters.status) return false;
    if (
      query.text &&
      !entry.name.includes(query.text) &&
      !entry.email.includes(query.text) &&
      !phoneFieldMatches(entry.phone, entry.phoneDigits, query)
    ) {
      return false;
    }
    // A broken appliedDate (NaN) fails every comparison, so it never passes a date range.
    if (hasDates && !(entry.appliedAt >= start && entry.appliedAt < end)) return false;
    if (experience.length > 0 && !experience.some((needle) => entry.experience.includes(needle))) return false;
    if (sources.length > 0 && !sources.some((needle) => entry.source.includes(needle))) return false;
    return true;
  };
}

/** Filters an index (see candidate-index.ts); keeps the index's order. */
export function filterIndexedCandidates<C extends CandidateView>(
  index: readonly IndexedCandidate<C>[],
  filters: CandidateFilters,
  timeZone?: string,
): IndexedCandidate<C>[] {
  return index.filter(candidateFilterPredicate(filters, timeZone));
}

/** Convenience for one-off use: indexes, filters and returns the candidates in their original order. */
export function applyCandidateFilters<C extends CandidateView>(
  candidates: readonly C[],
  filters: CandidateFilters,
  timeZone?: string,
): C[] {
  return unwrap(filterIndexedCandidates(indexCandidates(candidates), filters, timeZone));
}
