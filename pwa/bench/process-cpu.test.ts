import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { chromiumCpu } from './process-cpu';

/**
 * Runs a thread of this process until it has used `ms` of CPU (its own /proc/thread-self/stat, so a
 * busy machine makes it take longer, not use less), and waits for it to end.
 */
const busyThread = (ms: number) =>
  new Promise((resolve, reject) => {
    const code = `
      const { readFileSync } = require('node:fs');
      const cpuMs = () => {
        const stat = readFileSync('/proc/thread-self/stat', 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return (Number(fields[11]) + Number(fields[12])) * 10;
      };
      while (cpuMs() < ${ms}) {
        const end = Date.now() + 10;
        while (Date.now() < end);
      }`;
    const worker = new Worker(code, { eval: true });
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
