/**
 * The spec's new-arrival notice: when the number of candidates grows beyond the previous number (an
 * integration's arrival pulled by the 5 s polling, an import, another device's additions), a toast
 * says how many arrived. The first count after opening the page is the baseline, not an arrival.
 */
import { useEffect, useRef } from 'react';
import { toast } from '@/ui/toast/toast-queue';

export const NEW_ARRIVAL_DESCRIPTION = 'New entries were added at the top of the list.';

/** How many arrived between two counts (0 for the first count, or when the list shrank). */
export function newArrivals(previous: number | undefined, current: number): number {
  return previous === undefined ? 0 : Math.max(0, current - previous);
}

export function newArrivalTitle(count: number): string {
  return `${count} new candidate(s) arrived`;
}

export function useNewArrivalToast(count: number | undefined): void {
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (count === undefined) return;
    const arrived = newArrivals(previous.current, count);
    previous.current = count;
    if (arrived > 0) toast({ title: newArrivalTitle(arrived), description: NEW_ARRIVAL_DESCRIPTION });
  }, [count]);
}
