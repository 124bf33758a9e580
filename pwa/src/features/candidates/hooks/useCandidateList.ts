/**
 * Every candidate on the device, live, for the list screens. Unlike `useCandidates`, a failing read
 * does not throw into the error boundary: the screen gets the error and shows the spec's
 * 'Error loading candidates: …' block in place of the list.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { candidatesRepo, type CandidatesRepo } from '../repo';

export interface CandidateListState {
  /** undefined while loading (or after a failed read). */
  candidates: Candidate[] | undefined;
  error: Error | null;
}

const LOADING: CandidateListState = { candidates: undefined, error: null };

export function useCandidateList(repo: CandidatesRepo = candidatesRepo): CandidateListState {
  return (
    useLiveQuery(async (): Promise<CandidateListState> => {
      try {
        const started = performance.now();
        const candidates = await repo.listCandidates();
        // For profiling (and the table benchmark): how long reading every candidate took.
        performance.measure('candidates:read', { start: started, end: performance.now() });
        return { candidates, error: null };
      } catch (error) {
        return { candidates: undefined, error: error instanceof Error ? error : new Error(String(error ?? '')) };
      }
    }, [repo]) ?? LOADING
  );
}

/** The spec's error text: 'Error loading candidates: {message}' or '… Unknown error'. */
export function loadErrorText(error: Error): string {
  return `Error loading candidates: ${error.message || 'Unknown error'}`;
}
