/**
 * What the benches record of a page's main thread through the DevTools protocol: its long tasks from a
 * trace (wall and the thread's own CPU time), and a V8 CPU profile to read where the time went.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { attributeTaskDump } from './task-attribution';

/** Where the app the benches serve is built (vite.config.ts: build.outDir), its source maps beside it. */
const DIST_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist');

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; src_file?: string; src_func?: string; type?: string; usedHeapSizeBefore?: number; usedHeapSizeAfter?: number };
}

/**
 * One task of a thread's event loop, with its wall (dur) and thread CPU (tdur) time. The 'toplevel'
 * category records little else, so tracing slows the import measured by a few per cent (the
 * 'devtools.timeline' categories record every function call and event: 20–25 %).
 */
const TASK_EVENT = 'ThreadControllerImpl::RunTask';
/**
 * A microtask checkpoint Blink runs after a task, outside its RunTask event ('toplevel' too): the
 * longtask API counts it in the task's time, so a checkpoint of its own is a task here. Left out, the
 * trace missed one of 220 ms that the API reported (an XLSX sync, 29 November 2026).
 */
const CHECKPOINT_EVENT = 'BlinkScheduler_PerformMicrotaskCheckpoint';

/**
 * A task's own CPU time: its thread time (tdur), but never more than its wall time (dur). One thread
 * cannot run longer than the time that passed, yet here 2–3 % of the main thread's tasks over 2 ms
 * reported more (a 15 ms task with 88 ms of thread time, a 21 ms one with 87 ms: two traces of 27
 * November 2026, a 100,000-row import and the sync after it), and the longest "CPU" task of a run was
 * such a task: the figure measured the artifact.
 */
const cpuOf = (task: TraceEvent) => Math.min(task.tdur ?? 0, task.dur ?? 0);

/**
 * The thread pool of the browser process, where Chromium's IndexedDB backend runs its work: during an
 * import nearly all of that pool's time is the database's (traceMainThread).
 */
const BACKEND_PROCESS = 'Browser';
const BACKEND_THREAD = 'ThreadPoolForegroundWorker';
/** A task of a thread pool (its threads run no event loop). */
const POOL_TASK_EVENT = 'ThreadPool_RunTask';

/**
 * The backend's own events for one stored value ('IndexedDB' trace category): the whole put, and within
 * it the update of the store's indexes and the success callback sent back to the page. What is left of
 * the put is writing the row itself.
 */
const PUT_EVENT = 'Database::PutOperation';
const PUT_INDEXES_EVENT = 'Database::PutOperation.UpdateIndexes';
const PUT_CALLBACKS_EVENT = 'Database::PutOperation.Callbacks';
/**
 * V8's garbage-collection pauses on a thread ('disabled-by-default-v8.gc' trace category, which records
 * only collections): a full one, a young-generation one, and a step of incremental marking.
 */
const GC_EVENTS = new Set(['V8.GC_MARK_COMPACTOR', 'V8.GC_SCAVENGER', 'V8.GC_MINOR_MARK_SWEEPER', 'V8.GC_MC_INCREMENTAL']);
/**
 * A full collection with why V8 ran it ('v8' trace category): its args' `type` is the reason ("finalize
 * incremental marking via task", "external memory pressure", "allocation failure"…) and the heap before
 * and after. The category also records each call into JS, so only the task dumps turn it on.
 */
const MAJOR_GC_EVENT = 'MajorGC';
/** The phases of a full collection's pause on the main thread ('disabled-by-default-v8.gc'): marking, clearing, evacuating… */
const isPausePhase = (name: string) => /^V8\.GC_MC_[A-Z_]+$/.test(name) && !name.includes('BACKGROUND') && !name.startsWith('V8.GC_MC_INCREMENTAL');
const KEPT_EVENTS = new Set(['thread_name', 'process_name', TASK_EVENT, CHECKPOINT_EVENT, POOL_TASK_EVENT, PUT_EVENT, PUT_INDEXES_EVENT, PUT_CALLBACKS_EVENT, MAJOR_GC_EVENT, ...GC_EVENTS]);
/**
 * A mark the page makes at the end of a traced run ('blink.user_timing' category, task dumps only): its
 * trace timestamp beside its performance.now() puts the longtask API's entries on the trace's clock.
 */
const CLOCK_MARK = 'bench:clock';
const kept = (name: string) => KEPT_EVENTS.has(name) || isPausePhase(name) || name === CLOCK_MARK;
/**
 * Any event of 50 ms or more, kept with the task dumps: what a thread was doing during a longtask
 * entry that no traced task covers (placeLongTaskEntries).
 */
const isLongSlice = (event: TraceEvent) => event.ph === 'X' && (event.dur ?? 0) >= 50_000;

/**
 * The top-level tasks of every process of `browser` while `run` runs, with the names of their threads and
 * processes; with `gcReasons`, also why each full collection ran (MAJOR_GC_EVENT).
 */
async function recordTasks(browser: Browser, run: () => Promise<void>, gcReasons = false): Promise<TraceEvent[]> {
  // The browser's session: a page's names no thread of the browser process.
  const cdp = await browser.newBrowserCDPSession();
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => {
    for (const event of value as unknown as TraceEvent[]) if (kept(event.name) || (gcReasons && isLongSlice(event))) events.push(event);
  });
  const complete = new Promise<void>((resolve) =>
    cdp.once('Tracing.tracingComplete', ({ dataLossOccurred }) => {
      // A full trace buffer drops events: the longest task may be among them.
      if (dataLossOccurred) console.log('  The trace lost events (its buffer filled): its longest task may be missing');
      resolve();
    }),
  );
  // A buffer of 1 GB: an online import's trace (90 s and more, every collection's phases in it)
  // filled the default 200 MB, and Chrome's largest record mode too (27 November 2026).
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['toplevel', 'IndexedDB', 'disabled-by-default-v8.gc', ...(gcReasons ? ['v8', 'blink.user_timing'] : [])],
      traceBufferSizeInKb: 1024 * 1024,
    },
    transferMode: 'ReportEvents',
  });
  await run();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return events;
}

/**
 * The main thread's tasks of the page's renderer: its RunTask events, and the microtask checkpoints
 * that ran outside any of them (CHECKPOINT_EVENT).
 */
function mainThreadTasks(events: readonly TraceEvent[]): TraceEvent[] {
  const tasks = tasksOf(events, TASK_EVENT, 'CrRendererMain');
  const within = (e: TraceEvent) => tasks.some((t) => t.pid === e.pid && t.tid === e.tid && t.ts! <= e.ts! && e.ts! < t.ts! + (t.dur ?? 0));
  const checkpoints = tasksOf(events, CHECKPOINT_EVENT, 'CrRendererMain').filter((e) => (e.dur ?? 0) > 5000 && !within(e));
  return [...tasks, ...checkpoints].sort((a, b) => a.ts! - b.ts!);
}

/** The tasks called `event` of the threads called `thread` (of the processes called `process`, when given). */
function tasksOf(events: readonly TraceEvent[], event: string, thread: string, process?: string): TraceEvent[] {
  const pids = new Set(events.filter((e) => e.name === 'process_name' && e.args?.name === process).map((e) => e.pid));
  const threads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === thread && (!process || pids.has(e.pid))).map((e) => `${e.pid}:${e.tid}`));
  return events.filter((e) => e.name === event && threads.has(`${e.pid}:${e.tid}`));
}

export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The IndexedDB backend's tasks (see BACKEND_THREAD): their wall time summed, and their CPU time; and
 * the CPU time of its puts, split into writing the rows, updating the indexes and the callbacks.
 */
function backendTime(events: readonly TraceEvent[]): BackendTime {
  const backend = tasksOf(events, POOL_TASK_EVENT, BACKEND_THREAD, BACKEND_PROCESS);
  const puts = tasksOf(events, PUT_EVENT, BACKEND_THREAD, BACKEND_PROCESS);
  const cpu = (tasks: TraceEvent[]) => sum(tasks.map(cpuOf)) / 1000;
  const [indexesCpuMs, callbacksCpuMs] = [PUT_INDEXES_EVENT, PUT_CALLBACKS_EVENT].map((event) => cpu(tasksOf(events, event, BACKEND_THREAD, BACKEND_PROCESS))) as [number, number];
  return {
    backendBusyMs: sum(backend.map((t) => t.dur ?? 0)) / 1000,
    backendCpuMs: cpu(backend),
    puts: { count: puts.length, rowsCpuMs: cpu(puts) - indexesCpuMs - callbacksCpuMs, indexesCpuMs, callbacksCpuMs },
  };
}

/** What the IndexedDB backend did while a run was traced (backendTime). */
export interface BackendTime {
  backendBusyMs: number;
  backendCpuMs: number;
  /** Its puts (one per stored value) and their CPU time: writing the rows, updating the indexes, the callbacks. */
  puts: { count: number; rowsCpuMs: number; indexesCpuMs: number; callbacksCpuMs: number };
}

/** How long the IndexedDB backend was busy while `run` ran (backendTime). */
export async function traceBackend(browser: Browser, run: () => Promise<void>) {
  return backendTime(await recordTasks(browser, run));
}

/**
 * Records the renderer's top-level tasks while `run` runs. On a shared machine a task's wall time
 * includes the time the OS gave the CPU to others; its thread CPU time (cpuOf) is the work itself.
 * Also sums the tasks of the browser process's thread pool (the IndexedDB backend): how long it was
 * busy shows whether the database, not the page, set the pace.
 */
export async function traceMainThread(page: Page, run: () => Promise<void>, tasksFile?: string) {
  let clock: PageClock | undefined;
  const events = await recordTasks(
    page.context().browser()!,
    async () => {
      const startedAt = tasksFile ? await page.evaluate(() => performance.now()) : 0;
      await run();
      if (tasksFile) clock = await pageClock(page, startedAt);
    },
    tasksFile !== undefined,
  );
  const mainTasks = mainThreadTasks(events);
  const tasks = mainTasks.filter((t) => (t.dur ?? 0) > 20_000);
  const collections = events.filter((e) => GC_EVENTS.has(e.name));
  if (tasksFile) {
    writeLongTasks(tasksFile, tasks, collections, tasksOf(events, MAJOR_GC_EVENT, 'CrRendererMain'), events.filter((e) => isPausePhase(e.name)));
    if (clock) placeLongTaskEntries(tasksFile, clock, events, mainTasks);
  }
  const longestBy = (time: (task: TraceEvent) => number) => tasks.reduce<TraceEvent | undefined>((longest, t) => (!longest || time(t) > time(longest) ? t : longest), undefined);
  const byWall = longestBy((t) => t.dur ?? 0);
  const byCpu = longestBy(cpuOf);
  return {
    traceLongestWallMs: (byWall?.dur ?? 0) / 1000,
    traceLongestCpuMs: byCpu ? cpuOf(byCpu) / 1000 : 0,
    /** Of the longest task (by CPU time), the wall time of the garbage collections in it. */
    longestCpuTaskGcMs: gcWithin(collections, byCpu),
    /** Of the longest task by wall time, the same. */
    longestWallTaskGcMs: gcWithin(collections, byWall),
    tasksOver200CpuMs: tasks.filter((t) => cpuOf(t) > 200_000).length,
    /** Tasks over 20 ms whose thread time was above their wall time (see cpuOf). */
    tasksCpuAboveWall: tasks.filter((t) => (t.tdur ?? 0) > (t.dur ?? 0)).length,
    ...backendTime(events),
  };
}

/** The wall time of the garbage collections (GC_EVENTS of a trace) on `task`'s thread while it ran, in ms (nested scopes counted once). */
function gcWithin(collections: readonly TraceEvent[], task: TraceEvent | undefined): number {
  if (!task?.ts || !task.dur) return 0;
  return pausedMs(collectionsWithin(collections, task), task);
}

/** The wall time of `pauses` (a task's collections, in order: collectionsWithin) within `task`, in ms, nested scopes counted once. */
function pausedMs(pauses: readonly TraceEvent[], task: TraceEvent): number {
  const end = task.ts! + task.dur!;
  let total = 0;
  let coveredTo = 0;
  for (const pause of pauses) {
    const from = Math.max(pause.ts!, coveredTo);
    const to = Math.min(end, pause.ts! + (pause.dur ?? 0));
    if (to > from) total += to - from;
    coveredTo = Math.max(coveredTo, to);
  }
  return total / 1000;
}

/** The garbage collections on `task`'s thread that started while it ran, in order. */
function collectionsWithin(collections: readonly TraceEvent[], task: TraceEvent): TraceEvent[] {
  const end = task.ts! + task.dur!;
  return collections.filter((e) => e.pid === task.pid && e.tid === task.tid && e.ts !== undefined && e.ts >= task.ts! && e.ts < end).sort((a, b) => a.ts! - b.ts!);
}

/**
 * Writes the tasks over 50 ms (start, wall and CPU time, in µs of the clock a V8 CPU profile's
 * timestamps use, and the garbage collections' ms in each): the profile's samples between a task's start
 * and end are what it ran. Beside them, every full collection of the main thread with its reason and heap
 * (`majorGcs`), and a count of the reasons.
 */
function writeLongTasks(file: string, tasks: readonly TraceEvent[], collections: readonly TraceEvent[], majorGcs: readonly TraceEvent[], phases: readonly TraceEvent[]) {
  const long = tasks
    .filter((t) => (t.dur ?? 0) > 50_000)
    .map((t) => {
      const pauses = collectionsWithin(collections, t);
      return {
        ts: t.ts,
        dur: t.dur,
        cpu: cpuOf(t),
        gcMs: pausedMs(pauses, t),
        // Where the task was posted from (a timer, IndexedDB's callback, V8's own collection task…).
        postedFrom: t.args?.src_func && `${t.args.src_file ?? ''}:${t.args.src_func}`,
        collections: pauses.map((e) => ({ name: e.name, ms: (e.dur ?? 0) / 1000 })),
      };
    });
  const fullCollections = majorGcs.map((e) => ({
    ts: e.ts,
    ms: (e.dur ?? 0) / 1000,
    // Its pause's phases over 2 ms (nested ones too: MARK holds MARK_ROOTS…), in ms; those a helper
    // thread ran for it (a parallel job's items: CLEAR_JOIN_JOB waits for them) marked "helper:".
    phases: phases
      .filter((p) => p.pid === e.pid && p.ts! >= e.ts! && p.ts! < e.ts! + (e.dur ?? 0) && (p.dur ?? 0) > 2000)
      .reduce<Record<string, number>>((sums, p) => {
        const phase = `${p.tid === e.tid ? '' : 'helper:'}${p.name.slice('V8.GC_MC_'.length)}`;
        sums[phase] = Math.round((sums[phase] ?? 0) + (p.dur ?? 0) / 1000);
        return sums;
      }, {}),
    reason: e.args?.type,
    heapBeforeMb: Math.round((e.args?.usedHeapSizeBefore ?? 0) / 2 ** 20),
    heapAfterMb: Math.round((e.args?.usedHeapSizeAfter ?? 0) / 2 ** 20),
  }));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ tasks: long, majorGcs: fullCollections }));
  console.log(`  Main-thread tasks over 50 ms: ${file}`);
  const reasons = new Map<string, number[]>();
  for (const { reason = '?', ms } of fullCollections) reasons.set(reason, reasons.get(reason) ?? []).get(reason)!.push(ms);
  for (const [reason, times] of reasons) console.log(`  Full collections, "${reason}": ${times.length}, longest ${Math.round(Math.max(...times))} ms`);
}

/** A long task as the longtask API reports it: its start (the page's performance.now()) and duration, in ms. */
interface LongTaskEntry {
  start: number;
  duration: number;
}

/** Starts recording the page's long tasks (longtask API, wall time) under `name`; read them with longestTask. */
export function watchLongTasks(page: Page, name: string): Promise<void> {
  return page.evaluate((name) => {
    const tasks: LongTaskEntry[] = [];
    (window as unknown as Record<string, LongTaskEntry[]>)[`longTasks:${name}`] = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask' });
  }, name);
}

/** The longest task recorded under `name` so far (0 when none). */
export function longestTask(page: Page, name: string): Promise<number> {
  return page.evaluate((name) => Math.max(0, ...(window as unknown as Record<string, LongTaskEntry[]>)[`longTasks:${name}`]!.map((t) => t.duration)), name);
}

/** The page's clock at a mark (CLOCK_MARK), and the long tasks over 200 ms it recorded under any name since `startedAt`. */
interface PageClock {
  markAt: number;
  long: Array<LongTaskEntry & { name: string }>;
}

function pageClock(page: Page, startedAt: number): Promise<PageClock> {
  return page.evaluate(
    ([mark, startedAt]) => {
      const markAt = performance.mark(mark).startTime;
      const long = Object.entries(window as unknown as Record<string, unknown>)
        .filter(([key]) => key.startsWith('longTasks:'))
        .flatMap(([key, tasks]) =>
          (tasks as LongTaskEntry[]).filter((t) => t.duration > 200 && t.start >= startedAt).map((t) => ({ ...t, name: key.slice('longTasks:'.length) })),
        );
      return { markAt, long };
    },
    [CLOCK_MARK, startedAt] as const,
  );
}

/**
 * The longtask API's entries over 200 ms set on the trace's clock, each with the main thread's traced
 * tasks over 5 ms that overlap it: whether the API's long task is one traced task or several, and what
 * filled the rest. Written beside the task dump (`…-longtask-entries.json`) and summed up in the log.
 */
function placeLongTaskEntries(tasksFile: string, clock: PageClock, events: readonly TraceEvent[], mainTasks: readonly TraceEvent[]) {
  const mark = events.find((e) => e.name === CLOCK_MARK && e.ts !== undefined);
  if (!mark) return console.log('  The trace holds no clock mark: the longtask entries cannot be placed');
  // In time order (mainThreadTasks), as pausedMs needs them.
  const main = mainTasks.filter((t) => t.pid === mark.pid && (t.dur ?? 0) > 5000);
  const threads = new Map(events.filter((e) => e.name === 'thread_name' && e.pid === mark.pid).map((e) => [e.tid, e.args?.name ?? '?']));
  const placed = clock.long.map((entry) => {
    const from = mark.ts! - (clock.markAt - entry.start) * 1000;
    const to = from + entry.duration * 1000;
    const overlapping = main.filter((t) => t.ts! < to && t.ts! + (t.dur ?? 0) > from);
    const covered = pausedMs(overlapping, { ...mark, ts: from, dur: to - from });
    const tasks = overlapping.map((t) => ({
      offsetMs: Math.round((t.ts! - from) / 1000),
      ms: Math.round((t.dur ?? 0) / 1000),
      cpuMs: Math.round(cpuOf(t) / 1000),
      postedFrom: t.args?.src_func && `${t.args.src_file ?? ''}:${t.args.src_func}`,
    }));
    // Everything of 50 ms or more the page's process ran meanwhile, on any thread (isLongSlice).
    const slices = events
      .filter((e) => e.pid === mark.pid && isLongSlice(e) && e.ts! < to && e.ts! + e.dur! > from)
      .map((e) => ({ name: e.name, thread: threads.get(e.tid) ?? String(e.tid), offsetMs: Math.round((e.ts! - from) / 1000), ms: Math.round(e.dur! / 1000) }));
    console.log(`  Long task (${entry.name}) of ${Math.round(entry.duration)} ms: ${tasks.length} traced tasks over 5 ms in it, covering ${Math.round(covered)} ms; the longest ${Math.max(0, ...tasks.map((t) => t.ms))} ms`);
    if (!tasks.length) console.log(`    No task traced in it; events of 50 ms or more in the page's process meanwhile: ${JSON.stringify(slices)}`);
    return { ...entry, tasks, slices };
  });
  writeFileSync(tasksFile.replace(/\.json$/, '-longtask-entries.json'), JSON.stringify(placed));
}

/**
 * Records a V8 CPU profile of the page's main thread while `run` runs, as `dir`/`name`.cpuprofile (when
 * `dir` is set). `tasksFile`: the task dump a trace of the same run wrote (traceMainThread), whose
 * long tasks are then set against the profile (task-attribution.ts).
 */
export async function profileMainThread(page: Page, dir: string | undefined, name: string, run: () => Promise<void>, tasksFile?: string) {
  if (!dir) return run();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  // BENCH_CPU_PROF_US: the sampling interval (µs); sampling often slows the page measured.
  await cdp.send('Profiler.setSamplingInterval', { interval: Number(process.env.BENCH_CPU_PROF_US ?? 500) });
  await cdp.send('Profiler.start');
  await run();
  const { profile } = await cdp.send('Profiler.stop');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  console.log(`  CPU profile of the main thread: ${file}`);
  if (tasksFile && existsSync(tasksFile)) attributeTaskDump(tasksFile, file, DIST_DIR);
}
