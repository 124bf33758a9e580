/**
 * What the engine needs from its surroundings — connectivity, visibility, the page's lifecycle,
 * cross-tab locks and messages, timers — behind one interface, so tests drive it without a browser and
 * the browser defaults degrade gracefully where an API is missing (no navigator.locks: in-process
 * locks, so every tab leads itself; no BroadcastChannel: a channel that reaches no one; no document:
 * visible).
 */

export interface EnvironmentHandlers {
  online(): void;
  offline(): void;
  visibilityChange(): void;
  /**
   * The page is going away or being put on hold: `pagehide` (unloading, or entering the back/forward
   * cache, where it would keep its locks while never running) or `freeze`.
   */
  pageHide(): void;
  /** The page runs again after pageHide: `pageshow` from the back/forward cache, or `resume`. */
  pageShow(): void;
}

export interface SyncEnvironment {
  isOnline(): boolean;
  isVisible(): boolean;
  /** Subscribes to connectivity, visibility and page lifecycle changes; returns the unsubscribe. */
  listen(handlers: EnvironmentHandlers): () => void;
  /** Runs `task` while holding the named lock, one holder at a time across tabs. */
  withLock<T>(name: string, task: () => Promise<T>): Promise<T>;
  /**
   * Asks for the named lock and keeps it until released (or the tab closes): one holder at a time
   * across the browser's tabs. `onAcquired` runs when this tab gets it, never after the release.
   * Returns the release, which also withdraws a request still waiting.
   */
  lead(name: string, onAcquired: () => void): () => void;
  /** Messages between this origin's tabs. */
  channel(name: string): TabChannel;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  now(): number;
  random(): number;
}

export interface TabChannel {
  /** Reaches every other tab listening on the same name, never the sender. */
  post(message: unknown): void;
  /** Returns the unsubscribe. */
  listen(handler: (message: unknown) => void): () => void;
  close(): void;
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

/** Lifetime locks within this JavaScript realm: each name's holders in the order they asked. */
const inProcessLeaders = new Map<string, Array<{ onAcquired: () => void }>>();

/** A lifetime lock within this realm: one holder at a time, the next in line takes over on release. */
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
    if (queue.length === 0) inProcessLeaders.delete(name);
    else if (at === 0) queue[0]!.onAcquired();
  };
}

/** A lifetime Web Lock: held by a promise that the release resolves. */
function webLockLead(locks: LockManager, name: string, onAcquired: () => void): () => void {
  const waiting = new AbortController();
  let released = false;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  locks
    .request(name, { signal: waiting.signal }, () => {
      // Granted after the release was asked for (the grant was already on its way): give it back.
      if (released) return undefined;
      onAcquired();
      return held;
    })
    .catch(() => undefined); // withdrawn while waiting
  return () => {
    if (released) return;
    released = true;
    waiting.abort();
    release();
  };
}

const silentChannel: TabChannel = { post: () => {}, listen: () => () => {}, close: () => {} };

/** A BroadcastChannel as a TabChannel (it does not deliver a tab's own messages back to it). */
export function broadcastChannel(name: string): TabChannel {
  if (typeof globalThis.BroadcastChannel !== 'function') return silentChannel;
  const channel = new BroadcastChannel(name);
  let closed = false;
  return {
    post: (message) => {
      if (!closed) channel.postMessage(message);
    },
    listen(handler) {
      const onMessage = (event: MessageEvent) => handler(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => {
      closed = true;
      channel.close();
    },
  };
}

export function browserEnvironment(): SyncEnvironment {
  const nav = globalThis.navigator as Navigator | undefined;
  const doc = globalThis.document as Document | undefined;
  return {
    isOnline: () => nav?.onLine ?? true,
    isVisible: () => doc?.visibilityState !== 'hidden',
    listen(handlers) {
      if (typeof globalThis.addEventListener !== 'function') return () => {};
      const onPageShow = (event: PageTransitionEvent) => {
        // The first pageshow of a document is its load: only a page back from the cache resumes.
        if (event.persisted) handlers.pageShow();
      };
      globalThis.addEventListener('online', handlers.online);
      globalThis.addEventListener('offline', handlers.offline);
      globalThis.addEventListener('pagehide', handlers.pageHide);
      globalThis.addEventListener('pageshow', onPageShow);
      doc?.addEventListener('visibilitychange', handlers.visibilityChange);
      doc?.addEventListener('freeze', handlers.pageHide);
      doc?.addEventListener('resume', handlers.pageShow);
      return () => {
        globalThis.removeEventListener('online', handlers.online);
        globalThis.removeEventListener('offline', handlers.offline);
        globalThis.removeEventListener('pagehide', handlers.pageHide);
        globalThis.removeEventListener('pageshow', onPageShow);
        doc?.removeEventListener('visibilitychange', handlers.visibilityChange);
        doc?.removeEventListener('freeze', handlers.pageHide);
        doc?.removeEventListener('resume', handlers.pageShow);
      };
    },
    withLock(name, task) {
      const locks = nav?.locks;
      return locks ? (locks.request(name, task) as Promise<Awaited<ReturnType<typeof task>>>) : inProcessLock(name, task);
    },
    lead(name, onAcquired) {
      const locks = nav?.locks;
      return locks ? webLockLead(locks, name, onAcquired) : inProcessLead(name, onAcquired);
    },
    channel: broadcastChannel,
    setTimer: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimer: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
    random: () => Math.random(),
  };
}
