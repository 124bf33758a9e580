/**
 * Where each long main-thread task's time went: the tasks a trace recorded (main-thread.ts:
 * writeLongTasks) set against a V8 CPU profile of the same run (profileMainThread), each frame named
 * from the built app's source maps (the bundle's names are minified: `ge`, `kt`). Until now every long
 * task was placed in its profile by hand; with both BENCH_CPU_PROF and BENCH_TASKS set the bench now
 * prints, for its longest tasks, the functions the samples inside them were in: their own time (self)
 * and the time under them (within; the app's own functions apart), as shares of the task's samples.
 *
 * The trace and the profile use the same clock (Chromium's monotonic TimeTicks, in µs): a task's `ts`
 * is where its samples start. The shares are of the samples taken inside the task; a thread waiting
 * for a core is sampled too, in the frame it waits in, so they say where the task was, not what it cost
 * of the CPU.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

export interface CallFrame {
  functionName: string;
  url: string;
  /** 0-based, as V8 reports them. */
  lineNumber: number;
  columnNumber: number;
}

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame; children?: number[] }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A task as the task dump holds it (µs): its start and wall time, with its CPU and collections' time. */
export interface DumpedTask {
  ts: number;
  dur: number;
  cpu: number;
  gcMs: number;
}

export interface FrameShare {
  frame: string;
  /** Per cent of the task's samples. */
  share: number;
}

export interface AttributedTask {
  startMs: number;
  wallMs: number;
  cpuMs: number;
  gcMs: number;
  samples: number;
  self: FrameShare[];
  within: FrameShare[];
  /** `within`, the app's own functions only (its sources, not its libraries'): which of its code ran. */
  app: FrameShare[];
}

/** Turns a frame of the built app into `name (source:line)`; frames it cannot place keep their own name. */
export type FrameNamer = (frame: CallFrame) => string;

/** A frame of the app's own sources, as sourceMapNamer names it. */
const isAppFrame = (name: string) => /\((pwa|shared)\//.test(name);

/** Frames that are V8's own states, not functions: their names say what they are. */
const isStateFrame = (name: string) => name.startsWith('(');
const IDLE = '(idle)';
const ROOT = '(root)';

/**
 * Names frames from the source maps beside the built files (`distDir`/assets/x.js.map for a frame of
 * …/assets/x.js): the original file and line where the function starts, with the original name when
 * the map records one there, the file relative to `root`. Each map is read once.
 */
export function sourceMapNamer(distDir: string, root = process.cwd()): FrameNamer {
  const consumers = new Map<string, SourceMapConsumer | null>();
  const consumerFor = (url: string): SourceMapConsumer | null => {
    const file = url.split('?')[0]!.split('/').pop() ?? '';
    if (!file.endsWith('.js')) return null;
    if (!consumers.has(file)) {
      let consumer: SourceMapConsumer | null = null;
      try {
        consumer = new SourceMapConsumer(JSON.parse(readFileSync(path.join(distDir, 'assets', `${file}.map`), 'utf8')) as RawSourceMap);
      } catch {
        // No map for it (a worker's or Chromium's own script): the frame keeps its name.
      }
      consumers.set(file, consumer);
    }
    return consumers.get(file)!;
  };
  return (frame) => {
    const name = frame.functionName || '(anonymous)';
    if (isStateFrame(name) || !frame.url) return name;
    const consumer = consumerFor(frame.url);
    if (!consumer) return name;
    const original = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!original.source) return name;
    const source = path.relative(root, path.resolve(distDir, 'assets', original.source));
    return `${original.name ?? name} (${source}:${original.line})`;
  };
}

/** The frames' own names, as in the profile (for a profile with no source maps at hand). */
export const plainNamer: FrameNamer = (frame) => frame.functionName || (frame.url ? '(anonymous)' : '(program)');

/**
 * For each task, the frames its samples were in: `self`, the frame each sample stopped in; `within`,
 * every frame on the sample's stack (each counted once per sample), most first, `top` of each.
 */
export function attributeTasks(profile: CpuProfile, tasks: readonly DumpedTask[], nameOf: FrameNamer, top = 8): AttributedTask[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const names = new Map<number, string>();
  const nameOfNode = (id: number) => {
    let name = names.get(id);
    if (name === undefined) names.set(id, (name = nameOf(byId.get(id)!.callFrame)));
    return name;
  };
  // Each sample's time: the profile gives the gap before it.
  const times: number[] = [];
  let time = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((time += delta));
  return tasks.map((task) => {
    const self = new Map<string, number>();
    const within = new Map<string, number>();
    let samples = 0;
    for (let i = 0; i < times.length; i += 1) {
      if (times[i]! < task.ts || times[i]! > task.ts + task.dur) continue;
      const leaf = profile.samples[i]!;
      const leafName = nameOfNode(leaf);
      if (leafName === IDLE) continue;
      samples += 1;
      self.set(leafName, (self.get(leafName) ?? 0) + 1);
      const seen = new Set<string>();
      for (let id: number | undefined = leaf; id !== undefined; id = parentOf.get(id)) {
        const name = nameOfNode(id);
        if (name === ROOT || seen.has(name)) continue;
        seen.add(name);
        within.set(name, (within.get(name) ?? 0) + 1);
      }
    }
    const shares = (counts: Map<string, number>, kept: (frame: string) => boolean = () => true) =>
      [...counts]
        .filter(([frame]) => kept(frame))
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([frame, count]) => ({ frame, share: Math.round((100 * count) / samples) }));
    return {
      startMs: Math.round((task.ts - profile.startTime) / 1000),
      wallMs: Math.round(task.dur / 1000),
      cpuMs: Math.round(task.cpu / 1000),
      gcMs: Math.round(task.gcMs),
      samples,
      self: shares(self),
      within: shares(within),
      app: shares(within, isAppFrame),
    };
  });
}

const shareText = (shares: readonly FrameShare[]) => shares.map(({ frame, share }) => `${frame} ${share}%`).join(', ');

/** One task's attribution in two lines of the bench's log. */
export function attributionText(task: AttributedTask): string {
  return [
    `  Task of ${task.wallMs} ms (${task.cpuMs} ms of CPU, ${task.gcMs} ms collection) ${(task.startMs / 1000).toFixed(2)} s into the profile, ${task.samples} samples`,
    `    self: ${shareText(task.self)}`,
    `    within, the app's functions: ${shareText(task.app)}`,
  ].join('\n');
}

/**
 * Sets the task dump `tasksFile` against the profile `profileFile`: writes `…-attributed.json` beside
 * the dump (every task in it, longest first) and prints the `printed` longest.
 */
export function attributeTaskDump(tasksFile: string, profileFile: string, distDir: string, printed = 3): void {
  const { tasks } = JSON.parse(readFileSync(tasksFile, 'utf8')) as { tasks: DumpedTask[] };
  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
  const longest = [...tasks].sort((a, b) => b.dur - a.dur);
  const attributed = attributeTasks(profile, longest, sourceMapNamer(distDir));
  const file = tasksFile.replace(/\.json$/, '-attributed.json');
  writeFileSync(file, JSON.stringify(attributed, null, 1));
  console.log(`  The long tasks' functions (CPU profile samples in each): ${file}`);
  for (const task of attributed.slice(0, printed)) console.log(attributionText(task));
}
