import { memo, useEffect } from 'react';
import { Input } from '@/ui/Input';
import { SearchIcon } from '@/ui/icons';
import { useCandidatesView } from '../../candidates-view-store';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';

export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_APPLIED_MARK = 'candidates:search-applied';

/** Search over name, email or phone; the typed text reaches the filters 500 ms after typing stops. */
function SearchBoxView() {
  const text = useCandidatesView((state) => state.searchText);
  const setText = useCandidatesView((state) => state.setSearchText);
  const commit = useCandidatesView((state) => state.commitSearch);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    // A mark for profiling (and the table benchmark): the moment the typed text becomes a filter.
    if (useCandidatesView.getState().filters.search !== debounced) performance.mark(SEARCH_APPLIED_MARK);
    commit(debounced);
  }, [debounced, commit]);

  return (
    <div className="relative min-w-0 flex-1 basis-72">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search name, email or phone..."
        aria-label="Search candidates by name, email or phone"
        className="pl-9"
      />
    </div>
  );
}

// Memoised: the page re-renders on each sort, filter or page change; this only when its props or store slice change.
export const SearchBox = memo(SearchBoxView);
