/**
 * Chromium's CPU time by thread, read from /proc (Linux): what a run cost the whole browser, not only
 * the page's main thread. On a two-core machine an import keeps both cores busy (the page's main
 * thread, the IndexedDB backend in the browser process, the spreadsheet worker, the IPC threads), so
 * its time follows its total CPU time: a steadier figure to compare with the baseline's than wall time
 * on a shared machine. Threads are sampled every 100 ms so one that ends during the run (a worker)
 * still counts.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports thread times in clock ticks of 10 ms (USER_HZ = 100 on every Linux kernel built for x86 and ARM). */
const MS_PER_TICK = 10;
const SAMPLE_EVERY_MS = 100;

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

/**
 * The CPU time of every thread of every Chromium process now (and of the server's, with `server`), by
 * pid/tid. `kinds` remembers each process's kind between samples: reading every process's command line
 * ten times a second was most of what sampling cost this process (which, with `server`, is counted).
 */
function threadTimes(server: boolean, kinds: Map<string, string | null>): Map<string, ThreadTime> {
  const times = new Map<string, ThreadTime>();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    let tids: string[];
    let kind = kinds.get(pid);
    try {
      if (kind === undefined) kinds.set(pid, (kind = processKind(pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8'), server)));
      if (!kind) continue;
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // gone meanwhile
    }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
        // After the name: state, then 10 fields, then utime and stime (proc(5): fields 14 and 15).
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        times.set(`${pid}/${tid}`, { group: `${kind}: ${name}`, cpuMs: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK });
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return times;
}

export interface ChromiumCpu {
  totalMs: number;
  /** By thread group, most first. */
  byGroup: Array<[string, number]>;
}

/**
 * Measures Chromium's CPU time while `run` runs; with `server`, the sync server's and PostgreSQL's too
 * (their groups start with 'server:' and 'postgres:').
 */
export async function chromiumCpu<T>(run: () => Promise<T>, { server = false } = {}): Promise<{ result: T; cpu: ChromiumCpu }> {
  const kinds = new Map<string, string | null>();
  const start = threadTimes(server, kinds);
  const last = new Map(start);
  const sample = () => {
    for (const [id, time] of threadTimes(server, kinds)) last.set(id, time);
  };
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  let result: T;
  try {
    result = await run();
  } finally {
    clearInterval(timer);
  }
  sample();
  const groups = new Map<string, number>();
  for (const [id, time] of last) groups.set(time.group, (groups.get(time.group) ?? 0) + time.cpuMs - (start.get(id)?.cpuMs ?? 0));
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
