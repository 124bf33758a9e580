/**
 * The server's hybrid logical clock: one per process, with a random node id, so several server
 * instances on one database never issue equal stamps. Server-side writers (REST, integrations, import,
 * dedup) stamp their writes with `tick()`; stamps arriving from devices go through `receive()`, which
 * clamps a clock running more than five minutes ahead and moves this clock past the stamp.
 */
import { randomUUID } from 'node:crypto';
import { HybridLogicalClock, clampHlc, nodeIdFrom } from '@shared/sync/hlc';

export const serverClock = new HybridLogicalClock(nodeIdFrom(`s${randomUUID()}`));

/** The stamp a device's mutation is merged with: clamped to at most five minutes ahead of now. */
export function receiveStamp(stamp: string, now = Date.now()): string {
  const clamped = clampHlc(stamp, now);
  serverClock.receive(clamped);
  return clamped;
}
