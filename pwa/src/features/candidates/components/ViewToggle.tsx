import { memo } from 'react';
import { ColumnsIcon, ListIcon } from '@/ui/action-icons';
import { cn } from '@/ui/cn';
import { useCandidatesView, type CandidatesView } from '../candidates-view-store';

const VIEWS: Array<{ view: CandidatesView; label: string; Icon: typeof ListIcon }> = [
  { view: 'table', label: 'Table', Icon: ListIcon },
  { view: 'kanban', label: 'Kanban', Icon: ColumnsIcon },
];

/** Table or kanban view: two toggle buttons (aria-pressed). */
function ViewToggleView() {
  const current = useCandidatesView((state) => state.view);
  const setView = useCandidatesView((state) => state.setView);
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-md border p-0.5">
      {VIEWS.map(({ view, label, Icon }) => (
        <button
          key={view}
          type="button"
          aria-pressed={current === view}
          onClick={() => setView(view)}
          className={cn(
            'inline-flex h-8 items-center gap-1.5 rounded px-3 text-sm font-medium',
            current === view ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-accent',
          )}
        >
          <Icon className="size-4" /> {label}
        </button>
      ))}
    </div>
  );
}

// Memoised: the page re-renders on each sort, filter or page change; this only when its props or store slice change.
export const ViewToggle = memo(ViewToggleView);
