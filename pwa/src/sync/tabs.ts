/**
 * One syncing tab per browser. The tab holding the leader lock (a Web Lock kept for its lifetime)
 * drives the syncs; the others are followers: they nudge the leader over a tab channel (their writes,
 * coming online or into view), tell it whether they are in view and whether a screen of theirs
 * wants fast polling (what the leader's polling serves), and read the results through the shared
 * database, plus the leader's live progress from its beats.
 *
 * A lock can be held by a tab that never runs again: a page in the back/forward cache, or a frozen
 * one. A leader therefore lets go on pagehide/freeze (and asks again when it comes back), and a
 * follower never depends on the leader alone: it pings every `answerMs`, and when a whole period
 * passes without a beat it stands in — drives the syncs itself without the lock — until it hears a
 * leader again. Correctness never rests on there being one driver: every sync round still runs under
 * the sync lock (engine.ts); one driver only saves work.
 */
import type { SyncEnvironment, TabChannel } from './environment';
import type { SyncStatus } from './status-store';

/** The parts of a leader's status that live only in its memory, for its followers' screens. */
export type LeaderStatus = Pick<SyncStatus, 'syncing' | 'pushProgress' | 'pullProgress' | 'nextRetryAt'>;

/** What a tab's screens want from polling: `visible`, the regular poll; `fast`, the 5 s one. */
export interface PollWish {
  visible: boolean;
  fast: boolean;
}

export type TabMessage =
  /** A follower: is a leader there? (and what its screens want) */
  | { type: 'ping'; tab: string; wish: PollWish }
  /** A follower has a reason to sync. */
  | { type: 'nudge'; tab: string; wish: PollWish; kind: 'now' | 'write' }
  /** A follower leaves (closes, hides into the cache, stops). */
  | { type: 'bye'; tab: string }
  /** The leader is alive; `fresh` when it has just taken over (followers then tell it their wishes). */
  | { type: 'beat'; status: LeaderStatus; fresh: boolean };

/** leader: holds the lock and drives; standIn: drives without it (no leader answers); follower: nudges. */
export type TabRole = 'leader' | 'standIn' | 'follower';

export interface TabsTiming {
  /** A follower pings this often and stands in when a whole period passes without a beat. */
  answerMs: number;
}

export const DEFAULT_TABS_TIMING: TabsTiming = { answerMs: 5_000 };

export interface TabsHandlers {
  /** This tab's role changed (leader and standIn drive the syncs). */
  roleChanged(role: TabRole): void;
  /** Driving: another tab has a reason to sync. */
  nudged(kind: 'now' | 'write'): void;
  /** Leading: what the other tabs want from polling changed. */
  wishesChanged(): void;
  /** Following: the leader's live status. */
  leaderStatus(status: LeaderStatus): void;
}

export interface Tabs {
  readonly role: TabRole;
  /** Leader or standing in: this tab schedules the syncs. */
  readonly driving: boolean;
  /** Leading: what the other live tabs want from polling, together. */
  readonly wishElsewhere: PollWish;
  /** Following: hands a reason to sync to the leader. */
  nudge(kind: 'now' | 'write'): void;
  /** What this tab's screens want from polling (the leader hears it). */
  setWish(wish: PollWish): void;
  /** Leading: the live status changed; followers' screens show it. */
  publish(status: LeaderStatus): void;
  /** pagehide/freeze: let go of leading (the page may never run again while keeping the lock). */
  hide(): void;
  /** Back from the cache or unfrozen: ask to lead again. */
  show(): void;
  /** Leaves for good (stop, sign-out): the next tab in line leads. */
  close(): void;
}

const idleStatus: LeaderStatus = { syncing: false, pushProgress: null, pullProgress: null, nextRetryAt: null };

export function joinTabs(env: SyncEnvironment, name: string, handlers: TabsHandlers, timing: TabsTiming = DEFAULT_TABS_TIMING): Tabs {
  const tab = env.random().toString(36).slice(2) + env.now().toString(36);
  const channel: TabChannel = env.channel(`${name}:tabs`);
  let role: TabRole = 'follower';
  let holdsLock = false;
  let releaseLock: (() => void) | null = null;
  let wishHere: PollWish = { visible: false, fast: false };
  let status: LeaderStatus = idleStatus;
  /** Leading: the other tabs' wishes, with when they last said so (a crashed tab says nothing more). */
  const wishes = new Map<string, PollWish & { at: number }>();
  /** Following: a beat arrived since the last ping. */
  let answered = false;
  let tick: unknown = null;
  let present = true;

  const post = (message: TabMessage) => channel.post(message);

  function setRole(next: TabRole) {
    if (next === role) return;
    role = next;
    handlers.roleChanged(next);
  }

  function wishElsewhere(): PollWish {
    const since = env.now() - 3 * timing.answerMs;
    const together = { visible: false, fast: false };
    for (const wish of wishes.values()) {
      if (wish.at < since) continue;
      together.visible ||= wish.visible;
      together.fast ||= wish.fast;
    }
    return together;
  }

  function noteWish(from: string, wish: PollWish | null) {
    const before = wishElsewhere();
    if (wish?.visible || wish?.fast) wishes.set(from, { visible: wish.visible, fast: wish.fast, at: env.now() });
    else wishes.delete(from);
    const after = wishElsewhere();
    if (after.visible !== before.visible || after.fast !== before.fast) handlers.wishesChanged();
  }

  function ask() {
    if (releaseLock) return;
    releaseLock = env.lead(`${name}:leader`, () => {
      holdsLock = true;
      stopTicking();
      wishes.clear();
      setRole('leader');
      post({ type: 'beat', status, fresh: true });
    });
  }

  function letGo() {
    releaseLock?.();
    releaseLock = null;
    holdsLock = false;
    wishes.clear();
  }

  /** Following: judge the last period, then ping for the next. */
  function ping() {
    tick = null;
    if (holdsLock || !present) return;
    if (!answered) setRole('standIn');
    answered = false;
    post({ type: 'ping', tab, wish: wishHere });
    tick = env.setTimer(ping, timing.answerMs);
  }

  function startTicking() {
    if (tick !== null || holdsLock) return;
    // The first verdict comes one period after this ping.
    answered = true;
    ping();
  }

  function stopTicking() {
    if (tick !== null) env.clearTimer(tick);
    tick = null;
  }

  const unlisten = channel.listen((raw) => {
    if (!present) return;
    const message = raw as TabMessage;
    switch (message?.type) {
      case 'ping':
      case 'nudge':
        if (!holdsLock) return;
        post({ type: 'beat', status, fresh: false });
        noteWish(message.tab, message.wish);
        if (message.type === 'nudge') handlers.nudged(message.kind);
        return;
      case 'bye':
        if (holdsLock) noteWish(message.tab, null);
        return;
      case 'beat':
        // Only one tab holds the lock; a beat reaching a leader is from a tab that has just let go.
        if (holdsLock) return;
        answered = true;
        if (role === 'standIn') setRole('follower');
        handlers.leaderStatus(message.status);
        if (message.fresh) post({ type: 'ping', tab, wish: wishHere });
    }
  });

  ask();
  startTicking();

  return {
    get role() {
      return role;
    },
    get driving() {
      return role !== 'follower';
    },
    get wishElsewhere() {
      return holdsLock ? wishElsewhere() : { visible: false, fast: false };
    },
    nudge(kind) {
      if (present && !holdsLock) post({ type: 'nudge', tab, wish: wishHere, kind });
    },
    setWish(wish) {
      if (wish.visible === wishHere.visible && wish.fast === wishHere.fast) return;
      wishHere = { ...wish };
      if (present && !holdsLock) post({ type: 'ping', tab, wish: wishHere });
    },
    publish(next) {
      status = next;
      if (present && holdsLock) post({ type: 'beat', status, fresh: false });
    },
    hide() {
      if (!present) return;
      if (!holdsLock) post({ type: 'bye', tab });
      present = false;
      stopTicking();
      letGo();
      setRole('follower');
    },
    show() {
      if (present) return;
      present = true;
      ask();
      startTicking();
    },
    close() {
      if (present && !holdsLock) post({ type: 'bye', tab });
      present = false;
      stopTicking();
      letGo();
      unlisten();
      channel.close();
      role = 'follower';
    },
  };
}
