import { filterChips, showingCandidatesText } from '@shared/candidates/filter-chips';
import { CloseIcon } from '@/ui/icons';
import { useCandidatesView } from '../../candidates-view-store';

/** One removable chip per active filter, Clear all, and 'Showing X of Y candidates'. */
export function FilterChipsBar({ shown, total }: { shown: number; total: number }) {
  const filters = useCandidatesView((state) => state.filters);
  const removeChip = useCandidatesView((state) => state.removeChip);
  const clearFilters = useCandidatesView((state) => state.clearFilters);
  const chips = filterChips(filters);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {chips.length > 0 && (
        <>
          <ul aria-label="Active filters" className="flex flex-wrap gap-2">
            {chips.map((chip) => (
              <li key={chip.key} className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-3 text-secondary-foreground">
                {chip.label}
                <button
                  type="button"
                  onClick={() => removeChip(chip.key)}
                  aria-label={`Remove filter ${chip.label}`}
                  className="rounded-full p-0.5 hover:bg-background/60"
                >
                  <CloseIcon className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" onClick={clearFilters} className="text-primary underline-offset-4 hover:underline">
            Clear all
          </button>
        </>
      )}
      <p className="ml-auto text-muted-foreground" aria-live="polite">
        {showingCandidatesText(shown, total)}
      </p>
    </div>
  );
}
