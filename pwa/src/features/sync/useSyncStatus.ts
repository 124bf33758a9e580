/**
 * The one place the shell learns about sync. Today it only knows online/offline (the browser's
 * `online`/`offline` events); the sync engine replaces the body of `useSyncStatus` with its own state
 * (changes waiting, last successful sync, errors, the list behind the indicator) without touching the
 * indicator's callers. Keep the returned shape.
 */
import { useOnline } from '@/ui/useOnline';

export interface SyncStatus {
  online: boolean;
  /** Local changes not yet accepted by the server; null while the engine does not report it. */
  pending: number | null;
  /** Last successful sync; null when never or unknown. */
  lastSyncedAt: Date | null;
  /** A sync failure to show, if any. */
  error: string | null;
  /** True while a sync round runs. */
  syncing: boolean;
}

export function useSyncStatus(): SyncStatus {
  const online = useOnline();
  return { online, pending: null, lastSyncedAt: null, error: null, syncing: false };
}
