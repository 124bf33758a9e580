import { afterEach, describe, expect, it } from 'vitest';
import { useCandidatesView } from './candidates-view-store';

const state = () => useCandidatesView.getState();
afterEach(() => state().reset());

describe('candidates view state', () => {
  it('sorts by appliedDate descending by default; a header toggles, a new column starts ascending', () => {
    expect(state().sort).toEqual({ column: 'appliedDate', direction: 'desc' });
    state().sortBy('name');
    expect(state().sort).toEqual({ column: 'name', direction: 'asc' });
    state().sortBy('name');
    expect(state().sort).toEqual({ column: 'name', direction: 'desc' });
  });

  it('goes back to page 1 whenever the rows change, but not for a page change', () => {
    const onPage = (change: () => void) => {
      state().setPage(4);
      change();
      return state().page;
    };
    expect(onPage(() => state().sortBy('email'))).toBe(1);
    expect(onPage(() => state().updateFilters((f) => ({ ...f, status: 'hired' })))).toBe(1);
    expect(onPage(() => state().setPageSize(50))).toBe(1);
    expect(onPage(() => state().commitSearch('ann'))).toBe(1);
    expect(onPage(() => state().commitSearch('ann'))).toBe(4); // same text: nothing changed
    expect(onPage(() => state().setView('kanban'))).toBe(4);
  });

  it('removes one chip at a time and clears everything', () => {
    state().setSearchText('ann');
    state().commitSearch('ann');
    state().updateFilters((f) => ({ ...f, location: 'us', sources: ['csv', 'craigslist'] }));
    state().removeChip('source:csv');
    expect(state().filters.sources).toEqual(['craigslist']);
    state().removeChip('search');
    expect([state().filters.search, state().searchText]).toEqual(['', '']);
    expect(state().filters.location).toBe('us');
    state().clearFilters();
    expect(state().filters).toMatchObject({ location: 'all', status: null, sources: [], experience: [] });
  });
});
