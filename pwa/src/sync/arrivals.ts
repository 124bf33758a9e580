/**
 * Candidates that arrived on this device from elsewhere: rows a pull brought that the device did not
 * hold (another recruiter's device, Zapier, a form, a server import). The device's own writes are never
 * arrivals: their rows are already here when the pull brings them back. The Candidates page listens for
 * its "N new candidate(s) arrived" notice; with no listener, a pull does not look for them at all.
 */
import { StringSet } from '@shared/candidates/string-map';
import type { RepHireDb } from '@/db/database';

type Listener = (count: number) => void;
const listeners = new WeakMap<RepHireDb, Set<Listener>>();

export function onArrivals(db: RepHireDb, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export function hasArrivalListeners(db: RepHireDb): boolean {
  return (listeners.get(db)?.size ?? 0) > 0;
}

/** How many of these uids the device does not hold yet (read inside the pull's transaction, before its writes). */
export async function countNew(db: RepHireDb, uids: readonly string[]): Promise<number> {
  if (uids.length === 0) return 0;
  const held = await db.candidates.where(':id').anyOf([...uids]).primaryKeys();
  // A StringSet: a Set would put each held uid in V8's string table (string-map.ts).
  return uids.length - new StringSet(held as string[]).size;
}

export function announceArrivals(db: RepHireDb, count: number): void {
  if (count <= 0) return;
  for (const listener of listeners.get(db) ?? []) listener(count);
}
