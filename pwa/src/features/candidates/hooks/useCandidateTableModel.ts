/**
 * The Candidates page's rows, from the device's list, through table-query.ts: the index (all the
 * per-candidate string work), the sort orders and the filter masks are built once per data change and
 * reused, so a sort change is a cached order (built in idle time ahead of the first click), a filter
 * change is one pass over the index, and a page change reads one page. Only the current page's rows
 * reach React; the kanban view alone asks for every filtered row.
 */
import { useEffect, useMemo } from 'react';
import { indexCandidates, type IndexedCandidate } from '@shared/candidates/candidate-index';
import { SORT_COLUMNS } from '@shared/candidates/sort';
import { PACIFIC_TIME_ZONE } from '@shared/format/dates';
import type { Page } from '@shared/list/pagination';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { useCandidatesView } from '../candidates-view-store';
import { pipelineSummary, type PipelineSummary } from '../pipeline-summary';
import { createFilterCache, createSortOrders, readAll, readPage, type SortOrders } from '../table-query';

export interface CandidateTableModel {
  index: IndexedCandidate<Candidate>[];
  /** How many candidates pass the filters. */
  matching: number;
  page: Page<IndexedCandidate<Candidate>>;
  /** Every filtered candidate in sort order; filled only in the kanban view. */
  filtered: IndexedCandidate<Candidate>[];
  summary: PipelineSummary;
}

const EMPTY: Candidate[] = [];
const NONE: IndexedCandidate<Candidate>[] = [];

/** Builds every column's sort ranks in idle time, one column per idle slot, so the first header click is quick. */
function useWarmSortOrders(orders: SortOrders) {
  useEffect(() => {
    const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 50));
    const cancel = globalThis.cancelIdleCallback ?? clearTimeout;
    const columns = SORT_COLUMNS.map((c) => c.column);
    let handle: number | ReturnType<typeof setTimeout>;
    const next = () => {
      const column = columns.shift();
      if (!column) return;
      orders.warm(column);
      handle = idle(next);
    };
    handle = idle(next);
    return () => cancel(handle as number);
  }, [orders]);
}

export function useCandidateTableModel(candidates: readonly Candidate[] | undefined): CandidateTableModel {
  const list = candidates ?? EMPTY;
  const filters = useCandidatesView((state) => state.filters);
  const sort = useCandidatesView((state) => state.sort);
  const pageNumber = useCandidatesView((state) => state.page);
  const pageSize = useCandidatesView((state) => state.pageSize);
  const kanban = useCandidatesView((state) => state.view === 'kanban');

  const index = useMemo(() => {
    const started = performance.now();
    const built = indexCandidates(list);
    performance.measure('candidates:index', { start: started, end: performance.now() });
    return built;
  }, [list]);
  const summary = useMemo(() => pipelineSummary(index), [index]);
  const orders = useMemo(() => createSortOrders(index), [index]);
  useWarmSortOrders(orders);
  // The table shows dates in Pacific time, so a picked day means that day as the table shows it.
  const filterCache = useMemo(() => createFilterCache(index, PACIFIC_TIME_ZONE), [index]);
  const order = useMemo(() => orders.order(sort.column, sort.direction), [orders, sort]);
  const match = useMemo(() => filterCache.match(filters), [filterCache, filters]);
  const page = useMemo(() => readPage(index, order, match, pageNumber, pageSize), [index, order, match, pageNumber, pageSize]);
  const filtered = useMemo(() => (kanban ? readAll(index, order, match) : NONE), [kanban, index, order, match]);
  return { index, matching: match.count, page, filtered, summary };
}
