/** Signing out wipes the device's copy of the user's leads (DECISIONS: sign-out wipes local data). */
import { registerBeforeSignOut } from '@/features/auth/before-sign-out';
import { leadsDb } from './leads-db';
import { clearLeadsCache } from './leads-repo';

/** Runs after the sync engine's hooks (which may still cancel the sign-out). */
export function registerLeadsSignOut(): () => void {
  return registerBeforeSignOut('leads-cache', () => clearLeadsCache(leadsDb()), 200);
}
