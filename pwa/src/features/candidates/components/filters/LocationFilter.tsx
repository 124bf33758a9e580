import { memo } from 'react';
import { LOCATION_FILTER_OPTIONS, type LocationFilter as Location } from '@shared/candidates/location-filter';
import { Select } from '@/ui/Select';
import { useCandidatesView } from '../../candidates-view-store';

/** All Locations, United States, International (classified by phone number, spec section 5). */
function LocationFilterView() {
  const location = useCandidatesView((state) => state.filters.location);
  const updateFilters = useCandidatesView((state) => state.updateFilters);
  return (
    <Select<Location>
      aria-label="Location"
      value={location}
      onChange={(value) => updateFilters((filters) => ({ ...filters, location: value }))}
      options={LOCATION_FILTER_OPTIONS}
      className="w-44"
    />
  );
}

// Memoised: the page re-renders on each sort, filter or page change; this only when its props or store slice change.
export const LocationFilter = memo(LocationFilterView);
