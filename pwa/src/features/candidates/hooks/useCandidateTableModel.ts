/**
 * The Candidates page's rows, from the device's list (candidate-list.ts) through table-query.ts: the
 * index entries, sort orders and filter masks come with the list and are kept or carried over from one
 * change to the next, so a sort change is a cached order (built in idle time ahead of the first click),
 * a filter change is one pass over the index, and a page change reads one page. Only the current
 * page's rows reach React; the kanban view alone asks for every filtered row.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { SORT_COLUMNS } from '@shared/candidates/sort';
import { PACIFIC_TIME_ZONE } from '@shared/format/dates';
import type { Page } from '@shared/list/pagination';
import type { CandidateListSnapshot, Entry } from '../candidate-snapshot';
import { useCandidatesView } from '../candidates-view-store';
import type { PipelineSummary } from '../pipeline-summary';
import { readAll, readPage, type SortOrders } from '../table-query';

export interface CandidateTableModel {
  index: readonly Entry[];
  /** How many candidates pass the filters. */
  matching: number;
  page: Page<Entry>;
  /** Every filtered candidate in sort order; filled only in the kanban view. */
  filtered: Entry[];
  /** Every filtered candidate in sort order, read when asked (select all matching, export). */
  readMatching: () => Entry[];
  /** Every candidate on the device in the table's sort order, filters aside (exporting a selection). */
  readInOrder: () => Entry[];
  summary: PipelineSummary;
}

const NONE: Entry[] = [];
/** Rows that keep changing (an import's chunks) are not worth sorting ahead: wait for a quiet second. */
const WARM_AFTER_MS = 1000;

/** Builds every column's sort ranks in idle time, one column per idle slot, so the first header click is quick. */
function useWarmSortOrders(orders: SortOrders) {
  useEffect(() => {
    const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 50));
    const cancelIdle = globalThis.cancelIdleCallback ?? clearTimeout;
    const columns = SORT_COLUMNS.map((c) => c.column);
    let handle: number | ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      const column = columns.shift();
      if (!column) return;
      orders.warm(column);
      handle = idle(next);
    };
    const delay = setTimeout(() => (handle = idle(next)), WARM_AFTER_MS);
    return () => {
      clearTimeout(delay);
      if (handle !== undefined) cancelIdle(handle as number);
    };
  }, [orders]);
}

export function useCandidateTableModel(list: CandidateListSnapshot): CandidateTableModel {
  const filters = useCandidatesView((state) => state.filters);
  const sort = useCandidatesView((state) => state.sort);
  const pageNumber = useCandidatesView((state) => state.page);
  const pageSize = useCandidatesView((state) => state.pageSize);
  const kanban = useCandidatesView((state) => state.view === 'kanban');

  const { entries: index, orders } = list;
  const summary = list.summary;
  useWarmSortOrders(orders);
  // The table shows dates in Pacific time, so a picked day means that day as the table shows it.
  const filterCache = list.filterCache(PACIFIC_TIME_ZONE);
  const order = useMemo(() => orders.order(sort.column, sort.direction), [orders, sort]);
  const match = useMemo(() => filterCache.match(filters), [filterCache, filters]);
  const page = useMemo(() => readPage(index, order, match, pageNumber, pageSize), [index, order, match, pageNumber, pageSize]);
  const filtered = useMemo(() => (kanban ? readAll(index, order, match) : NONE), [kanban, index, order, match]);
  const readMatching = useCallback(() => readAll(index, order, match), [index, order, match]);
  const readInOrder = useCallback(() => readAll(index, order, { mask: null, count: index.length }), [index, order]);
  return { index, matching: match.count, page, filtered, readMatching, readInOrder, summary };
}
