/**
 * The team's scorecard criteria: read from the device (the list fetched when last online, kept in meta
 * so interview mode works offline) and fetched again whenever a screen using it is shown online. Before
 * any fetch, the sales-hiring default (the server's own default).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { DEFAULT_SCORECARD_CRITERIA, type ScorecardCriterion } from '@shared/schemas/scorecard.schema';
import { apiCall } from '@/api/client';
import { appDb } from '@/db/app-db';
import { getMeta } from '@/db/meta';
import { rememberMeta, useRefreshedMeta } from './useRefreshedMeta';

/** Keeps the criteria an admin just saved, so this device shows them before its next fetch. */
export const rememberScorecardCriteria = (criteria: ScorecardCriterion[]) => rememberMeta('scorecardCriteria', criteria);

/** Every criterion the team has had (retired ones flagged); undefined while the device's copy is read. */
export function useScorecardCriteria(): ScorecardCriterion[] | undefined {
  useRefreshedMeta('scorecardCriteria', (signal) => apiCall('getScorecardCriteria', { signal }));
  return useLiveQuery(async () => (await getMeta(appDb, 'scorecardCriteria')) ?? DEFAULT_SCORECARD_CRITERIA, []);
}
