/**
 * The team's users (id and name), for picking and showing interviewers: read from the device (the list
 * fetched when last online, kept in meta so it works offline) and fetched again whenever a screen using
 * it is shown online. Before any fetch the signed-in user is the team this device knows.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { TeamMember } from '@shared/schemas/user.schema';
import { apiCall } from '@/api/client';
import { appDb } from '@/db/app-db';
import { getMeta } from '@/db/meta';
import { useRefreshedMeta } from './useRefreshedMeta';

async function knownTeam(): Promise<TeamMember[]> {
  const [team, owner] = await Promise.all([getMeta(appDb, 'team'), getMeta(appDb, 'owner')]);
  if (team.length || !owner) return team;
  return [{ id: owner.id, name: owner.displayName?.trim() || owner.username }];
}

/** The team; undefined while the device's copy is read. */
export function useTeam(): TeamMember[] | undefined {
  useRefreshedMeta('team', (signal) => apiCall('listTeam', { signal }));
  return useLiveQuery(knownTeam, []);
}

/** The name to show for an interviewer id. */
export function interviewerName(team: readonly TeamMember[], id: number | null): string {
  if (id === null) return 'No interviewer';
  return team.find((member) => member.id === id)?.name ?? `User #${id}`;
}
