// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { CandidateDetailForm } from './CandidateDetailForm';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
});

describe('the detail form', () => {
  it('follows a status changed elsewhere without ever reading as an unsaved edit', async () => {
    const dirtyReports: boolean[] = [];
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    const renderWith = (candidate: Candidate) =>
      act(async () =>
        root!.render(
          <CandidateDetailForm candidate={candidate} onRequestClose={() => {}} onDone={() => {}} onDirtyChange={(dirty) => {
            dirtyReports.push(dirty);
          }} />,
        ),
      );
    const candidate = makeCandidate({ name: 'Sam Shared', status: 'new' });
    await renderWith(candidate);
    // Another device (or the row's dropdown) moves the candidate on while the dialog is open.
    await renderWith({ ...candidate, status: 'interview' });
    await renderWith({ ...candidate, status: 'hired' });
    expect(dirtyReports).not.toContain(true);
    expect(container.textContent).toContain('Hired');
  });
});
