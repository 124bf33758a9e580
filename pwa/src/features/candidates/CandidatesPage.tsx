/**
 * Candidates Management (spec section 2). Everything here reads the device database and writes through
 * the repo, so the page works offline; while it is open the sync engine polls every 5 s, so
 * integration arrivals show up (with the new-arrival toast) soon after they reach the server.
 */
import { useCallback, useRef, useState } from 'react';
import { hasActiveFilters } from '@shared/candidates/filters';
import { useFastPolling } from '@/features/sync/useFastPolling';
import { Pagination } from '@/ui/Pagination';
import { Spinner } from '@/ui/Spinner';
import { useCandidatesView } from './candidates-view-store';
import { AddCandidateDialog } from './components/AddCandidateDialog';
import { CandidatesHeader } from './components/CandidatesHeader';
import { DebugPanel } from './components/DebugPanel';
import { ExportMenu } from './components/ExportMenu';
import { CandidateDetailDialog } from './components/detail/CandidateDetailDialog';
import { ScheduleInterviewHost } from '@/features/interviews/schedule/ScheduleInterviewHost';
import { DateRangeFilter } from './components/filters/DateRangeFilter';
import { FilterChipsBar } from './components/filters/FilterChipsBar';
import { LocationFilter } from './components/filters/LocationFilter';
import { MoreFiltersPopover } from './components/filters/MoreFiltersPopover';
import { SearchBox } from './components/filters/SearchBox';
import { KanbanBoard } from './components/kanban/KanbanBoard';
import { PipelineCard } from './components/PipelineCard';
import { SelectionBar } from './components/SelectionBar';
import { SavedViewsBar } from './saved-views/SavedViewsBar';
import { RecentImports } from '@/features/import/RecentImports';
import { CandidateCards } from './components/table/CandidateCards';
import { CandidatesTable, NO_CANDIDATES_ROW, NO_MATCHES_ROW } from './components/table/CandidatesTable';
import { useMediaQuery } from '@/ui/useMediaQuery';
import { ViewToggle } from './components/ViewToggle';
import { loadErrorText, useCandidateList } from './hooks/useCandidateList';
import { useCandidateTableModel } from './hooks/useCandidateTableModel';
import { useNewArrivalToast } from './hooks/useNewArrivalToast';
import { useCandidateSelection } from './selection-store';

export const NO_CANDIDATES_NOTICE = 'No candidates found. Try importing some using the CSV upload button.';
export const NO_MATCHES_NOTICE = 'No candidates match your current filters. Try adjusting or clearing filters.';

export function CandidatesPage() {
  useFastPolling();
  const list = useCandidateList();
  const model = useCandidateTableModel(list);
  const { error } = list;
  useNewArrivalToast();
  const filters = useCandidatesView((state) => state.filters);
  const view = useCandidatesView((state) => state.view);
  const debugOpen = useCandidatesView((state) => state.debugOpen);
  const setPage = useCandidatesView((state) => state.setPage);
  const setPageSize = useCandidatesView((state) => state.setPageSize);
  const [openUid, setOpenUid] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const closeDetail = useCallback(() => setOpenUid(null), []);
  const openAdd = useCallback(() => setAdding(true), []);
  const closeAdd = useCallback(() => setAdding(false), []);
  const selected = useCandidateSelection((state) => state.selected);
  // Below Tailwind's `sm` (a phone), the table turns into cards.
  const phone = useMediaQuery('(max-width: 639px)');
  // The page's uids in order, read by the row callbacks when called: they stay the same functions, so
  // the memoised rows do not re-render on every page change.
  const pageUids = useRef<string[]>([]);
  pageUids.current = model.page.items.map((entry) => entry.candidate.uid);
  const onSelect = useCallback((uid: string, range: boolean) => {
    const selection = useCandidateSelection.getState();
    if (range) selection.toggleRange(uid, pageUids.current);
    else selection.toggle(uid);
  }, []);
  const onSelectPage = useCallback((on: boolean) => useCandidateSelection.getState().setMany(pageUids.current, on), []);
  const openExisting = useCallback((uid: string) => {
    setAdding(false);
    setOpenUid(uid);
  }, []);

  const loading = list.status === 'loading';
  const total = model.index.length;
  const notice = !loading && !error && (total === 0 ? NO_CANDIDATES_NOTICE : model.matching === 0 && hasActiveFilters(filters) ? NO_MATCHES_NOTICE : null);

  return (
    <section className="grid min-w-0 grid-cols-1 gap-5">
      <CandidatesHeader onAdd={openAdd} />
      {debugOpen && <DebugPanel candidates={list.candidates} onOpen={setOpenUid} />}
      {error ? (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-destructive">
          {loadErrorText(error)}
        </div>
      ) : (
        <>
          <PipelineCard summary={model.summary} />
          <SavedViewsBar />
          <RecentImports />
          <div className="flex flex-wrap items-center gap-2">
            <SearchBox />
            <LocationFilter />
            <DateRangeFilter />
            <MoreFiltersPopover index={model.index} />
            <ViewToggle />
            <ExportMenu read={model.readMatching} label="Export" what={hasActiveFilters(filters) ? 'the filtered list' : 'every candidate'} />
          </div>
          <FilterChipsBar shown={model.matching} total={total} />
          {notice && (
            <p role="status" className="rounded-lg border bg-muted/40 p-4 text-sm text-muted-foreground">
              {notice}
            </p>
          )}
          {loading ? (
            <div className="flex justify-center py-16">
              <Spinner size="lg" label="Loading candidates..." />
            </div>
          ) : view === 'table' ? (
            <div className="grid gap-3">
              <SelectionBar index={model.index} matching={model.matching} readMatching={model.readMatching} readInOrder={model.readInOrder} />
              {phone ? (
                <CandidateCards
                  rows={model.page.items}
                  emptyText={total > 0 ? NO_MATCHES_ROW : NO_CANDIDATES_ROW}
                  onOpen={setOpenUid}
                  selected={selected}
                  onSelect={onSelect}
                />
              ) : (
                <CandidatesTable
                  rows={model.page.items}
                  hasCandidates={total > 0}
                  onOpen={setOpenUid}
                  selected={selected}
                  onSelect={onSelect}
                  onSelectPage={onSelectPage}
                />
              )}
              <Pagination page={model.page} onPageChange={setPage} onPageSizeChange={setPageSize} label="Candidates pages" />
            </div>
          ) : (
            <KanbanBoard entries={model.filtered} onOpen={setOpenUid} />
          )}
        </>
      )}
      <CandidateDetailDialog uid={openUid} onClose={closeDetail} />
      <AddCandidateDialog open={adding} onClose={closeAdd} onOpenExisting={openExisting} />
      <ScheduleInterviewHost />
    </section>
  );
}
