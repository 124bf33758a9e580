/**
 * Every candidate on the device, live, for the list screens: the shared in-memory list
 * (candidate-list.ts), which follows each committed write without re-reading the table. A failing
 * read does not throw into the error boundary: the screen gets the error and shows the spec's
 * 'Error loading candidates: …' block in place of the list.
 */
import { useSyncExternalStore } from 'react';
import type { CandidateListSnapshot } from '../candidate-snapshot';
import { candidateList, type CandidateList } from '../candidate-list';

export function useCandidateList(list: CandidateList = candidateList): CandidateListSnapshot {
  return useSyncExternalStore(list.subscribe, list.getSnapshot);
}

/** The spec's error text: 'Error loading candidates: {message}' or '… Unknown error'. */
export function loadErrorText(error: Error): string {
  return `Error loading candidates: ${error.message || 'Unknown error'}`;
}
