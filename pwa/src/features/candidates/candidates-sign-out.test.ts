import { afterEach, describe, expect, it } from 'vitest';
import { runBeforeSignOut } from '@/features/auth/before-sign-out';
import { registerCandidatesSignOut } from './candidates-sign-out';
import { useCandidatesView } from './candidates-view-store';
import { useCandidateSelection } from './selection-store';

let unregister: (() => void) | undefined;
afterEach(() => unregister?.());

describe('signing out', () => {
  it("forgets the user's selection and how they looked at the list", async () => {
    unregister = registerCandidatesSignOut();
    useCandidateSelection.getState().setMany(['a', 'b'], true);
    useCandidatesView.getState().setPageSize(100);
    expect(await runBeforeSignOut()).toBe(true);
    expect(useCandidateSelection.getState().selected.size).toBe(0);
    expect(useCandidatesView.getState().pageSize).toBe(25);
  });
});
