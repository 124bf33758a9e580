/**
 * This tab's part in driving the browser's syncs: the wiring between its sync loop (loop.ts) and the
 * other tabs (tabs.ts: the leader Web Lock, followers nudging the leader, a follower standing in when
 * a whole period passes unanswered, letting go on pagehide/freeze). While joined, the tab either drives
 * its loop — leading or standing in — or hands its reasons to sync to the leader.
 *
 * What the driving tab polls for: the fast poll while a screen asks for it — of this tab or, when
 * leading, of another — in view or not (the spec's Candidates page polls "also in the background";
 * one tab leading keeps that to one poll for the browser); else the regular one while such a tab is
 * in view; else none. The leader's live status (syncing, progress, next retry) goes to the
 * followers' screens.
 */
import type { SyncEnvironment } from './environment';
import type { LoopDriver, SyncLoop } from './loop';
import type { SyncStatusStore } from './status-store';
import { LEADER_STATUS_FIELDS, joinTabs, type LeaderStatus, type PollWish, type Tabs, type TabsHandlers, type TabsTiming } from './tabs';

export interface TabLeadershipOptions {
  env: SyncEnvironment;
  /** The sync lock's name: the leader lock and the tab channel are named after it. */
  name: string;
  timing: TabsTiming;
  status: SyncStatusStore;
  loop: SyncLoop;
}

export interface TabLeadership extends LoopDriver {
  /** Joins the browser's tabs (leading at once when no tab leads); returns the leave, which hands leading on. */
  join(): () => void;
  /** A reason to sync: the driving tab schedules a round; a follower hands it to the leader. */
  trigger(kind: 'now' | 'write'): void;
  /** Which tabs are in view, or want fast polling, changed: poll soon for a new fast wish, or stop polling for nobody. */
  wishesChanged(): void;
  /** While held, the fast poll serves this tab; call the returned function to release it. */
  requestFastPolling(): () => void;
  /** pagehide/freeze: let go of leading (the page may never run again while keeping the lock). */
  hide(): void;
  /** Back from the cache or unfrozen: ask to lead again. */
  show(): void;
}

export function createTabLeadership({ env, name, timing, status, loop }: TabLeadershipOptions): TabLeadership {
  /** The leadership's state, all of it. */
  const state = {
    /** This tab among the browser's tabs, while joined. */
    tabs: null as Tabs | null,
    /** Screens of this tab asking for fast polling. */
    fastScreens: 0,
    /** Whether some tab's screen wanted fast polling when the wishes last changed. */
    fastWanted: false,
  };

  const driving = () => state.tabs?.driving ?? false;
  /** What this tab's screens want from polling: the regular poll while in view, the fast one while a screen asks. */
  const wishHere = (): PollWish => ({ visible: env.isVisible(), fast: state.fastScreens > 0 });
  /** Polling serves the screens of this tab or (when leading) of the others. */
  const wantsFast = () => wishHere().fast || (state.tabs?.wishElsewhere.fast ?? false);
  const wantsPoll = () => env.isVisible() || (state.tabs?.wishElsewhere.visible ?? false);

  function trigger(kind: 'now' | 'write') {
    if (!state.tabs) return;
    if (driving()) loop.schedule(kind);
    else state.tabs.nudge(kind);
  }

  function wishesChanged() {
    state.tabs?.setWish(wishHere());
    const fastBefore = state.fastWanted;
    state.fastWanted = wantsFast();
    if (!wantsPoll() && !state.fastWanted) loop.cancelPoll();
    else if (state.fastWanted && !fastBefore && driving()) loop.pollNow();
  }

  const handlers: TabsHandlers = {
    roleChanged(role) {
      if (role === 'follower') {
        loop.cancel();
        if (!loop.busy) status.setState({ nextRetryAt: null });
        return;
      }
      // Driving now: whatever the previous driver knew is gone, and nudges may have been missed.
      if (!loop.busy) status.setState({ syncing: false, pushProgress: null, pullProgress: null, nextRetryAt: null });
      loop.schedule('now');
    },
    nudged: trigger,
    wishesChanged,
    leaderStatus(live) {
      // This tab's own round (one a person asked for here) says more than the leader's.
      if (!loop.busy) status.setState(live);
    },
  };

  function join() {
    // The followers' screens show how the leader's rounds go.
    const unsubscribe = status.subscribe((next, previous) => {
      const changed = LEADER_STATUS_FIELDS.some((field) => next[field] !== previous[field]);
      if (changed && state.tabs?.role === 'leader') state.tabs.publish(liveStatus(status));
    });
    const tabs = joinTabs(env, name, handlers, timing);
    state.tabs = tabs;
    tabs.setWish(wishHere());
    return () => {
      tabs.close();
      unsubscribe();
      state.tabs = null;
    };
  }

  return {
    driving,
    wantsFast,
    wantsPoll,
    join,
    trigger,
    wishesChanged,
    requestFastPolling() {
      state.fastScreens += 1;
      wishesChanged();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        state.fastScreens -= 1;
        wishesChanged();
      };
    },
    hide: () => state.tabs?.hide(),
    show: () => state.tabs?.show(),
  };
}

function liveStatus(status: SyncStatusStore): LeaderStatus {
  const current = status.getState();
  return Object.fromEntries(LEADER_STATUS_FIELDS.map((field) => [field, current[field]])) as LeaderStatus;
}
