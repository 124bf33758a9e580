/**
 * The spec's new-arrival notice: while the Candidates page is open, candidates that arrive from
 * elsewhere (an integration's arrival pulled by the 5 s polling, another device's additions or import)
 * get a toast saying how many arrived. What this device wrote itself — Add Candidate, its own import —
 * is not an arrival (sync/arrivals.ts tells them apart).
 */
import { useEffect } from 'react';
import { appDb } from '@/db/app-db';
import type { RepHireDb } from '@/db/database';
import { onArrivals } from '@/sync/arrivals';
import { toast } from '@/ui/toast/toast-queue';

export const NEW_ARRIVAL_DESCRIPTION = 'New entries were added at the top of the list.';

export function newArrivalTitle(count: number): string {
  return `${count} new candidate(s) arrived`;
}

export function useNewArrivalToast(db: RepHireDb = appDb): void {
  useEffect(() => onArrivals(db, (count) => toast({ title: newArrivalTitle(count), description: NEW_ARRIVAL_DESCRIPTION })), [db]);
}
