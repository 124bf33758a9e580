/**
 * How the Candidates Management page is looking at the list (UI state only; the candidates themselves
 * live in IndexedDB): filters, the search box's text, sort, page, page size, table or kanban view and
 * the debug panel. Kept in a store rather than in the page so leaving the page and coming back keeps
 * the recruiter's place. Every change that alters the set or order of rows goes back to page 1.
 */
import { create } from 'zustand';
import { clearAllFilters, removeFilterChip, type FilterChipKey } from '@shared/candidates/filter-chips';
import { DEFAULT_CANDIDATE_FILTERS, type CandidateFilters } from '@shared/candidates/filters';
import { DEFAULT_SORT, nextSort, type SortColumn, type SortState } from '@shared/candidates/sort';
import { DEFAULT_PAGE_SIZE } from '@shared/list/pagination';
import type { SavedViewState } from '@shared/schemas/saved-view.schema';

export type CandidatesView = 'table' | 'kanban';

export interface CandidatesViewState {
  filters: CandidateFilters;
  /** What is typed in the search box; copied into `filters.search` after the debounce. */
  searchText: string;
  sort: SortState;
  page: number;
  pageSize: number;
  view: CandidatesView;
  debugOpen: boolean;
  /** Whether the page has been opened since the app started (the default saved view applies once). */
  opened: boolean;
  updateFilters(update: (filters: CandidateFilters) => CandidateFilters): void;
  setSearchText(text: string): void;
  /** The debounced search text reaches the filters. */
  commitSearch(text: string): void;
  removeChip(key: FilterChipKey): void;
  clearFilters(): void;
  sortBy(column: SortColumn): void;
  setPage(page: number): void;
  setPageSize(size: number): void;
  setView(view: CandidatesView): void;
  toggleDebug(): void;
  /** A saved view's filters, sort and page size, from page 1. */
  applyViewState(state: SavedViewState): void;
  markOpened(): void;
  reset(): void;
}

const initial = {
  filters: DEFAULT_CANDIDATE_FILTERS,
  searchText: '',
  sort: DEFAULT_SORT,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  view: 'table' as CandidatesView,
  debugOpen: false,
  opened: false,
};

/** The part of the page's state a saved view keeps. */
export function viewStateOf(state: Pick<CandidatesViewState, 'filters' | 'sort' | 'pageSize'>): SavedViewState {
  return { filters: state.filters, sort: state.sort, pageSize: state.pageSize };
}

export const useCandidatesView = create<CandidatesViewState>((set, get) => ({
  ...initial,
  updateFilters: (update) => set({ filters: update(get().filters), page: 1 }),
  setSearchText: (searchText) => set({ searchText }),
  commitSearch(text) {
    if (get().filters.search === text) return;
    set({ filters: { ...get().filters, search: text }, page: 1 });
  },
  removeChip(key) {
    set({ filters: removeFilterChip(get().filters, key), page: 1, ...(key === 'search' ? { searchText: '' } : {}) });
  },
  clearFilters: () => set({ filters: clearAllFilters(), searchText: '', page: 1 }),
  sortBy: (column) => set({ sort: nextSort(get().sort, column), page: 1 }),
  setPage: (page) => set({ page }),
  setPageSize: (pageSize) => set({ pageSize, page: 1 }),
  setView: (view) => set({ view }),
  toggleDebug: () => set({ debugOpen: !get().debugOpen }),
  applyViewState: ({ filters, sort, pageSize }) => set({ filters, searchText: filters.search, sort, pageSize, page: 1 }),
  markOpened: () => set({ opened: true }),
  reset: () => set(initial),
}));
