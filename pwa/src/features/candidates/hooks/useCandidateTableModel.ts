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
/**
 * Entries a column's ranks read per idle slot. Built at once, a text column of 100,000 candidates was
 * a task of 200–290 ms on a 2-core machine (table-query.ts: stringRankSteps); 10,000 are a tenth.
 */
const WARM_SLICE_ROWS = 10_000;

/**
 * Builds every column's sort ranks in idle time, a slice of entries per idle slot, so the first header
 * click is quick and no slot holds the page long. Stops when the orders change (a new list) or the
 * page goes.
 */
function useWarmSortOrders(orders: SortOrders) {
  useEffect(() => {
    const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 50));
    const cancelIdle = globalThis.cancelIdleCallback ?? clearTimeout;
    let handle: number | ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // Never settles once stopped: the warming is left where it is, and collected.
    const pause = () => new Promise<void>((resolve) => void (handle = idle(() => !stopped && resolve())));
    const warm = async () => {
      for (const { column } of SORT_COLUMNS) {
        await pause();
        await orders.warmInSlices(column, WARM_SLICE_ROWS, pause);
      }
    };
    const delay = setTimeout(() => void warm(), WARM_AFTER_MS);
    return () => {
      stopped = true;
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
