/**
 * Refresh on the Candidates page: one sync round now (push what is waiting, pull what is new), with the
 * spec's toasts. The list itself updates (candidate-list.ts) as soon as the pulled rows land.
 */
import { useCallback, useState } from 'react';
import { syncEngine } from '@/sync/app-sync';
import type { SyncEngine } from '@/sync/engine';
import { toast } from '@/ui/toast/toast-queue';
import { candidatesRepo, type CandidatesRepo } from '../repo';

export const REFRESH_OFFLINE_DESCRIPTION = 'Please try again when you are online: refreshing needs a connection.';

export function useRefreshCandidates(engine: SyncEngine = syncEngine, repo: CandidatesRepo = candidatesRepo) {
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    setRefreshing(true);
    const pending = toast({ title: 'Refreshing candidates', description: 'Getting the latest data...' });
    try {
      const outcome = await engine.syncNow();
      pending.dismiss();
      if (outcome.ok) {
        const count = await repo.countCandidates();
        toast({ title: 'Refresh complete', description: `Found ${count} candidates` });
      } else {
        const description = outcome.reason === 'offline' ? REFRESH_OFFLINE_DESCRIPTION : 'Please try again';
        toast({ title: 'Refresh failed', description, variant: 'destructive' });
      }
    } catch {
      pending.dismiss();
      toast({ title: 'Refresh failed', description: 'Please try again', variant: 'destructive' });
    } finally {
      setRefreshing(false);
    }
  }, [engine, repo]);
  return { refresh, refreshing };
}
