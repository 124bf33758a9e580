/** Live reads of one candidate on this device (thin wrappers: the queries live in the repo). */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Candidate, Experience } from '@shared/schemas/candidate.schema';
import { candidatesRepo, type CandidatesRepo } from '../repo';

/** One candidate; undefined while loading, null when there is none (or it was deleted). */
export function useCandidate(uid: string | null | undefined, repo: CandidatesRepo = candidatesRepo): Candidate | null | undefined {
  return useLiveQuery(async () => (uid ? ((await repo.getCandidate(uid)) ?? null) : null), [uid, repo]);
}

export function useExperiences(candidateUid: string, repo: CandidatesRepo = candidatesRepo): Experience[] | undefined {
  return useLiveQuery(() => repo.experiencesFor(candidateUid), [candidateUid, repo]);
}
