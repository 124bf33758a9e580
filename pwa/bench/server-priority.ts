/**
 * BENCH_SERVER_NICE=n (Linux, as root): while the online import runs, the sync server (this process:
 * the bench drives Chromium from the process that serves it) and PostgreSQL run at nice n, Chromium at
 * its own. On a device the server is another machine's work; here it shares the two cores with the
 * page, whose long tasks are then garbage collections waiting for a core. A diagnostic, off by default:
 * the bench's figures are taken with everything at one priority.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

export const SERVER_NICE = Number(process.env.BENCH_SERVER_NICE ?? 0);

/** The thread ids of this process and of every PostgreSQL process. */
function serverThreads(): string[] {
  const tids: string[] = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const mine = Number(pid) === process.pid;
      if (!mine && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      tids.push(...readdirSync(`/proc/${pid}/task`));
    } catch {
      // gone meanwhile
    }
  }
  return tids;
}

/**
 * Runs `run` with the server's threads at nice SERVER_NICE (set again every second: PostgreSQL forks a
 * backend per connection, Node starts pool threads as it needs them), then puts back what they had.
 * Runs it as it is when SERVER_NICE is 0.
 */
export async function withServerNiced<T>(run: () => Promise<T>): Promise<T> {
  if (!SERVER_NICE) return run();
  const before = new Map<string, number>();
  const lower = () => {
    for (const tid of serverThreads()) {
      try {
        if (!before.has(tid)) before.set(tid, getPriority(Number(tid)));
        setPriority(Number(tid), SERVER_NICE);
      } catch {
        // gone meanwhile
      }
    }
  };
  lower();
  const timer = setInterval(lower, 1000);
  try {
    return await run();
  } finally {
    clearInterval(timer);
    for (const [tid, priority] of before) {
      try {
        setPriority(Number(tid), priority);
      } catch {
        // gone meanwhile
      }
    }
  }
}
