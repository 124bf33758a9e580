/**
 * The dashboard's figures for the candidate list. Up to one slice of candidates they are computed at
 * once; a larger list is tallied a slice at a time, the figures before staying on screen meanwhile: a
 * sync writing a page of rows every half second into 200,000 candidates made each recount one task of
 * 400–800 ms with the dashboard open. A newer list drops a tally still running. A list that only
 * changed rows of the one tallied in place, none of them moving in the tally (dashboardSummaryAfter:
 * a sync giving rows their server ids), takes those figures over without a tally.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  SUMMARY_SLICE_ENTRIES,
  dashboardSummaryAfter,
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

interface Tallied {
  of: CandidateListSnapshot;
  summary: DashboardSummary<Candidate>;
}

export function useDashboardSummary(
  list: CandidateListSnapshot,
  { sliceEntries = SUMMARY_SLICE_ENTRIES, pause = yieldInTurn }: SlicingOptions = {},
): DashboardSummary<Candidate> | null {
  const ready = list.status === 'ready';
  const small = ready && list.entries.length <= sliceEntries;
  const atOnce = useMemo(() => (small ? dashboardSummaryOfNewestFirst(list.newestFirst) : null), [list, small]);
  const [sliced, setSliced] = useState<Tallied | null>(null);
  /** The last tally, for the effect to carry over (it runs on a new list, not on a new tally). */
  const lastTallied = useRef<Tallied | null>(null);
  const tallied = (value: Tallied) => {
    lastTallied.current = value;
    setSliced(value);
  };
  /** The figures on screen: they stay while a larger list's are tallied. */
  const shown = useRef<DashboardSummary<Candidate> | null>(null);
  useEffect(() => {
    if (!ready || small) return;
    const last = lastTallied.current;
    const changes = last && list.inPlaceChangesSince(last.of);
    const carried = changes && dashboardSummaryAfter(last.summary, changes.before, changes.after);
    if (carried) {
      tallied({ of: list, summary: carried });
      return;
    }
    let stale = false;
    void dashboardSummaryOfNewestFirstInSlices(list.newestFirst, pause, () => stale, sliceEntries).then((summary) => {
      if (summary) tallied({ of: list, summary });
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
