/** The sync engine's status for React (a thin subscription to its zustand store). */
import { useStore } from 'zustand';
import type { SyncEngine } from '@/sync/engine';
import type { SyncStatus } from '@/sync/status-store';

export function useSyncEngineStatus(engine: SyncEngine): SyncStatus {
  return useStore(engine.status);
}

/** The shape the shell's indicator reads (pwa-shell's useSyncStatus), from the engine's status. */
export function toShellSyncStatus(status: SyncStatus) {
  return {
    online: status.online,
    pending: status.pendingCount,
    lastSyncedAt: status.lastSyncAt ? new Date(status.lastSyncAt) : null,
    error: status.needsSignIn ? 'Sync paused — sign in again' : status.error,
    syncing: status.syncing,
  };
}
