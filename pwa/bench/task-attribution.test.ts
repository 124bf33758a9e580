import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SourceMapGenerator } from 'source-map-js';
import { afterEach, describe, expect, it } from 'vitest';
import { attributeTasks, plainNamer, sourceMapNamer, type CallFrame, type CpuProfile } from './task-attribution';

const frame = (functionName: string, url = 'http://127.0.0.1:4000/assets/app-1.js', lineNumber = 0, columnNumber = 0): CallFrame => ({
  functionName,
  url,
  lineNumber,
  columnNumber,
});

/**
 * (root) → outer → inner, (root) → outer → other, (root) → (idle); samples every 1,000 µs from
 * startTime 10,000: inner, inner, other, idle, inner, outer, inner (at 11,000 … 17,000).
 */
function profile(): CpuProfile {
  return {
    startTime: 10_000,
    nodes: [
      { id: 1, callFrame: frame('(root)', ''), children: [2, 5] },
      { id: 2, callFrame: frame('outer'), children: [3, 4] },
      { id: 3, callFrame: frame('inner') },
      { id: 4, callFrame: frame('other') },
      { id: 5, callFrame: frame('(idle)', '') },
    ],
    samples: [3, 3, 4, 5, 3, 2, 3],
    timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000, 1000],
  };
}

describe('attributeTasks', () => {
  it("shares a task's samples by the frame each stopped in and by every frame on its stack, leaving out idle ones and those outside it", () => {
    // 11,000–15,000 µs: inner, inner, other, (idle), inner.
    const [task] = attributeTasks(profile(), [{ ts: 11_000, dur: 4000, cpu: 3000, gcMs: 1.4 }], plainNamer);
    expect(task).toEqual({
      startMs: 1,
      wallMs: 4,
      cpuMs: 3,
      gcMs: 1,
      samples: 4,
      self: [
        { frame: 'inner', share: 75 },
        { frame: 'other', share: 25 },
      ],
      within: [
        { frame: 'outer', share: 100 },
        { frame: 'inner', share: 75 },
        { frame: 'other', share: 25 },
      ],
      // No frame named from a source map: none of the app's own.
      app: [],
    });
  });

  it("lists apart the app's own functions among those the samples were within", () => {
    const named: Record<string, string> = { outer: 'bulkPut (node_modules/dexie/dist/dexie.js:1783)', inner: 'send (pwa/src/db/write-slices.ts:51)', other: 'apply (shared/mutations/candidates-import.ts:54)' };
    const [task] = attributeTasks(profile(), [{ ts: 11_000, dur: 4000, cpu: 3000, gcMs: 0 }], (f) => named[f.functionName] ?? f.functionName);
    expect(task!.app).toEqual([
      { frame: 'send (pwa/src/db/write-slices.ts:51)', share: 75 },
      { frame: 'apply (shared/mutations/candidates-import.ts:54)', share: 25 },
    ]);
    expect(task!.within[0]).toEqual({ frame: 'bulkPut (node_modules/dexie/dist/dexie.js:1783)', share: 100 });
  });

  it('keeps each task to its own samples', () => {
    const [first, second] = attributeTasks(
      profile(),
      [
        { ts: 16_000, dur: 1000, cpu: 1000, gcMs: 0 },
        { ts: 13_000, dur: 0, cpu: 0, gcMs: 0 },
      ],
      plainNamer,
    );
    expect(first!.self).toEqual([
      { frame: 'outer', share: 50 },
      { frame: 'inner', share: 50 },
    ]);
    expect(second!.samples).toBe(1);
    expect(second!.self).toEqual([{ frame: 'other', share: 100 }]);
  });
});

describe('sourceMapNamer', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("names a built frame by the original function, file and line its map gives; others keep their names", () => {
    root = mkdtempSync(path.join(tmpdir(), 'attribution-'));
    const dist = path.join(root, 'pwa/dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    const map = new SourceMapGenerator({ file: 'app-1.js' });
    map.addMapping({ generated: { line: 1, column: 120 }, original: { line: 42, column: 2 }, source: '../../src/sync/push.ts', name: 'offer' });
    map.addMapping({ generated: { line: 3, column: 0 }, original: { line: 7, column: 0 }, source: '../../../shared/sync/hlc.ts' });
    writeFileSync(path.join(dist, 'assets/app-1.js.map'), map.toString());
    const nameOf = sourceMapNamer(dist, root);

    // V8's positions are 0-based lines, the map's 1-based.
    expect(nameOf(frame('ge', 'http://127.0.0.1:4000/assets/app-1.js', 0, 120))).toBe('offer (pwa/src/sync/push.ts:42)');
    expect(nameOf(frame('kt', 'http://127.0.0.1:4000/assets/app-1.js', 2, 0))).toBe('kt (shared/sync/hlc.ts:7)');
    expect(nameOf(frame('put', ''))).toBe('put');
    expect(nameOf(frame('(garbage collector)', ''))).toBe('(garbage collector)');
    expect(nameOf(frame('w', 'http://127.0.0.1:4000/assets/no-map.js'))).toBe('w');
    expect(nameOf(frame('', 'http://127.0.0.1:4000/assets/no-map.js'))).toBe('(anonymous)');
  });
});
