/**
 * The Candidates page's Recruitment Pipeline card: a count per status over every candidate on the
 * device (so a stage button's count is the number of rows its filter shows), plus the unique count
 * (one per trimmed, lower-cased email; candidates without an email each count once). One pass over the
 * index, run once per data change — or, when rows changed in place, adjusted for the changed rows only.
 */
import { StringSet } from '@shared/candidates/string-map';
import type { IndexedCandidate } from '@shared/candidates/candidate-index';
import { CANDIDATE_STATUSES, type CandidateStatus } from '@shared/schemas/candidate.schema';

export interface PipelineSummary {
  total: number;
  unique: number;
  counts: Record<CandidateStatus, number>;
}

export function pipelineSummary(index: readonly IndexedCandidate[]): PipelineSummary {
  const counts = Object.fromEntries(CANDIDATE_STATUSES.map((status) => [status, 0])) as Record<CandidateStatus, number>;
  // A StringSet: the emails are the ones the candidate mirror keeps (string-map.ts). Room for every
  // entry's at once: grown a rebuild at a time, the table would be copied again and again.
  const emails = new StringSet(undefined, undefined, index.length);
  let withoutEmail = 0;
  for (const entry of index) {
    if (Object.hasOwn(counts, entry.status)) counts[entry.status] += 1;
    // entry.email is already lower-cased and trimmed (candidate-index.ts), i.e. normalizeEmail's value.
    if (entry.email) emails.add(entry.email);
    else withoutEmail += 1;
  }
  return { total: index.length, unique: emails.size + withoutEmail, counts };
}

/**
 * The summary after the entries `before` were replaced by `after` (same rows, in place): the status
 * counts move; the unique count stays unless an email changed, in which case it is counted again.
 */
export function pipelineSummaryAfter(
  summary: PipelineSummary,
  before: readonly IndexedCandidate[],
  after: readonly IndexedCandidate[],
  recount: () => PipelineSummary,
): PipelineSummary {
  if (before.some((entry, i) => entry.email !== after[i]!.email)) return recount();
  const counts = { ...summary.counts };
  for (const entry of before) if (Object.hasOwn(counts, entry.status)) counts[entry.status] -= 1;
  for (const entry of after) if (Object.hasOwn(counts, entry.status)) counts[entry.status] += 1;
  return { ...summary, counts };
}
