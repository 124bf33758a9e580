import { describe, expect, it } from 'vitest';
import { clearAllFilters, filterChips, removeFilterChip, showingCandidatesText } from './filter-chips';
import { type CandidateFilters, DEFAULT_CANDIDATE_FILTERS, hasActiveFilters } from './filters';

const everything: CandidateFilters = {
  location: 'international',
  status: 'rejected',
  search: '  ana ',
  dateRange: { from: '2024-01-01', to: '2024-01-31' },
  experience: ['management', 'sales'],
  sources: ['craigslist'],
};

describe('filter chips', () => {
  it('has no chips without active filters', () => {
    expect(filterChips(DEFAULT_CANDIDATE_FILTERS)).toEqual([]);
  });

  it('labels one chip per active filter, in a fixed order', () => {
    expect(filterChips(everything)).toEqual([
      { key: 'location', label: 'Location: International' },
      { key: 'status', label: 'Stage: Turned Down' },
      { key: 'search', label: 'Search: "ana"' },
      { key: 'dateRange', label: 'Applied: Jan 1, 2024 – Jan 31, 2024' },
      { key: 'experience:sales', label: 'Sales Experience' },
      { key: 'experience:management', label: 'Management Experience' },
      { key: 'source:craigslist', label: 'Source: Craigslist' },
    ]);
  });

  it('labels open-ended, single-day and reversed date ranges', () => {
    const label = (from: string | null, to: string | null) =>
      filterChips({ ...DEFAULT_CANDIDATE_FILTERS, dateRange: { from, to } })[0]?.label;
    expect(label('2024-02-01', null)).toBe('Applied: from Feb 1, 2024');
    expect(label(null, '2024-02-01')).toBe('Applied: until Feb 1, 2024');
    expect(label('2024-02-01', '2024-02-01')).toBe('Applied: Feb 1, 2024');
    expect(label('2024-02-09', '2024-02-01')).toBe('Applied: Feb 1, 2024 – Feb 9, 2024');
  });

  it('labels statuses outside the four stages by name', () => {
    expect(filterChips({ ...DEFAULT_CANDIDATE_FILTERS, status: 'offer' })[0]?.label).toBe('Stage: Offer');
  });

  it('removes exactly the filter behind a chip', () => {
    let filters = everything;
    for (const chip of filterChips(everything)) {
      const before = filterChips(filters).length;
      filters = removeFilterChip(filters, chip.key);
      expect(filterChips(filters).map((c) => c.key)).not.toContain(chip.key);
      expect(filterChips(filters)).toHaveLength(before - 1);
    }
    expect(hasActiveFilters(filters)).toBe(false);
  });

  it('clears all', () => {
    expect(clearAllFilters()).toEqual(DEFAULT_CANDIDATE_FILTERS);
    expect(showingCandidatesText(3, 10)).toBe('Showing 3 of 10 candidates');
  });
});
