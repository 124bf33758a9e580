/**
 * Saved leads as the screen reads them: a page of the device cache (newest scraped first) and the
 * New/Updated/Total counts, live, plus the state of bringing the cache up to date from the server
 * (retried once on failure, as the spec asks). Only the signed-in user's cache is ever shown: a cache
 * left by someone else reads as empty until the refresh has replaced it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { errorMessage } from '@/api/client';
import { useAuthStore } from '@/features/auth/auth-store';
import { fetchLeadsPage } from './lead-api';
import { leadsDb, type CachedLead } from './leads-db';
import { cachedLeadsPage, countCachedLeads, refreshLeads, type LeadCounts } from './leads-repo';

export type LoadStatus = 'loading' | 'ready' | 'error';

export interface SavedLeadsView {
  rows: CachedLead[];
  counts: LeadCounts;
  /** False until the cache has been read at least once. */
  loaded: boolean;
}

const EMPTY: SavedLeadsView = { rows: [], counts: { total: 0, newCount: 0, updatedCount: 0 }, loaded: false };

export function useSavedLeadsView(page: number, pageSize: number): SavedLeadsView {
  const owner = useAuthStore((state) => state.user?.id);
  const view = useLiveQuery(async () => {
    const db = leadsDb();
    const meta = await db.readMeta();
    if (owner === undefined || meta.owner !== owner) return { ...EMPTY, loaded: true };
    const [rows, counts] = await Promise.all([cachedLeadsPage(db, (page - 1) * pageSize, pageSize), countCachedLeads(db)]);
    return { rows, counts, loaded: true };
  }, [owner, page, pageSize]);
  return view ?? EMPTY;
}

export interface LeadsRefresh {
  status: LoadStatus;
  error: string | null;
  refresh(): Promise<boolean>;
}

export function useLeadsRefresh(): LeadsRefresh {
  const owner = useAuthStore((state) => state.user?.id);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const running = useRef<Promise<boolean> | null>(null);

  const refresh = useCallback(async () => {
    if (owner === undefined) return false;
    // One refresh at a time; a second caller waits for the one under way.
    if (running.current) return running.current;
    const attempt = async () => {
      for (let tries = 0; ; tries++) {
        try {
          await refreshLeads(leadsDb(), fetchLeadsPage, owner);
          setStatus('ready');
          setError(null);
          return true;
        } catch (failure) {
          if (tries >= 1) {
            setStatus('error');
            setError(errorMessage(failure));
            return false;
          }
        }
      }
    };
    running.current = attempt().finally(() => (running.current = null));
    return running.current;
  }, [owner]);

  // On opening the screen, and again whenever the connection comes back.
  useEffect(() => {
    void refresh();
    const onOnline = () => void refresh();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [refresh]);

  return { status, error, refresh };
}
