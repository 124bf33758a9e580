/**
 * What the engine needs from its surroundings — connectivity, visibility, cross-tab locks, timers —
 * behind one interface, so tests drive it without a browser and the browser defaults degrade
 * gracefully where an API is missing (no navigator.locks: an in-process lock; no document: visible).
 */

export interface SyncEnvironment {
  isOnline(): boolean;
  isVisible(): boolean;
  /** Subscribes to connectivity and visibility changes; returns the unsubscribe. */
  listen(handlers: { online(): void; offline(): void; visibilityChange(): void }): () => void;
  /** Runs `task` while holding the named lock, one holder at a time across tabs. */
  withLock<T>(name: string, task: () => Promise<T>): Promise<T>;
  /**
   * Asks for the named lock and keeps it until released (or the tab closes): one holder at a time
   * across the browser's tabs. `onAcquired` runs when this tab gets it. Returns the release.
   */
  lead(name: string, onAcquired: () => void): () => void;
  /** Messages between this origin's tabs (BroadcastChannel); a channel that reaches no one where missing. */
  channel(name: string): TabChannel;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  now(): number;
  random(): number;
}

export interface TabChannel {
  post(message: unknown): void;
  /** Returns the unsubscribe. */
  listen(handler: (message: unknown) => void): () => void;
  close(): void;
}

const inProcessLocks = new Map<string, Promise<unknown>>();

/** Lifetime locks within this JavaScript realm: each name's holders in the order they asked. */
const inProcessLeaders = new Map<string, Array<{ onAcquired: () => void }>>();

/** One holder at a time within this realm; the next in line takes over on release. */
export function inProcessLead(name: string, onAcquired: () => void): () => void {
  const queue = inProcessLeaders.get(name) ?? [];
  inProcessLeaders.set(name, queue);
  const entry = { onAcquired };
  queue.push(entry);
  if (queue.length === 1) onAcquired();
  return () => {
    const at = queue.indexOf(entry);
    if (at === -1) return;
    queue.splice(at, 1);
    if (at === 0) queue[0]?.onAcquired();
  };
}

const silentChannel: TabChannel = { post: () => {}, listen: () => () => {}, close: () => {} };

/** A BroadcastChannel as a TabChannel (it does not deliver a tab's own messages back to it). */
export function broadcastChannel(name: string): TabChannel {
  if (typeof globalThis.BroadcastChannel !== 'function') return silentChannel;
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    listen(handler) {
      const onMessage = (event: MessageEvent) => handler(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}

/** One holder at a time within this JavaScript realm (enough where navigator.locks is missing). */
export function inProcessLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const previous = inProcessLocks.get(name) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  inProcessLocks.set(name, settled);
  void settled.then(() => {
    if (inProcessLocks.get(name) === settled) inProcessLocks.delete(name);
  });
  return run;
}

export function browserEnvironment(): SyncEnvironment {
  const nav = globalThis.navigator as Navigator | undefined;
  const doc = globalThis.document as Document | undefined;
  return {
    isOnline: () => nav?.onLine ?? true,
    isVisible: () => doc?.visibilityState !== 'hidden',
    listen(handlers) {
      if (typeof globalThis.addEventListener !== 'function') return () => {};
      globalThis.addEventListener('online', handlers.online);
      globalThis.addEventListener('offline', handlers.offline);
      doc?.addEventListener('visibilitychange', handlers.visibilityChange);
      return () => {
        globalThis.removeEventListener('online', handlers.online);
        globalThis.removeEventListener('offline', handlers.offline);
        doc?.removeEventListener('visibilitychange', handlers.visibilityChange);
      };
    },
    withLock(name, task) {
      const locks = nav?.locks;
      return locks ? (locks.request(name, task) as Promise<Awaited<ReturnType<typeof task>>>) : inProcessLock(name, task);
    },
    lead(name, onAcquired) {
      const locks = nav?.locks;
      if (!locks) return inProcessLead(name, onAcquired);
      const waiting = new AbortController();
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      locks
        .request(name, { signal: waiting.signal }, () => {
          onAcquired();
          return held;
        })
        .catch(() => undefined); // aborted while waiting: released before it was granted
      return () => {
        waiting.abort();
        release();
      };
    },
    channel: broadcastChannel,
    setTimer: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimer: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
    random: () => Math.random(),
  };
}
