/**
 * What the benches record of a page's JS heap through the DevTools protocol: its size after a full
 * collection, what the page allocates meanwhile (sampled), and a snapshot summed by kind of object.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { sum } from './main-thread';

/** The page's JS heap in use after a full garbage collection, in bytes (what the page holds, garbage aside). */
export async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/**
 * Samples what the page allocates while `run` runs (V8's sampling heap profiler, every 32 KB on average,
 * the objects collected since counted too) and writes the functions that allocated most, with their
 * bytes, to `dir`/`name`-allocations.json (when `dir` is set): where the garbage the collections mark
 * and sweep comes from. With BENCH_ALLOC_SURVIVORS=1 the objects a minor collection freed are left out:
 * what is sampled is what survived into the old generation (or is still alive), the garbage only a
 * full collection frees, which is what brings full collections on.
 */
const SURVIVORS_ONLY = Boolean(process.env.BENCH_ALLOC_SURVIVORS);

export async function sampleAllocations(page: Page, dir: string | undefined, name: string, run: () => Promise<void>) {
  if (!dir) return run();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.startSampling', { samplingInterval: 32768, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !SURVIVORS_ONLY });
  await run();
  const { profile } = await cdp.send('HeapProfiler.stopSampling');
  await cdp.detach();
  const bySite = new Map<string, number>();
  const byStack = new Map<string, number>();
  const walk = (node: SamplingNode, stack: string[]) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const site = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}:${columnNumber + 1}`;
    const here = [...stack, site].slice(-6);
    if (node.selfSize) {
      const calls = here.join(' > ');
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
      byStack.set(calls, (byStack.get(calls) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, here);
  };
  walk(profile.head as unknown as SamplingNode, []);
  const top = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, 60).map(([where, bytes]) => ({ mb: Math.round(bytes / 2 ** 17) / 8, where }));
  const total = sum([...bySite.values()]);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-allocations.json`);
  writeFileSync(file, JSON.stringify({ totalMb: Math.round(total / 2 ** 20), bySite: top(bySite), byStack: top(byStack) }, null, 1));
  console.log(`  Allocations sampled${SURVIVORS_ONLY ? ' (minor collections\' garbage left out)' : ''}: ${Math.round(total / 2 ** 20)} MB, ${file}`);
}

/**
 * What a string holds, roughly: the kinds of text a candidate row is made of. (The snapshot also gives
 * each number's value as a string of digits, held by the number's `.value`: `heldBy` tells them apart.)
 */
function stringKind(value: string): string {
  if (value === '') return 'empty';
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return 'uuid';
  if (/^\d{4}-\d\d-\d\dT[\d:.]+Z?$/.test(value)) return 'timestamp';
  if (/^\d{4}-\d\d-\d\d$/.test(value)) return 'date';
  if (/^[^\s@]+@[^\s@]+$/.test(value)) return value === value.toLowerCase() ? 'email, lower case' : 'email';
  if (/^\d+$/.test(value)) return 'digits';
  if (/^[+\d][\d\s().-]+$/.test(value)) return 'phone';
  if (/^[a-z]+( [a-z]+)+$/.test(value)) return 'words, lower case';
  if (/^[A-Z][a-z]+( [A-Z][a-z]+)+$/.test(value)) return 'words, capitalised';
  return value.length > 60 ? 'other, long' : 'other';
}

/**
 * A heap snapshot of the page (taken after a full collection), summed by what each object is — its
 * type and constructor or class name — and written as the kinds that hold most, with their counts and
 * bytes, to `dir`/`name`-heap.json (when `dir` is set): what each full collection has to mark.
 */
export async function summarizeHeap(page: Page, dir: string | undefined, name: string) {
  if (!dir) return;
  const cdp = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => void chunks.push(chunk));
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  await cdp.detach();
  const snapshot = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]]; edge_fields: string[]; edge_types: [string[], ...unknown[]] } };
    nodes: number[];
    edges: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const types = snapshot.snapshot.meta.node_types[0];
  const kinds = new Map<string, { count: number; bytes: number }>();
  let total = 0;
  for (let at = 0; at < snapshot.nodes.length; at += fields.length) {
    const type = types[snapshot.nodes[at + typeAt!]!]!;
    // Strings and numbers by their type only: their names are their values.
    const what = type === 'string' || type === 'concatenated string' || type === 'sliced string' || type === 'number' ? type : `${type} ${snapshot.strings[snapshot.nodes[at + nameAt!]!]!.slice(0, 80)}`;
    const bytes = snapshot.nodes[at + sizeAt!]!;
    const kind = kinds.get(what) ?? kinds.set(what, { count: 0, bytes: 0 }).get(what)!;
    kind.count += 1;
    kind.bytes += bytes;
    total += bytes;
  }
  // The strings by what they hold (the snapshot names a string by its value): how many of each kind, and
  // how many distinct values, so a copy held where one shared text would do shows as count > distinct.
  // Each with what holds it: the holder's kind and the field (edge) it is held by, counted per string kind.
  const strings = new Map<string, { count: number; bytes: number; values: Map<string, number>; holders: Map<string, number> }>();
  const kindAt = new Map<number, string>();
  for (let at = 0; at < snapshot.nodes.length; at += fields.length) {
    const type = types[snapshot.nodes[at + typeAt!]!]!;
    if (type !== 'string' && type !== 'sliced string' && type !== 'concatenated string') continue;
    const value = snapshot.strings[snapshot.nodes[at + nameAt!]!]!;
    const what = `${type}: ${stringKind(value)}`;
    const kind = strings.get(what) ?? strings.set(what, { count: 0, bytes: 0, values: new Map(), holders: new Map() }).get(what)!;
    kind.count += 1;
    kind.bytes += snapshot.nodes[at + sizeAt!]!;
    kind.values.set(value, (kind.values.get(value) ?? 0) + 1);
    kindAt.set(at, what);
  }
  const edgeFields = snapshot.snapshot.meta.edge_fields;
  const edgeTypes = snapshot.snapshot.meta.edge_types[0];
  const [edgeTypeAt, edgeNameAt, toNodeAt] = ['type', 'name_or_index', 'to_node'].map((field) => edgeFields.indexOf(field));
  const edgeCountAt = fields.indexOf('edge_count');
  for (let at = 0, edge = 0; at < snapshot.nodes.length; at += fields.length) {
    const holder = `${types[snapshot.nodes[at + typeAt!]!]} ${snapshot.strings[snapshot.nodes[at + nameAt!]!]!.slice(0, 40)}`;
    for (let end = edge + snapshot.nodes[at + edgeCountAt]! * edgeFields.length; edge < end; edge += edgeFields.length) {
      const what = kindAt.get(snapshot.edges[edge + toNodeAt!]!);
      if (!what) continue;
      const edgeType = edgeTypes[snapshot.edges[edge + edgeTypeAt!]!];
      if (edgeType === 'weak') continue;
      const name = edgeType === 'element' || edgeType === 'hidden' ? `[${edgeType}]` : snapshot.strings[snapshot.edges[edge + edgeNameAt!]!];
      const holders = strings.get(what)!.holders;
      const by = `${holder} .${name}`;
      holders.set(by, (holders.get(by) ?? 0) + 1);
    }
  }
  const stringKinds = [...strings]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .map(([what, { count, bytes, values, holders }]) => ({
      mb: Math.round(bytes / 2 ** 14) / 64,
      count,
      distinct: values.size,
      what,
      // The values held most often, and a few held once: what the kind is made of.
      most: [...values].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([value, times]) => `${times}× ${value.slice(0, 60)}`),
      some: [...values.keys()].filter((value, i) => i % Math.max(1, Math.floor(values.size / 5)) === 0).slice(0, 5).map((value) => value.slice(0, 60)),
      heldBy: [...holders].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([by, times]) => `${times}× ${by}`),
    }));
  const top = [...kinds].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 60).map(([what, { count, bytes }]) => ({ mb: Math.round(bytes / 2 ** 14) / 64, count, what }));
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-heap.json`);
  writeFileSync(file, JSON.stringify({ totalMb: Math.round(total / 2 ** 20), objects: snapshot.nodes.length / fields.length, top, stringKinds }, null, 1));
  console.log(`  Heap snapshot summed: ${Math.round(total / 2 ** 20)} MB, ${file}`);
}
