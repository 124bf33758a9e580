/**
 * Chromium's CPU time by thread, read from /proc (Linux): what a run cost the whole browser, not only
 * the page's main thread. On a two-core machine an import keeps both cores busy (the page's main
 * thread, the IndexedDB backend in the browser process, the spreadsheet worker, the IPC threads), so
 * its time follows its total CPU time: a steadier figure to compare with the baseline's than wall time
 * on a shared machine.
 *
 * Threads are read twice a second, and each process's own total too, which keeps the time of its
 * threads that ended (a worker): what a thread did after the last reading before it ended is counted
 * as its process's "ended threads". Read ten times a second, every thread of every process, the
 * sampling took 1.5 s of CPU in a 20 s run (a CPU profile of the bench's process, 29 November 2026),
 * on the same two cores as what it measured, and counted as the server's when that is measured.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports thread times in clock ticks of 10 ms (USER_HZ = 100 on every Linux kernel built for x86 and ARM). */
const MS_PER_TICK = 10;
const SAMPLE_EVERY_MS = 500;

interface ThreadTime {
  /** The thread's group: its process's kind and the thread's name (Chromium names its threads). */
  group: string;
  cpuMs: number;
}

/**
 * The process kind a thread's group starts with: a Chromium process's (browser, renderer, gpu-process…),
 * or, with `server`, 'server' for this process (the sync server the bench serves from, and Playwright's
 * client) and 'postgres' for PostgreSQL's; null for a process not counted.
 */
function processKind(pid: string, command: string, server: boolean): string | null {
  const program = command.split('\0')[0] ?? '';
  if (/chrom/i.test(program)) return /--type=([\w-]+)/.exec(command)?.[1] ?? 'browser';
  if (!server) return null;
  if (Number(pid) === process.pid) return 'server';
  return /^postgres|\/postgres$/.test(program) ? 'postgres' : null;
}

/** A thread's or process's name and CPU time from its stat file (proc(5)). */
function statTime(path: string): { name: string; cpuMs: number } {
  const stat = readFileSync(path, 'utf8');
  // After the name: state, then 10 fields, then utime and stime (proc(5): fields 14 and 15).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, ''), cpuMs: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK };
}

/** One reading: each counted thread by pid/tid, and each counted process's total (its ended threads included) by pid. */
interface Reading {
  threads: Map<string, ThreadTime>;
  processes: Map<string, ThreadTime>;
}

/**
 * The CPU time of every thread of every Chromium process now (and of the server's, with `server`),
 * with each process's total. `kinds` remembers each process's kind between readings: reading every
 * process's command line each time was most of what sampling cost this process.
 */
function readTimes(server: boolean, kinds: Map<string, string | null>): Reading {
  const reading: Reading = { threads: new Map(), processes: new Map() };
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    let tids: string[];
    let kind = kinds.get(pid);
    try {
      if (kind === undefined) kinds.set(pid, (kind = processKind(pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8'), server)));
      if (!kind) continue;
      tids = readdirSync(`/proc/${pid}/task`);
      reading.processes.set(pid, { group: `${kind}: ${ENDED_THREADS}`, cpuMs: statTime(`/proc/${pid}/stat`).cpuMs });
    } catch {
      continue; // gone meanwhile
    }
    for (const tid of tids) {
      try {
        const { name, cpuMs } = statTime(`/proc/${pid}/task/${tid}/stat`);
        reading.threads.set(`${pid}/${tid}`, { group: `${kind}: ${name}`, cpuMs });
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return reading;
}

/** The group of a process's time that none of its threads still running at a reading accounts for. */
const ENDED_THREADS = 'ended threads';

export interface ChromiumCpu {
  totalMs: number;
  /** By thread group, most first. */
  byGroup: Array<[string, number]>;
}

/**
 * Measures Chromium's CPU time while `run` runs; with `server`, the sync server's and PostgreSQL's too
 * (their groups start with 'server:' and 'postgres:'). `everyMs`: how often threads are read.
 */
export async function chromiumCpu<T>(run: () => Promise<T>, { server = false, everyMs = SAMPLE_EVERY_MS } = {}): Promise<{ result: T; cpu: ChromiumCpu }> {
  const kinds = new Map<string, string | null>();
  const start = readTimes(server, kinds);
  const last: Reading = { threads: new Map(start.threads), processes: new Map(start.processes) };
  const sample = () => {
    const now = readTimes(server, kinds);
    for (const part of ['threads', 'processes'] as const) for (const [id, time] of now[part]) last[part].set(id, time);
  };
  const timer = setInterval(sample, everyMs);
  let result: T;
  try {
    result = await run();
  } finally {
    clearInterval(timer);
  }
  sample();
  const groups = new Map<string, number>();
  const add = (group: string, ms: number) => groups.set(group, (groups.get(group) ?? 0) + ms);
  // Each process's time beyond what its threads' readings account for: threads that ended between readings.
  const unaccounted = new Map<string, number>();
  for (const [pid, time] of last.processes) unaccounted.set(pid, time.cpuMs - (start.processes.get(pid)?.cpuMs ?? 0));
  for (const [id, time] of last.threads) {
    const ms = time.cpuMs - (start.threads.get(id)?.cpuMs ?? 0);
    add(time.group, ms);
    const pid = id.slice(0, id.indexOf('/'));
    unaccounted.set(pid, (unaccounted.get(pid) ?? 0) - ms);
  }
  for (const [pid, ms] of unaccounted) if (ms > 0) add(last.processes.get(pid)!.group, ms);
  const byGroup = [...groups].filter(([, ms]) => ms > 0).sort((a, b) => b[1] - a[1]);
  return { result, cpu: { totalMs: byGroup.reduce((sum, [, ms]) => sum + ms, 0), byGroup } };
}

/** What the groups that matter here are (Linux cuts a thread's name to 15 characters). */
const GROUP_NAMES: Record<string, string> = {
  'renderer: chromium': "the page's main thread",
  'browser: ThreadPoolForeg': 'the IndexedDB backend (browser thread pool)',
  'renderer: DedicatedWorker': 'the spreadsheet worker',
  'renderer: Chrome_ChildIOT': "the page's IPC thread",
  'browser: Chrome_IOThread': "the browser's IPC thread",
  'renderer: ThreadPoolForeg': "the page's thread pool (garbage collection)",
  'renderer: Compositor': "the page's compositor",
  'gpu-process: VizCompositorTh': 'the display compositor',
};

/** The server's threads and PostgreSQL's processes, each kind summed as one. */
const SERVER_KINDS: Record<string, string> = {
  server: "the sync server (the bench's process, Playwright's client in it)",
  postgres: 'PostgreSQL',
};

/** The groups over a tenth of a second, as "the IndexedDB backend (browser thread pool) 6.45 s, …"; the server's kinds each summed. */
export function cpuText({ byGroup }: ChromiumCpu): string {
  const summed = new Map<string, number>();
  for (const [group, ms] of byGroup) {
    const kind = group.slice(0, group.indexOf(':'));
    const name = SERVER_KINDS[kind] ?? GROUP_NAMES[group] ?? group;
    summed.set(name, (summed.get(name) ?? 0) + ms);
  }
  return [...summed]
    .sort((a, b) => b[1] - a[1])
    .filter(([, ms]) => ms >= 100)
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)} s`)
    .join(', ');
}
