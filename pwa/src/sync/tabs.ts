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
 * the sync lock (round.ts); one driver only saves work.
 */
import type { SyncEnvironment, TabChannel } from './environment';
import type { SyncStatus } from './status-store';

/** The parts of a leader's status that live only in its memory, for its followers' screens. */
export const LEADER_STATUS_FIELDS = ['syncing', 'pushProgress', 'pullProgress', 'nextRetryAt'] as const;
export type LeaderStatus = Pick<SyncStatus, (typeof LEADER_STATUS_FIELDS)[number]>;

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

const noWish: PollWish = { visible: false, fast: false };

/** What both sides of a tab's link share: who it is, its role, whether it runs, what its screens want. */
interface TabLink {
  readonly tab: string;
  role: TabRole;
  /** Between pagehide/freeze and pageshow/resume, and after close: the tab says and hears nothing. */
  present: boolean;
  /** Holds the leader lock. */
  holdsLock: boolean;
  wishHere: PollWish;
  post(message: TabMessage): void;
  setRole(next: TabRole): void;
}

export function joinTabs(env: SyncEnvironment, name: string, handlers: TabsHandlers, timing: TabsTiming = DEFAULT_TABS_TIMING): Tabs {
  const channel: TabChannel = env.channel(`${name}:tabs`);
  const link: TabLink = {
    tab: env.random().toString(36).slice(2) + env.now().toString(36),
    role: 'follower',
    present: true,
    holdsLock: false,
    wishHere: noWish,
    post: (message) => channel.post(message),
    setRole(next) {
      if (next === link.role) return;
      link.role = next;
      handlers.roleChanged(next);
    },
  };
  const follower = followerSide(env, link, handlers, timing);
  const leader = leaderSide(env, `${name}:leader`, link, handlers, timing, () => follower.stopTicking());
  const unlisten = channel.listen((raw) => {
    if (link.present) hear(raw as TabMessage, link, leader, follower);
  });

  leader.ask();
  follower.startTicking();

  /** The tab leaves, for now (pagehide) or for good (close): a follower says bye, a leader lets go. */
  function leave() {
    if (link.present && !link.holdsLock) link.post({ type: 'bye', tab: link.tab });
    link.present = false;
    follower.stopTicking();
    leader.letGo();
  }

  return {
    get role() {
      return link.role;
    },
    get driving() {
      return link.role !== 'follower';
    },
    get wishElsewhere() {
      return link.holdsLock ? leader.wishElsewhere() : { ...noWish };
    },
    nudge(kind) {
      if (link.present && !link.holdsLock) link.post({ type: 'nudge', tab: link.tab, wish: link.wishHere, kind });
    },
    setWish(wish) {
      if (wish.visible === link.wishHere.visible && wish.fast === link.wishHere.fast) return;
      link.wishHere = { ...wish };
      if (link.present && !link.holdsLock) link.post({ type: 'ping', tab: link.tab, wish: link.wishHere });
    },
    publish: (status) => leader.publish(status),
    hide() {
      if (!link.present) return;
      leave();
      link.setRole('follower');
    },
    show() {
      if (link.present) return;
      link.present = true;
      leader.ask();
      follower.startTicking();
    },
    close() {
      leave();
      unlisten();
      channel.close();
      link.role = 'follower';
    },
  };
}

type LeaderSide = ReturnType<typeof leaderSide>;
type FollowerSide = ReturnType<typeof followerSide>;

/** Routes a message from another tab to the side it is for. */
function hear(message: TabMessage, link: TabLink, leader: LeaderSide, follower: FollowerSide) {
  switch (message?.type) {
    case 'ping':
    case 'nudge':
    case 'bye':
      if (link.holdsLock) leader.heard(message);
      return;
    case 'beat':
      // Only one tab holds the lock; a beat reaching a leader is from a tab that has just let go.
      if (!link.holdsLock) follower.heardBeat(message);
  }
}

/**
 * The leader side: asks for the leader lock and, holding it, answers the followers' pings and nudges
 * with beats, keeps what their screens want from polling, and beats its live status to them.
 * `onLead`: called when the lock is granted, before this tab takes the leader's role.
 */
function leaderSide(env: SyncEnvironment, lockName: string, link: TabLink, handlers: TabsHandlers, timing: TabsTiming, onLead: () => void) {
  let releaseLock: (() => void) | null = null;
  let status: LeaderStatus = idleStatus;
  /** The other tabs' wishes, with when they last said so (a crashed tab says nothing more). */
  const wishes = new Map<string, PollWish & { at: number }>();

  function wishElsewhere(): PollWish {
    const since = env.now() - 3 * timing.answerMs;
    const together = { ...noWish };
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

  return {
    wishElsewhere,
    ask() {
      if (releaseLock) return;
      releaseLock = env.lead(lockName, () => {
        link.holdsLock = true;
        onLead();
        wishes.clear();
        link.setRole('leader');
        link.post({ type: 'beat', status, fresh: true });
      });
    },
    letGo() {
      releaseLock?.();
      releaseLock = null;
      link.holdsLock = false;
      wishes.clear();
    },
    /** A follower's ping, nudge or bye. */
    heard(message: Exclude<TabMessage, { type: 'beat' }>) {
      if (message.type === 'bye') {
        noteWish(message.tab, null);
        return;
      }
      link.post({ type: 'beat', status, fresh: false });
      noteWish(message.tab, message.wish);
      if (message.type === 'nudge') handlers.nudged(message.kind);
    },
    publish(next: LeaderStatus) {
      status = next;
      if (link.present && link.holdsLock) link.post({ type: 'beat', status, fresh: false });
    },
  };
}

/**
 * The follower side: pings every `answerMs` while the lock is held elsewhere, stands in when a whole
 * period passes without a beat, and steps back when it hears one.
 */
function followerSide(env: SyncEnvironment, link: TabLink, handlers: TabsHandlers, timing: TabsTiming) {
  /** A beat arrived since the last ping. */
  let answered = false;
  let tick: unknown = null;

  /** Judges the last period, then pings for the next. */
  function ping() {
    tick = null;
    if (link.holdsLock || !link.present) return;
    if (!answered) link.setRole('standIn');
    answered = false;
    link.post({ type: 'ping', tab: link.tab, wish: link.wishHere });
    tick = env.setTimer(ping, timing.answerMs);
  }

  return {
    startTicking() {
      if (tick !== null || link.holdsLock) return;
      // The first verdict comes one period after this ping.
      answered = true;
      ping();
    },
    stopTicking() {
      if (tick !== null) env.clearTimer(tick);
      tick = null;
    },
    heardBeat(message: Extract<TabMessage, { type: 'beat' }>) {
      answered = true;
      if (link.role === 'standIn') link.setRole('follower');
      handlers.leaderStatus(message.status);
      if (message.fresh) link.post({ type: 'ping', tab: link.tab, wish: link.wishHere });
    },
  };
}
