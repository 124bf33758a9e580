/** Pull pages for device-side tests: a server's last page, and writing one as a pull does. */
import type { Candidate } from '@shared/schemas/candidate.schema';
import type { OwnRowConfirmation, PullResponse } from '@shared/sync/protocol.schema';
import type { RepHireDb } from '@/db/database';
import type { CheckedRuns } from '../confirmations';
import { applyPulledPage } from '../pull';
import { rebase } from '../rebase';

/** A pull's last page: these candidates and confirmations, the device's changes included through `includedThrough`. */
export function lastPullPage({
  includedThrough,
  candidates = [],
  confirmed = [],
  cursor = 'c1',
}: {
  includedThrough: number;
  candidates?: Candidate[];
  confirmed?: OwnRowConfirmation[];
  cursor?: string;
}): PullResponse {
  return { cursor, done: true, reset: false, includedThrough, processedThrough: includedThrough, candidates, confirmed, experiences: [], interviewNotes: [], savedViews: [], scheduledInterviews: [], erased: [] };
}

/**
 * Writes a page as the pull does and rebases, like the end of a pull: with the runs the page checked
 * (CheckedRuns), or, `checked: false`, as a rebase that has none (every run's rows looked up).
 */
export async function applyLastPullPage(db: RepHireDb, page: PullResponse, { checked = true }: { checked?: boolean } = {}) {
  const runs: CheckedRuns | undefined = checked ? new Map() : undefined;
  await applyPulledPage(db, page, true, runs);
  return rebase(db, { includedThrough: page.includedThrough, processedThrough: page.processedThrough, cursor: page.cursor, seen: null, checked: runs });
}
