import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { defaultViewOf, readViewState, type SavedView } from '@shared/schemas/saved-view.schema';
import { Button } from '@/ui/Button';
import { useCandidatesView, viewStateOf } from '../candidates-view-store';
import { ManageViewsDialog } from './ManageViewsDialog';
import { SaveViewDialog } from './SaveViewDialog';
import { savedViewsRepo } from './saved-views-repo';

/** A view's state as comparable text (read the same way whichever app saved it). */
const stateText = (state: unknown) => JSON.stringify(readViewState(state));

/**
 * The user's saved views above the table: a chip per view (pressing it applies the view's filters, sort
 * and page size; the chip of the view the page is showing is pressed), Save view and Manage views. The
 * default view is applied once, when the page first opens after the app starts.
 */
export function SavedViewsBar() {
  const views = useLiveQuery(() => savedViewsRepo.listViews(), []);
  const current = useCandidatesView((state) => stateText(viewStateOf(state)));
  const opened = useCandidatesView((state) => state.opened);
  const markOpened = useCandidatesView((state) => state.markOpened);
  const applyViewState = useCandidatesView((state) => state.applyViewState);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);

  useEffect(() => {
    if (opened || views === undefined) return;
    markOpened();
    const fallback = defaultViewOf(views);
    if (fallback) applyViewState(readViewState(fallback.state));
  }, [views, opened, markOpened, applyViewState]);

  const list = views ?? [];
  const defaultUid = defaultViewOf(list)?.uid;
  const apply = (view: SavedView) => applyViewState(readViewState(view.state));

  return (
    <nav aria-label="Saved views" className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
      {list.length > 0 && (
        <ul className="flex min-w-0 flex-wrap gap-2">
          {list.map((view) => (
            <li key={view.uid} className="min-w-0">
              <button
                type="button"
                aria-pressed={stateText(view.state) === current}
                onClick={() => apply(view)}
                className="max-w-full truncate rounded-full border px-3 py-1 hover:bg-accent aria-pressed:border-primary aria-pressed:bg-primary/10 aria-pressed:text-primary"
              >
                {view.name}
                {view.uid === defaultUid && <span className="text-muted-foreground"> (default)</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" size="sm" onClick={() => setDialog('save')}>
        Save view
      </Button>
      {list.length > 0 && (
        <Button variant="ghost" size="sm" onClick={() => setDialog('manage')}>
          Manage views
        </Button>
      )}
      {dialog === 'save' && <SaveViewDialog onClose={() => setDialog(null)} />}
      {dialog === 'manage' && <ManageViewsDialog views={list} defaultUid={defaultUid} onClose={() => setDialog(null)} />}
    </nav>
  );
}
