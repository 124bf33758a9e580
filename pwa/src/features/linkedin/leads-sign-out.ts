/**
 * Signing out wipes the device's copy of the user's leads (DECISIONS: sign-out wipes local data). The
 * leads database loads when the hook runs, not in the first load of every page.
 */
import { registerBeforeSignOut } from '@/features/auth/before-sign-out';

/** Runs after the sync engine's hooks (which may still cancel the sign-out). */
export function registerLeadsSignOut(): () => void {
  return registerBeforeSignOut(
    'leads-cache',
    async () => {
      const [{ leadsDb }, { clearLeadsCache }] = await Promise.all([import('./leads-db'), import('./leads-repo')]);
      await clearLeadsCache(leadsDb());
    },
    200,
  );
}
