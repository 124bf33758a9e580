/**
 * When the next sync runs. One timer, with a kind that says why it is set:
 *   now   — start, `online`, the tab became visible, a screen asked: replaces anything.
 *   write — a local write: debounced (each write pushes it back, up to maxDebounceMs after the first),
 *           but never sooner than a pending retry, so writes cannot hammer a failing server.
 *   retry — after a failure: exponential backoff with jitter; replaces anything.
 *   poll  — the regular pull while visible; only when nothing else is due.
 */
import type { SyncEnvironment } from './environment';

export interface SyncTiming {
  pollMs: number;
  /** While a screen asked for fresh data (the Candidates page). */
  fastPollMs: number;
  debounceMs: number;
  maxDebounceMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export const DEFAULT_TIMING: SyncTiming = {
  pollMs: 30_000,
  fastPollMs: 5_000,
  debounceMs: 1_000,
  maxDebounceMs: 5_000,
  backoffBaseMs: 2_000,
  backoffMaxMs: 5 * 60_000,
};

/** Delay before retry number `failures` (1, 2, …): doubling, capped, half of it random ("equal jitter"). */
export function backoffDelay(failures: number, timing: SyncTiming, random: () => number, retryAfterMs = 0): number {
  const ceiling = Math.min(timing.backoffMaxMs, timing.backoffBaseMs * 2 ** Math.max(0, failures - 1));
  return Math.max(retryAfterMs, Math.round(ceiling / 2 + random() * (ceiling / 2)));
}

export type TimerKind = 'now' | 'write' | 'retry' | 'poll';

export class SyncScheduler {
  private handle: unknown = null;
  private firstWriteAt: number | null = null;
  kind: TimerKind | null = null;
  dueAt: number | null = null;

  constructor(
    private readonly env: SyncEnvironment,
    private readonly timing: SyncTiming,
    private readonly fire: () => void,
  ) {}

  schedule(kind: TimerKind, delayMs: number): void {
    const now = this.env.now();
    if (kind === 'poll' && this.kind !== null) return;
    if (kind === 'write') {
      if (this.kind === 'retry' || this.kind === 'now') return;
      if (this.kind !== 'write') this.firstWriteAt = now;
      delayMs = Math.min(delayMs, this.firstWriteAt! + this.timing.maxDebounceMs - now);
    }
    this.set(kind, Math.max(0, delayMs), now);
  }

  /** Drops a pending poll (the tab was hidden); writes and retries stay due. */
  cancelPoll(): void {
    if (this.kind === 'poll') this.clear();
  }

  clear(): void {
    if (this.handle !== null) this.env.clearTimer(this.handle);
    this.handle = null;
    this.kind = null;
    this.dueAt = null;
    this.firstWriteAt = null;
  }

  private set(kind: TimerKind, delayMs: number, now: number) {
    const firstWriteAt = kind === 'write' ? this.firstWriteAt : null;
    this.clear();
    this.kind = kind;
    this.dueAt = now + delayMs;
    this.firstWriteAt = firstWriteAt;
    this.handle = this.env.setTimer(() => {
      this.handle = null;
      this.kind = null;
      this.dueAt = null;
      this.firstWriteAt = null;
      this.fire();
    }, delayMs);
  }
}
