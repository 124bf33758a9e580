/**
 * The active-filter chips bar: one chip per active filter, each removable on its own. Experience and
 * source options get one chip per checked option.
 */
import { formatShortDay } from '../format/dates';
import {
  type CandidateFilters,
  DEFAULT_CANDIDATE_FILTERS,
  EXPERIENCE_FILTER_OPTIONS,
  type ExperienceFilter,
  type SourceFilter,
  sourceFilterLabel,
} from './filters';
import { locationFilterLabel } from './location-filter';
import { stageLabel } from './status-labels';

export type FilterChipKey =
  | 'location'
  | 'status'
  | 'search'
  | 'dateRange'
  | `experience:${ExperienceFilter}`
  | `source:${SourceFilter}`;

export interface FilterChip {
  /** Stable identity (React key) and what `removeFilterChip` takes. */
  key: FilterChipKey;
  label: string;
}

function dateRangeLabel(from: string | null, to: string | null): string {
  if (from && to && from > to) [from, to] = [to, from];
  if (from && to) return from === to ? `Applied: ${formatShortDay(from)}` : `Applied: ${formatShortDay(from)} – ${formatShortDay(to)}`;
  if (from) return `Applied: from ${formatShortDay(from)}`;
  return `Applied: until ${formatShortDay(to!)}`;
}

export function filterChips(filters: CandidateFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.location !== 'all') chips.push({ key: 'location', label: `Location: ${locationFilterLabel(filters.location)}` });
  if (filters.status !== null) chips.push({ key: 'status', label: `Stage: ${stageLabel(filters.status)}` });
  const search = filters.search.trim();
  if (search) chips.push({ key: 'search', label: `Search: "${search}"` });
  const { from, to } = filters.dateRange;
  if (from || to) chips.push({ key: 'dateRange', label: dateRangeLabel(from, to) });
  for (const option of EXPERIENCE_FILTER_OPTIONS) {
    if (filters.experience.includes(option.value)) chips.push({ key: `experience:${option.value}`, label: option.label });
  }
  for (const value of new Set(filters.sources)) chips.push({ key: `source:${value}`, label: `Source: ${sourceFilterLabel(value)}` });
  return chips;
}

/** The filters with one chip's filter turned off. */
export function removeFilterChip(filters: CandidateFilters, key: FilterChipKey): CandidateFilters {
  switch (key) {
    case 'location':
      return { ...filters, location: 'all' };
    case 'status':
      return { ...filters, status: null };
    case 'search':
      return { ...filters, search: '' };
    case 'dateRange':
      return { ...filters, dateRange: { from: null, to: null } };
    default: {
      if (key.startsWith('experience:')) {
        const value = key.slice('experience:'.length);
        return { ...filters, experience: filters.experience.filter((v) => v !== value) };
      }
      const value = key.slice('source:'.length);
      return { ...filters, sources: filters.sources.filter((v) => v !== value) };
    }
  }
}

/** 'Clear all' on the chips bar. */
export function clearAllFilters(): CandidateFilters {
  return DEFAULT_CANDIDATE_FILTERS;
}

/** 'Showing X of Y candidates'. */
export function showingCandidatesText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} candidates`;
}
