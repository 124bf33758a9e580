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
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  now(): number;
  random(): number;
}

const inProcessLocks = new Map<string, Promise<unknown>>();

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
    setTimer: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimer: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
    random: () => Math.random(),
  };
}
