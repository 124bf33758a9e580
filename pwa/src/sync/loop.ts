/**
 * The sync loop: a round (round.ts: push the outbox, then pull, which ends with the rebase), then the
 * next one scheduled (scheduler.ts), with all of its state in `state` and the timer in `scheduler`.
 * Rounds of one tab never overlap: one asked for while another runs starts after it, and every ask
 * meanwhile shares that one. After failures the next round backs off (doubling, jittered, at least
 * the server's Retry-After).
 *
 * The loop schedules only while this tab drives the browser's syncs, and polls for what the screens
 * it serves want; its driver says both (tab-leadership.ts). A round asked for (syncNow) runs anyway.
 */
import type { SyncEnvironment } from './environment';
import { unpushedCount } from './push';
import { runRound, type RoundContext, type SyncOutcome } from './round';
import { SyncScheduler, backoffDelay, type SyncTiming } from './scheduler';
import { refreshDurableStatus, saveDurableState } from './status-store';

/** Whether this tab schedules the rounds, and which poll the screens it serves want. */
export interface LoopDriver {
  driving(): boolean;
  /** The fast poll (fastPollMs): a screen asks for it, in view or not. */
  wantsFast(): boolean;
  /** The regular poll (pollMs): a tab is in view. */
  wantsPoll(): boolean;
}

export interface SyncLoopOptions extends RoundContext {
  env: SyncEnvironment;
  timing: SyncTiming;
  driver: LoopDriver;
}

export interface SyncLoop {
  /** A round of this tab is running. */
  readonly busy: boolean;
  /** Runs a round as soon as this tab's running one is done; resolves with how it went. */
  syncNow(): Promise<SyncOutcome>;
  /** Resolves once no round runs or waits. */
  settled(): Promise<void>;
  /** A reason to sync, for the driving tab: `now`, or a local `write` (debounced). */
  schedule(kind: 'now' | 'write'): void;
  /** The fast poll was asked for: a due regular poll (or none at all) becomes one due now. */
  pollNow(): void;
  /** Nobody wants polling: drops a due poll (writes and retries stay due). */
  cancelPoll(): void;
  /** Drops whatever is due (this tab stops driving). */
  cancel(): void;
  /** Back online, or signed in again: the next failure backs off from the start. */
  resetBackoff(): void;
}

export function createSyncLoop(options: SyncLoopOptions): SyncLoop {
  const { db, env, timing, status, driver } = options;
  const scheduler = new SyncScheduler(env, timing, () => void syncNow());
  /** The loop's state, all of it (besides the timer). */
  const state = {
    /** Failed rounds in a row and the server's last Retry-After, for the backoff. */
    failures: 0,
    retryAfterMs: 0,
    running: null as Promise<SyncOutcome> | null,
    queued: null as Promise<SyncOutcome> | null,
  };

  /** One round (round.ts); the loop keeps count of failures for the backoff. */
  async function round(): Promise<SyncOutcome> {
    const { outcome, retryAfterMs } = await runRound(options);
    if (outcome.ok) {
      state.failures = 0;
      state.retryAfterMs = 0;
    } else if (outcome.reason === 'error') {
      state.failures += 1;
      state.retryAfterMs = retryAfterMs;
    }
    return outcome;
  }

  /** After a round: when the next one runs, if this tab drives. */
  async function scheduleNext(outcome: SyncOutcome) {
    status.setState({ nextRetryAt: null });
    if (!driver.driving()) return;
    if (!outcome.ok) {
      if (outcome.reason === 'error') {
        scheduler.schedule('retry', backoffDelay(state.failures, timing, env.random, state.retryAfterMs));
        status.setState({ nextRetryAt: scheduler.dueAt });
      }
      return;
    }
    // Writes made while this round ran still wait, or sent ones the pull did not include yet (it read
    // below a horizon taken before they landed: a pull resumed from before going offline): a round
    // again soon, not at the next poll. Otherwise the regular pull while a tab is in view — or the fast
    // one a screen (here or in another tab, in view or not) asked for.
    const [unsent, pending] = await Promise.all([unpushedCount(db), db.outbox.count()]);
    if (unsent > 0 || pending > 0) scheduler.schedule('write', timing.debounceMs);
    else if (driver.wantsFast()) scheduler.schedule('poll', timing.fastPollMs);
    else if (driver.wantsPoll()) scheduler.schedule('poll', timing.pollMs);
  }

  function startRound(): Promise<SyncOutcome> {
    scheduler.clear();
    const run = round()
      .catch((error: unknown): SyncOutcome => {
        // A bug or a storage failure: report it and retry later rather than stop syncing for good.
        state.failures += 1;
        const message = `Sync failed: ${(error as Error)?.message ?? String(error)}`;
        void saveDurableState(db, { lastError: message }).catch(() => undefined);
        return { ok: false, reason: 'error', message };
      })
      .then(async (outcome) => {
        state.running = null;
        await refreshDurableStatus(db, status).catch(() => undefined);
        await scheduleNext(outcome).catch(() => undefined);
        return outcome;
      });
    state.running = run;
    return run;
  }

  function syncNow(): Promise<SyncOutcome> {
    if (state.queued) return state.queued;
    if (state.running) {
      state.queued = state.running.then(() => {
        state.queued = null;
        return startRound();
      });
      return state.queued;
    }
    return startRound();
  }

  return {
    get busy() {
      return state.running !== null;
    },
    syncNow,
    async settled() {
      while (state.running || state.queued) await (state.queued ?? state.running);
    },
    schedule(kind) {
      scheduler.schedule(kind, kind === 'write' ? timing.debounceMs : 0);
    },
    pollNow() {
      if (scheduler.kind === null || scheduler.kind === 'poll') {
        scheduler.clear();
        scheduler.schedule('poll', 0);
      }
    },
    cancelPoll: () => scheduler.cancelPoll(),
    cancel: () => scheduler.clear(),
    resetBackoff() {
      state.failures = 0;
    },
  };
}
