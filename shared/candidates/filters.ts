/**
 * The Candidates Management filter model (spec sections 2 and 5) and the pure function that applies it.
 * All active filters must pass (AND); within More Filters, any checked experience option passes, and
 * likewise for sources (OR within a group). The screen keeps a `CandidateFilters` value in UI state and
 * passes the debounced search text in `search`.
 */
import type { CandidateStatus } from '../schemas/candidate.schema';
import { isDateOnlyEpoch } from '../format/dates';
import { dayBounds, type DayString, deviceTimeZone } from '../format/time-zone';
import type { CandidateView } from './candidate-view';
import { type IndexedCandidate, indexCandidates, unwrap } from './candidate-index';
import { type LocationFilter, regionMatchesFilter } from './location-filter';
import { includesLowerCased, phoneFieldMatches, prepareQuery } from './text-query';

export type ExperienceFilter = 'sales' | 'management';
/**
 * A Source checkbox. The spec's two ('csv', 'craigslist') match as text inside the source; every other
 * source present in the data is offered as `is:{source}` and matches that source exactly, case aside.
 */
export type SourceFilter = 'csv' | 'craigslist' | `is:${string}`;

export const EXPERIENCE_FILTER_OPTIONS: ReadonlyArray<{ value: ExperienceFilter; label: string }> = [
  { value: 'sales', label: 'Sales Experience' },
  { value: 'management', label: 'Management Experience' },
];
export const SOURCE_FILTER_OPTIONS: ReadonlyArray<{ value: SourceFilter; label: string }> = [
  { value: 'csv', label: 'CSV Import' },
  { value: 'craigslist', label: 'Craigslist' },
];

const SPEC_SOURCE_NEEDLES: readonly string[] = SOURCE_FILTER_OPTIONS.map((option) => option.value);

/** The label a Source checkbox (and its chip) shows. */
export function sourceFilterLabel(value: SourceFilter): string {
  if (value.startsWith('is:')) return value.slice('is:'.length);
  return SOURCE_FILTER_OPTIONS.find((option) => option.value === value)?.label ?? value;
}

/**
 * The Source checkboxes for the data at hand: the spec's two, then each other source present (by how
 * many candidates have it, then by name), written as most of its candidates write it. A source the
 * spec's options already cover (one containing "csv" or "craigslist") is not offered twice.
 */
export function sourceFilterOptions(
  index: readonly Pick<IndexedCandidate, 'source' | 'candidate'>[],
): Array<{ value: SourceFilter; label: string; count: number }> {
  const found = new Map<string, { count: number; spellings: Map<string, number> }>();
  for (const entry of index) {
    const key = entry.source.trim();
    if (!key || SPEC_SOURCE_NEEDLES.some((needle) => key.includes(needle))) continue;
    const spelling = (entry.candidate.source ?? '').trim();
    const group = found.get(key) ?? { count: 0, spellings: new Map<string, number>() };
    group.count += 1;
    group.spellings.set(spelling, (group.spellings.get(spelling) ?? 0) + 1);
    found.set(key, group);
  }
  const present = [...found.values()].map(({ count, spellings }) => {
    const [label] = [...spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'en', { caseFirst: 'upper' }))[0]!;
    return { value: `is:${label}` as SourceFilter, label, count };
  });
  present.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  const specCounts = SOURCE_FILTER_OPTIONS.map((option) => ({
    ...option,
    count: index.filter((entry) => entry.source.includes(option.value)).length,
  }));
  return [...specCounts, ...present];
}

/** Whether a candidate's source (lower-cased, as indexed) passes one Source checkbox. */
function sourceMatches(source: string, value: SourceFilter): boolean {
  if (value.startsWith('is:')) return source.trim() === value.slice('is:'.length).trim().toLowerCase();
  return source.includes(value);
}

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
  // A date without a time is its calendar day in every zone: compared as a day, not as an instant.
  const { start: dayStart, end: dayEnd } = dateRangeBounds(filters.dateRange, 'UTC');
  const experience = [...new Set(filters.experience)];
  const sources = [...new Set(filters.sources)];
  return (entry) => {
    if (!regionMatchesFilter(entry.region, filters.location)) return false;
    if (filters.status !== null && entry.status !== filters.status) return false;
    if (
      query.text &&
      !includesLowerCased(entry.candidate.name ?? '', query.text) &&
      !entry.email.includes(query.text) &&
      !phoneFieldMatches(entry.phone, query)
    ) {
      return false;
    }
    // A broken appliedDate (NaN) fails every comparison, so it never passes a date range.
    if (hasDates) {
      const applied = entry.appliedAt.ms;
      const [from, to] = isDateOnlyEpoch(applied) ? [dayStart, dayEnd] : [start, end];
      if (!(applied >= from && applied < to)) return false;
    }
    if (experience.length > 0 && !experience.some((needle) => entry.experience.includes(needle))) return false;
    if (sources.length > 0 && !sources.some((value) => sourceMatches(entry.source, value))) return false;
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
