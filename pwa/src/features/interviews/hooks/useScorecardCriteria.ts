/**
 * The team's scorecard criteria: read from the device (the list fetched when last online, kept in meta
 * so interview mode works offline) and fetched again whenever a screen using it is shown online. Before
 * any fetch, the sales-hiring default (the server's own default).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { DEFAULT_SCORECARD_CRITERIA, type ScorecardCriterion } from '@shared/schemas/scorecard.schema';
import { apiCall } from '@/api/client';
import { appDb } from '@/db/app-db';
import { getMeta, setMeta } from '@/db/meta';
import { useOnline } from '@/ui/useOnline';

/** Keeps the criteria an admin just saved, so this device shows them before its next fetch. */
export function rememberScorecardCriteria(criteria: ScorecardCriterion[]): Promise<void> {
  return appDb.transaction('rw', appDb.meta, () => setMeta(appDb, 'scorecardCriteria', criteria));
}

/** Every criterion the team has had (retired ones flagged); undefined while the device's copy is read. */
export function useScorecardCriteria(): ScorecardCriterion[] | undefined {
  const online = useOnline();
  const criteria = useLiveQuery(async () => (await getMeta(appDb, 'scorecardCriteria')) ?? DEFAULT_SCORECARD_CRITERIA, []);
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    apiCall('getScorecardCriteria', { signal: controller.signal })
      .then(rememberScorecardCriteria)
      // Offline or refused: the list kept from before stays.
      .catch(() => {});
    return () => controller.abort();
  }, [online]);
  return criteria;
}
