/**
 * The dashboard's figures for the candidate list. Up to one slice of candidates they are computed at
 * once; a larger list is tallied a slice at a time, the figures before staying on screen meanwhile: a
 * sync writing a page of rows every half second into 200,000 candidates made each recount one task of
 * 400–800 ms with the dashboard open. A newer list drops a tally still running.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  SUMMARY_SLICE_ENTRIES,
  dashboardSummaryOfNewestFirst,
  dashboardSummaryOfNewestFirstInSlices,
  type DashboardSummary,
} from '@shared/candidates/stats';
import type { Candidate } from '@shared/schemas/candidate.schema';
import type { CandidateListSnapshot } from '@/features/candidates/candidate-snapshot';
import { yieldInTurn } from '@/lib/yield-to-main';

export interface SlicingOptions {
  sliceEntries?: number;
  /** Between slices: the page's turn. */
  pause?: () => Promise<void>;
}

export function useDashboardSummary(
  list: CandidateListSnapshot,
  { sliceEntries = SUMMARY_SLICE_ENTRIES, pause = yieldInTurn }: SlicingOptions = {},
): DashboardSummary<Candidate> | null {
  const ready = list.status === 'ready';
  const small = ready && list.entries.length <= sliceEntries;
  const atOnce = useMemo(() => (small ? dashboardSummaryOfNewestFirst(list.newestFirst) : null), [list, small]);
  const [sliced, setSliced] = useState<{ of: CandidateListSnapshot; summary: DashboardSummary<Candidate> } | null>(null);
  /** The figures on screen: they stay while a larger list's are tallied. */
  const shown = useRef<DashboardSummary<Candidate> | null>(null);
  useEffect(() => {
    if (!ready || small) return;
    let stale = false;
    void dashboardSummaryOfNewestFirstInSlices(list.newestFirst, pause, () => stale, sliceEntries).then((summary) => {
      if (summary) setSliced({ of: list, summary });
    });
    return () => {
      stale = true;
    };
  }, [list, ready, small, pause, sliceEntries]);
  if (!ready) return null;
  const current = atOnce ?? (sliced?.of === list ? sliced.summary : null);
  if (current) shown.current = current;
  return shown.current;
}
