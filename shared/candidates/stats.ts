/**
 * Dashboard figures (spec section 2, Dashboard; section 9: percentages to 1 decimal). The dashboard
 * works on candidates deduplicated by email (`dashboardSummary` does that first); the lower-level
 * functions count whatever list they are given, so the Candidates page can reuse them for its stage
 * buttons.
 */
import { CANDIDATE_STATUSES, type CandidateStatus, IN_PROGRESS_STATUSES } from '../schemas/candidate.schema';
import type { IndexedCandidate } from './candidate-index';
import { appliedTime, type CandidateView, compareTimesDescending } from './candidate-view';
import { dedupeByEmail } from './dedup';
import { capitalizeStatus } from './status-labels';
import { StringSet } from './string-map';

export const RECENT_CANDIDATES_LIMIT = 5;

export interface CandidateCounts {
  total: number;
  hired: number;
  /** new, screening, interview, assessment or offer. */
  inProgress: number;
  rejected: number;
}

/** Count per status; every status is present (0 when none). Unknown statuses are not counted. */
export function statusCounts(candidates: readonly Pick<CandidateView, 'status'>[]): Record<CandidateStatus, number> {
  const counts = Object.fromEntries(CANDIDATE_STATUSES.map((status) => [status, 0])) as Record<CandidateStatus, number>;
  for (const { status } of candidates) {
    if (Object.hasOwn(counts, status)) counts[status] += 1;
  }
  return counts;
}

export function candidateCounts(candidates: readonly Pick<CandidateView, 'status'>[]): CandidateCounts {
  const counts = statusCounts(candidates);
  return {
    total: candidates.length,
    hired: counts.hired,
    inProgress: IN_PROGRESS_STATUSES.reduce((sum, status) => sum + counts[status], 0),
    rejected: counts.rejected,
  };
}

/** A share as a percentage rounded to one decimal (0 when the total is 0). */
export function percentOf(count: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.round((count / total) * 1000) / 10;
}

/** '33.3%'. */
export function formatPercent(count: number, total: number): string {
  return `${percentOf(count, total).toFixed(1)}%`;
}

export interface PipelineStage {
  status: CandidateStatus;
  label: string;
  count: number;
  /** 0–100, one decimal: the bar width. */
  percent: number;
  /** '33.3%'. */
  percentLabel: string;
}

/** One entry per status, in pipeline order. */
export function pipelineStages(candidates: readonly Pick<CandidateView, 'status'>[]): PipelineStage[] {
  const counts = statusCounts(candidates);
  const total = candidates.length;
  return CANDIDATE_STATUSES.map((status) => ({
    status,
    label: capitalizeStatus(status),
    count: counts[status],
    percent: percentOf(counts[status], total),
    percentLabel: formatPercent(counts[status], total),
  }));
}

/**
 * The `limit` newest candidates by appliedDate, newest first, in one pass (no full sort of a large
 * list). Ties keep list order; candidates with broken dates come after all dated ones.
 */
export function recentCandidates<C extends Pick<CandidateView, 'appliedDate'>>(
  candidates: readonly C[],
  limit: number = RECENT_CANDIDATES_LIMIT,
): C[] {
  const top: Array<{ candidate: C; time: number }> = [];
  if (limit <= 0) return [];
  for (const candidate of candidates) {
    const time = appliedTime(candidate);
    if (top.length === limit && compareTimesDescending(time, top[top.length - 1]!.time) >= 0) continue;
    let at = top.length;
    while (at > 0 && compareTimesDescending(time, top[at - 1]!.time) < 0) at -= 1;
    top.splice(at, 0, { candidate, time });
    if (top.length > limit) top.pop();
  }
  return top.map((entry) => entry.candidate);
}

/** Hired candidates, newest application first (the dialog's Hired Date is the appliedDate). */
export function hiredCandidates<C extends Pick<CandidateView, 'status' | 'appliedDate'>>(candidates: readonly C[]): C[] {
  const hired = candidates.filter((candidate) => candidate.status === 'hired');
  return recentCandidates(hired, hired.length);
}

export interface DashboardSummary<C> {
  counts: CandidateCounts;
  pipeline: PipelineStage[];
  uniqueCount: number;
  duplicatesHidden: number;
  recent: C[];
  hired: C[];
}

/** Everything the dashboard shows, computed over candidates deduplicated by email. */
export function dashboardSummary<C extends CandidateView>(candidates: readonly C[]): DashboardSummary<C> {
  const { unique, duplicatesHidden } = dedupeByEmail(candidates);
  const counts = statusCounts(unique);
  return summaryOf(counts, unique.length, duplicatesHidden, unique.slice(0, RECENT_CANDIDATES_LIMIT), unique.filter((c) => c.status === 'hired'));
}

/** The dashboard's figures over newest-first entries, taken a run at a time (the functions below). */
class NewestFirstTally<C extends CandidateView> {
  private readonly counts = Object.fromEntries(CANDIDATE_STATUSES.map((status) => [status, 0])) as Record<CandidateStatus, number>;
  /**
   * Not a Set: each email looked up in one joins V8's string table for as long as its candidate lives,
   * and this tally sees every candidate's. The dashboard's recounts left a device holding 200,000
   * candidates with an 18 ms walk of that table in every full collection's pause (string-map.ts).
   */
  private readonly seen: StringSet;
  private readonly recent: C[] = [];
  private readonly hired: C[] = [];
  private unique = 0;

  /**
   * `entries`: how many it will be given. Its set of emails has room for them from the start: grown a
   * rebuild at a time, the rebuild from 131,072 to 262,144 emails fell inside one slice of a device
   * holding 300,000 candidates, a task of 71 ms of CPU (bench:import's online run, CPU profile).
   */
  constructor(entries: number) {
    this.seen = new StringSet(undefined, undefined, entries);
  }

  add(newestFirst: readonly IndexedCandidate<C>[], from: number, to: number) {
    for (let i = from; i < to; i += 1) {
      const entry = newestFirst[i]!;
      // entry.email is normalizeEmail's value; no email is never a duplicate (as in dedupeByEmail).
      if (entry.email) {
        if (this.seen.has(entry.email)) continue;
        this.seen.add(entry.email);
      }
      this.unique += 1;
      if (Object.hasOwn(this.counts, entry.status)) this.counts[entry.status] += 1;
      if (this.recent.length < RECENT_CANDIDATES_LIMIT) this.recent.push(entry.candidate);
      if (entry.status === 'hired') this.hired.push(entry.candidate);
    }
  }

  summary(total: number): DashboardSummary<C> {
    return summaryOf(this.counts, this.unique, total - this.unique, this.recent, this.hired);
  }
}

/**
 * The same from index entries already sorted newest first (a list kept in that order), in one pass:
 * no sort, no copy of the list — the dashboard's figures for 100,000 candidates in a few milliseconds.
 */
export function dashboardSummaryOfNewestFirst<C extends CandidateView>(newestFirst: readonly IndexedCandidate<C>[]): DashboardSummary<C> {
  const tally = new NewestFirstTally<C>(newestFirst.length);
  tally.add(newestFirst, 0, newestFirst.length);
  return tally.summary(newestFirst.length);
}

/** Entries tallied between two turns of the page (about 20 ms here). */
export const SUMMARY_SLICE_ENTRIES = 20_000;

/**
 * The same, `sliceEntries` at a time with `pause()` in between, so a large list is never one long task
 * (200,000 rows took 400–800 ms in one, most of it garbage collection); null when `stale()` says the
 * list changed meanwhile (its figures are not wanted any more).
 */
export async function dashboardSummaryOfNewestFirstInSlices<C extends CandidateView>(
  newestFirst: readonly IndexedCandidate<C>[],
  pause: () => Promise<void>,
  stale: () => boolean,
  sliceEntries: number = SUMMARY_SLICE_ENTRIES,
): Promise<DashboardSummary<C> | null> {
  const tally = new NewestFirstTally<C>(newestFirst.length);
  for (let from = 0; from < newestFirst.length; from += sliceEntries) {
    if (from > 0) {
      await pause();
      if (stale()) return null;
    }
    tally.add(newestFirst, from, Math.min(newestFirst.length, from + sliceEntries));
  }
  return tally.summary(newestFirst.length);
}

/**
 * The figures after entries changed in place (`before[i]` became `after[i]`, the same rows): when no
 * change moves a row in the tally — its email, status and applied date as they were — the same figures,
 * the changed candidates shown as they are now; null when one does (tally the list again). A sync
 * giving an import's 100,000 rows their server ids changes 2,000 at a time, each a recount otherwise.
 */
export function dashboardSummaryAfter<C extends CandidateView>(
  summary: DashboardSummary<C>,
  before: readonly IndexedCandidate<C>[],
  after: readonly IndexedCandidate<C>[],
): DashboardSummary<C> | null {
  const now = new Map<C, C>();
  for (let i = 0; i < before.length; i += 1) {
    const [was, is] = [before[i]!, after[i]!];
    if (was.email !== is.email || was.status !== is.status || !Object.is(was.appliedAt.ms, is.appliedAt.ms)) return null;
    now.set(was.candidate, is.candidate);
  }
  const current = (candidate: C) => now.get(candidate) ?? candidate;
  return { ...summary, recent: summary.recent.map(current), hired: summary.hired.map(current) };
}

function summaryOf<C>(counts: Record<CandidateStatus, number>, unique: number, duplicatesHidden: number, recent: C[], hired: C[]): DashboardSummary<C> {
  return {
    counts: {
      total: unique,
      hired: counts.hired,
      inProgress: IN_PROGRESS_STATUSES.reduce((sum, status) => sum + counts[status], 0),
      rejected: counts.rejected,
    },
    pipeline: CANDIDATE_STATUSES.map((status) => ({
      status,
      label: capitalizeStatus(status),
      count: counts[status],
      percent: percentOf(counts[status], unique),
      percentLabel: formatPercent(counts[status], unique),
    })),
    uniqueCount: unique,
    duplicatesHidden,
    recent,
    hired,
  };
}
