/** Holds the engine's fast polling (every 5 s) while the calling screen is mounted (the Candidates page). */
import { useEffect } from 'react';
import { syncEngine } from '@/sync/app-sync';
import type { SyncEngine } from '@/sync/engine';

export function useFastPolling(engine: SyncEngine = syncEngine, enabled = true): void {
  useEffect(() => (enabled ? engine.requestFastPolling() : undefined), [engine, enabled]);
}
