/** Signing out forgets how this user was looking at the list, and what they had selected. */
import { registerBeforeSignOut } from '@/features/auth/before-sign-out';
import { useCandidatesView } from './candidates-view-store';
import { useCandidateSelection } from './selection-store';

/** Runs after the sync engine's hooks (which may still cancel the sign-out). */
export function registerCandidatesSignOut(): () => void {
  return registerBeforeSignOut(
    'candidates-view',
    () => {
      useCandidateSelection.getState().clear();
      useCandidatesView.getState().reset();
    },
    200,
  );
}
