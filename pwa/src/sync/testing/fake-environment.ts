/**
 * A controllable SyncEnvironment: connectivity, visibility and page lifecycle switches that fire the
 * engine's listeners, and a manual clock whose timers run only when a test advances it — or, with
 * `{ realTime: true }`, the real clock and timers (engines running by themselves against a real server).
 * Environments given one FakeBrowser stand for tabs of one browser: they share its tab channels and
 * leader locks.
 */
import { inProcessLead, inProcessLock, type SyncEnvironment, type TabChannel } from '../environment';

type Listener = { tab: object; handler: (message: unknown) => void };

export class FakeBrowser {
  /** Leader locks are named per browser, so tabs of different browsers never share a leader. */
  readonly id = Math.random().toString(36).slice(2);
  /** When false, channels reach no one (a browser without BroadcastChannel). */
  channels = true;
  readonly posted: Array<{ name: string; message: unknown }> = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  channel(name: string, tab: object): TabChannel {
    const listeners = this.listeners.get(name) ?? new Set<Listener>();
    this.listeners.set(name, listeners);
    const mine = new Set<Listener>();
    return {
      post: (message) => {
        if (!this.channels) return;
        this.posted.push({ name, message });
        // Like BroadcastChannel: a copy, later, to every other listener.
        for (const listener of listeners) if (listener.tab !== tab) queueMicrotask(() => listeners.has(listener) && listener.handler(structuredClone(message)));
      },
      listen: (handler) => {
        const listener = { tab, handler };
        listeners.add(listener);
        mine.add(listener);
        return () => {
          listeners.delete(listener);
          mine.delete(listener);
        };
      },
      close: () => {
        for (const listener of mine) listeners.delete(listener);
        mine.clear();
      },
    };
  }
}

interface Timer {
  at: number;
  callback: () => void;
}

export class FakeEnvironment {
  online = true;
  visible = true;
  time = 1_000_000;
  readonly locksTaken: string[] = [];
  private readonly timers = new Map<number, Timer>();
  private nextHandle = 1;
  private handlers: Array<Parameters<SyncEnvironment['listen']>[0]> = [];

  readonly browser: FakeBrowser;

  /** `browser`: shared with the other tabs of the same browser (each environment is its own by default). */
  constructor(private readonly options: { realTime?: boolean; browser?: FakeBrowser } = {}) {
    this.browser = options.browser ?? new FakeBrowser();
  }

  readonly env: SyncEnvironment = {
    isOnline: () => this.online,
    isVisible: () => this.visible,
    listen: (handlers) => {
      this.handlers.push(handlers);
      return () => {
        this.handlers = this.handlers.filter((h) => h !== handlers);
      };
    },
    withLock: (name, task) => {
      this.locksTaken.push(name);
      return inProcessLock(name, task);
    },
    lead: (name, onAcquired) => inProcessLead(`${this.browser.id}:${name}`, onAcquired),
    channel: (name) => this.browser.channel(name, this),
    setTimer: (callback, ms) => {
      if (this.options.realTime) return setTimeout(callback, ms);
      const handle = this.nextHandle++;
      this.timers.set(handle, { at: this.time + ms, callback });
      return handle;
    },
    clearTimer: (handle) => {
      if (this.options.realTime) return clearTimeout(handle as ReturnType<typeof setTimeout>);
      this.timers.delete(handle as number);
    },
    now: () => (this.options.realTime ? Date.now() : this.time),
    random: () => (this.options.realTime ? Math.random() : 0.5),
  };

  /** Delays of the timers now pending, from the current time. */
  pendingDelays(): number[] {
    return [...this.timers.values()].map((t) => t.at - this.time).sort((a, b) => a - b);
  }

  /** In how many ms the next timer falls due, or null when none is pending. */
  nextDueIn(): number | null {
    const delays = this.pendingDelays();
    return delays.length ? Math.max(0, delays[0]!) : null;
  }

  /** Moves the clock forward, firing the timers that fall due. */
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = until;
  }

  setOnline(online: boolean): void {
    this.online = online;
    for (const h of this.handlers) (online ? h.online : h.offline)();
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    for (const h of this.handlers) h.visibilityChange();
  }

  /** pagehide (or freeze): the page is going away or into the back/forward cache. */
  hidePage(): void {
    for (const h of this.handlers) h.pageHide();
  }

  /** pageshow from the back/forward cache (or resume). */
  showPage(): void {
    for (const h of this.handlers) h.pageShow();
  }
}
