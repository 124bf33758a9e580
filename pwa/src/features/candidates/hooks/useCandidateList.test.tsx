// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { createCandidateMirror } from '@/db/candidate-mirror/candidate-mirror';
import { createCandidateList } from '../candidate-list';
import type { CandidateListSnapshot } from '../candidate-snapshot';
import { loadErrorText, useCandidateList } from './useCandidateList';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function stateFor(load: () => Promise<Candidate[]>): Promise<CandidateListSnapshot> {
  const store = createCandidateList(
    createCandidateMirror({ load: async () => ({ candidates: await load(), version: null }), read: async () => [], watch: () => () => {} }),
  );
  let state!: CandidateListSnapshot;
  function Probe() {
    state = useCandidateList(store);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Probe />));
  await act(async () => store.settled());
  await act(async () => root.unmount());
  return state;
}

it('hands a failed read to the screen instead of throwing, with the spec text', async () => {
  const state = await stateFor(async () => Promise.reject(new Error('QuotaExceededError')));
  expect(state.status).toBe('error');
  expect(loadErrorText(state.error!)).toBe('Error loading candidates: QuotaExceededError');
  expect(loadErrorText(new Error(''))).toBe('Error loading candidates: Unknown error');
});

it('returns the candidates when the read works', async () => {
  const ann = makeCandidate({ name: 'Ann' });
  const state = await stateFor(async () => [ann]);
  expect(state.status).toBe('ready');
  expect(state.error).toBeNull();
  expect(state.candidates).toEqual([ann]);
});
