/**
 * BENCH_SERVER_NICE=n (Linux, as root): while the online import and the new device's pull run, the
 * sync server (this process: the bench drives Chromium from the process that serves it) and PostgreSQL
 * run at nice n, Chromium at its own. On a device the server is another machine's work; here it shares
 * the two cores with the page: this tells the page's own waits for a core from the server's. A
 * diagnostic, off by default: the bench's figures are taken with everything at one priority.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

export const SERVER_NICE = Number(process.env.BENCH_SERVER_NICE ?? 0);

type Kind = 'bench' | 'postgres';

/** The threads of this process and of every PostgreSQL process, with which of the two each belongs to. */
function serverThreads(): Array<{ tid: number; kind: Kind }> {
  const threads: Array<{ tid: number; kind: Kind }> = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const kind: Kind | null = Number(pid) === process.pid ? 'bench' : readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres' ? 'postgres' : null;
      if (kind) for (const tid of readdirSync(`/proc/${pid}/task`)) threads.push({ tid: Number(tid), kind });
    } catch {
      // gone meanwhile
    }
  }
  return threads;
}

/**
 * Runs `run` with the server's threads at nice SERVER_NICE (set again every second: PostgreSQL forks a
 * backend per connection, Node starts pool threads as it needs them), then puts back what they had: a
 * thread there from the start, its own priority; one that came later (forked from a lowered process,
 * so born lowered), the priority its kind's threads had at the start.
 */
export async function withServerNiced<T>(run: () => Promise<T>): Promise<T> {
  if (!SERVER_NICE) return run();
  const before = new Map<number, number>();
  const atStart = new Map<Kind, number>();
  let first = true;
  const lower = () => {
    for (const { tid, kind } of serverThreads()) {
      try {
        if (!before.has(tid)) {
          const priority = first ? getPriority(tid) : (atStart.get(kind) ?? 0);
          before.set(tid, priority);
          if (first && !atStart.has(kind)) atStart.set(kind, priority);
        }
        setPriority(tid, SERVER_NICE);
      } catch {
        // gone meanwhile
      }
    }
    first = false;
  };
  lower();
  const timer = setInterval(lower, 1000);
  try {
    return await run();
  } finally {
    clearInterval(timer);
    for (const [tid, priority] of before) {
      try {
        setPriority(tid, priority);
      } catch {
        // gone meanwhile
      }
    }
  }
}
