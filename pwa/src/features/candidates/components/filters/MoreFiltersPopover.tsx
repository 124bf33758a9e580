import { memo, useMemo, useState } from 'react';
import {
  activeFilterCount,
  EXPERIENCE_FILTER_OPTIONS,
  type ExperienceFilter,
  type SourceFilter,
  sourceFilterOptions,
} from '@shared/candidates/filters';
import { FilterIcon } from '@/ui/action-icons';
import { Button } from '@/ui/Button';
import { Popover } from '@/ui/Popover';
import { useCandidatesView } from '../../candidates-view-store';

type CandidateIndex = Parameters<typeof sourceFilterOptions>[0];

/**
 * More Filters: experience and source checkboxes (the spec's two sources, then those present in the
 * data); the trigger shows how many are on.
 */
function MoreFiltersPopoverView({ index }: { index: CandidateIndex }) {
  const count = useCandidatesView((state) => activeFilterCount(state.filters));
  return (
    <Popover
      trigger={
        <>
          <FilterIcon /> More Filters
          {count > 0 && (
            <span className="ml-1 inline-flex size-5 items-center justify-center rounded-full bg-primary text-xs text-primary-foreground">
              {count}
            </span>
          )}
        </>
      }
      triggerLabel={count > 0 ? `More Filters (${count} active)` : 'More Filters'}
      panelLabel="More Filters"
      panelClassName="w-72"
    >
      {(close) => <MoreFiltersPanel close={close} index={index} />}
    </Popover>
  );
}

function toggle<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

function MoreFiltersPanel({ close, index }: { close: () => void; index: CandidateIndex }) {
  // Worked out while the panel is open only, not on every change of the list.
  const sourceOptions = useMemo(() => sourceFilterOptions(index), [index]);
  const filters = useCandidatesView((state) => state.filters);
  const updateFilters = useCandidatesView((state) => state.updateFilters);
  const [experience, setExperience] = useState<readonly ExperienceFilter[]>(filters.experience);
  const [sources, setSources] = useState<readonly SourceFilter[]>(filters.sources);

  const clearAll = () => {
    setExperience([]);
    setSources([]);
    updateFilters((current) => ({ ...current, experience: [], sources: [] }));
  };
  const apply = () => {
    updateFilters((current) => ({ ...current, experience, sources }));
    close();
  };

  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Experience</legend>
        {EXPERIENCE_FILTER_OPTIONS.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={experience.includes(option.value)}
              onChange={() => setExperience(toggle(experience, option.value))}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Source</legend>
        <div className="grid max-h-48 gap-2 overflow-y-auto">
          {sourceOptions.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={sources.includes(option.value)}
                onChange={() => setSources(toggle(sources, option.value))}
              />
              <span className="min-w-0 flex-1 truncate">{option.label}</span>
              <span aria-hidden="true" className="text-xs text-muted-foreground tabular-nums">
                {option.count}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={clearAll}>
          Clear All
        </Button>
        <Button size="sm" onClick={apply}>
          Apply Filters
        </Button>
      </div>
    </div>
  );
}

// Memoised: the page re-renders on each sort, filter or page change; this only when its props or store slice change.
export const MoreFiltersPopover = memo(MoreFiltersPopoverView);
