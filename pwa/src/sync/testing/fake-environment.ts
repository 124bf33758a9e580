/**
 * A controllable SyncEnvironment: connectivity and visibility switches that fire the engine's
 * listeners, and a manual clock whose timers run only when a test advances it — or, with
 * `{ realTime: true }`, the real clock and timers (engines running by themselves against a real server).
 */
import { inProcessLock, type SyncEnvironment } from '../environment';

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

  constructor(private readonly options: { realTime?: boolean } = {}) {}

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
