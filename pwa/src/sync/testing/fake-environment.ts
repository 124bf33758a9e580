/**
 * A controllable SyncEnvironment: connectivity and visibility switches that fire the engine's
 * listeners, and a manual clock whose timers run only when a test advances it — or, with
 * `{ realTime: true }`, the real clock and timers (engines running by themselves against a real server).
 */
import { inProcessLead, inProcessLock, type SyncEnvironment, type TabChannel } from '../environment';

/**
 * What several FakeEnvironments share when they stand for tabs of one browser: the tab channels (a
 * message reaches every other tab, never its sender). Lifetime locks are shared through the realm.
 */
export class FakeBrowser {
  readonly id = Math.random().toString(36).slice(2);
  private readonly listeners = new Map<string, Set<{ tab: object; handler: (message: unknown) => void }>>();

  channel(name: string, tab: object): TabChannel {
    const listeners = this.listeners.get(name) ?? new Set();
    this.listeners.set(name, listeners);
    const mine = new Set<{ tab: object; handler: (message: unknown) => void }>();
    return {
      post: (message) => {
        for (const listener of listeners) if (listener.tab !== tab) queueMicrotask(() => listener.handler(structuredClone(message)));
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

  private readonly browser: FakeBrowser;
  /** Lifetime locks are named per browser, so tabs of different browsers never share a leader. */
  private readonly lockPrefix: string;

  /** `browser`: shared with the other tabs of the same browser (each environment is its own by default). */
  constructor(private readonly options: { realTime?: boolean; browser?: FakeBrowser } = {}) {
    this.browser = options.browser ?? new FakeBrowser();
    this.lockPrefix = `${this.browser.id}:`;
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
    lead: (name, onAcquired) => inProcessLead(`${this.lockPrefix}${name}`, onAcquired),
    channel: (name) => this.browser.channel(`${this.lockPrefix}${name}`, this),
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
}
