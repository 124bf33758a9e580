/**
 * Signing out forgets how this user was looking at the list, and what they had selected. The stores
 * load when the hook runs: registered at start-up, importing them would put the list's filters and
 * the candidate schema (zod) in the first load of every page.
 */
import { registerBeforeSignOut } from '@/features/auth/before-sign-out';

/** Runs after the sync engine's hooks (which may still cancel the sign-out). */
export function registerCandidatesSignOut(): () => void {
  return registerBeforeSignOut(
    'candidates-view',
    async () => {
      const [{ useCandidateSelection }, { useCandidatesView }] = await Promise.all([import('./selection-store'), import('./candidates-view-store')]);
      useCandidateSelection.getState().clear();
      useCandidatesView.getState().reset();
    },
    200,
  );
}
