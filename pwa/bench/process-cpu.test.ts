import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { chromiumCpu } from './process-cpu';

/** Runs a thread of this process that keeps a core busy for `ms`, and waits for it to end. */
const busyThread = (ms: number) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(`const end = Date.now() + ${ms}; while (Date.now() < end);`, { eval: true });
    worker.on('exit', resolve);
    worker.on('error', reject);
  });

describe.runIf(process.platform === 'linux')('chromiumCpu', () => {
  it("counts a thread that ended between readings as its process's ended threads", async () => {
    // Read only at the start and the end: the thread is never read while it runs.
    const { cpu } = await chromiumCpu(() => busyThread(600), { server: true, everyMs: 60_000 });
    const ended = cpu.byGroup.find(([group]) => group === 'server: ended threads')?.[1] ?? 0;
    expect(ended).toBeGreaterThanOrEqual(500);
    expect(cpu.totalMs).toBeGreaterThanOrEqual(ended);
  });
});
