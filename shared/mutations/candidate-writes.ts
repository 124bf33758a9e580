/**
 * Steps the candidate mutations share: change one candidate by uid through a merge function, with the
 * refusals every side answers the same way.
 */
import { StringSet, type ReadonlyStringSet } from '../candidates/string-map';
import type { Candidate } from '../schemas/candidate.schema';
import type { MergeResult } from '../sync/merge';
import { applied, historyOf, rejected, REFUSALS, type MutationOutcome, type MutationStore, type StoreCandidate } from './store';

export const NOTHING_CREATED: ReadonlyStringSet = new StringSet();

/**
 * Loads the candidate, applies `change`, writes it and what it lost. A deleted candidate's refused
 * values go to its history and the mutation is refused; an erased one keeps nothing.
 */
export async function changeCandidate(
  store: MutationStore,
  uid: string,
  change: (record: StoreCandidate) => MergeResult<Candidate>,
): Promise<MutationOutcome> {
  const [record] = await store.getCandidates([uid]);
  if (!record) return rejected(REFUSALS.notFound);
  if (record.erased) return rejected(REFUSALS.erased);
  const result = change(record);
  store.recordEvents(historyOf(record.uid, result.events));
  if (result.changed) await store.putCandidates([result.record], NOTHING_CREATED);
  if (record.deletedAt) return rejected(REFUSALS.deleted);
  return result.changed ? applied(0, 1, 0) : applied(0, 0, 1);
}
