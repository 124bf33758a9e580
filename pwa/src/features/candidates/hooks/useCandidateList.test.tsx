// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import type { CandidatesRepo } from '../repo';
import { loadErrorText, useCandidateList, type CandidateListState } from './useCandidateList';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function stateFor(repo: CandidatesRepo): Promise<CandidateListState> {
  let state!: CandidateListState;
  function Probe() {
    state = useCandidateList(repo);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Probe />));
  // The live query answers asynchronously: let it settle inside act.
  for (let i = 0; i < 50 && state.candidates === undefined && state.error === null; i += 1) {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  await act(async () => root.unmount());
  return state;
}

it('hands a failed read to the screen instead of throwing, with the spec text', async () => {
  const state = await stateFor({ listCandidates: async () => Promise.reject(new Error('QuotaExceededError')) } as unknown as CandidatesRepo);
  expect(state.candidates).toBeUndefined();
  expect(loadErrorText(state.error!)).toBe('Error loading candidates: QuotaExceededError');
  expect(loadErrorText(new Error(''))).toBe('Error loading candidates: Unknown error');
});

it('returns the candidates when the read works', async () => {
  const state = await stateFor({ listCandidates: async () => [] } as unknown as CandidatesRepo);
  expect(state).toEqual({ candidates: [], error: null });
});
