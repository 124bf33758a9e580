// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { indexCandidates } from '@shared/candidates/candidate-index';
import { makeCandidate } from '@shared/candidates/testing';
import { amy } from '@/features/auth/auth-test-kit';
import { setSignedIn, signOutLocally } from '@/features/auth/auth-store';
import { useCandidateSelection } from '../selection-store';
import { SelectionBar } from './SelectionBar';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ENTRIES = indexCandidates([makeCandidate({ name: 'Ann' }), makeCandidate({ name: 'Bob' }), makeCandidate({ name: 'Cy' })]);

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
  useCandidateSelection.getState().clear();
  signOutLocally();
});

async function renderBar() {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<SelectionBar index={ENTRIES} matching={3} readMatching={() => ENTRIES} readInOrder={() => ENTRIES} />));
  return container;
}

const buttons = (el: HTMLElement) => [...el.querySelectorAll('button')].map((button) => button.textContent!.trim());

describe('the selection bar', () => {
  it('is not there while nothing is selected', async () => {
    setSignedIn({ ...amy, role: 'admin' });
    expect((await renderBar()).textContent).toBe('');
  });

  it('counts the selected, offers every matching one, and the bulk actions — Delete to administrators only', async () => {
    setSignedIn({ ...amy, role: 'admin' });
    useCandidateSelection.getState().setMany([ENTRIES[0]!.candidate.uid], true);
    const bar = await renderBar();
    expect(bar.querySelector('[aria-label="Selected candidates"] p')!.textContent).toBe('1 selected');
    expect(buttons(bar)).toEqual(['Select all 3 matching', 'Turn down', 'Delete', 'Export selected', 'Clear selection']);
    expect([...bar.querySelectorAll('option')].map((option) => option.textContent)).toContain('Hired');

    act(() => root!.unmount());
    container!.remove();
    setSignedIn({ ...amy, role: 'recruiter' });
    expect(buttons(await renderBar())).toEqual(['Select all 3 matching', 'Turn down', 'Export selected', 'Clear selection']);
  });
});
