/** A new device's full pull, page by page with the default page size, of everything the push wrote. */
import { randomUUID } from 'node:crypto';
import { SYNC_PROTOCOL_VERSION, type PullResponse } from '@shared/sync/protocol.schema';
import { NEW_DEVICE_TARGETS, count, seconds, type Figure } from './report';
import type { Benchmark } from './run';
import { PUSH_ROWS } from './push.bench';

export const pullBenchmark: Benchmark = async (ctx) => {
  const clientId = randomUUID();
  let cursor: string | undefined;
  let candidates = 0;
  let pages = 0;
  let bytes = 0;
  let wireBytes = 0;
  const cpuBefore = await ctx.server.cpu();
  const start = performance.now();
  for (;;) {
    const params = new URLSearchParams({ protocol: String(SYNC_PROTOCOL_VERSION), clientId, ...(cursor ? { cursor } : {}) });
    // As a browser asks: it accepts brotli and gzip.
    const res = await ctx.client.request('GET', `/api/sync/pull?${params}`, undefined, { 'accept-encoding': 'br, gzip' });
    if (res.status !== 200) throw new Error(`pull failed: ${res.status} ${res.text.slice(0, 200)}`);
    const page = JSON.parse(res.text) as PullResponse;
    bytes += Buffer.byteLength(res.text);
    wireBytes += res.wireBytes;
    pages += 1;
    candidates += page.candidates.length;
    cursor = page.cursor;
    if (page.done) break;
  }
  const ms = performance.now() - start;
  const cpuAfter = await ctx.server.cpu();
  ctx.log(`pull: ${seconds(ms)}, ${count(candidates)} candidates in ${pages} pages`);
  if (candidates < PUSH_ROWS) throw new Error(`pull returned ${candidates} candidates, expected at least ${PUSH_ROWS}`);
  const figure: Figure = {
    name: `Full pull of ${count(candidates)} candidates, new device`,
    value: seconds(ms),
    target: `< ${seconds(NEW_DEVICE_TARGETS.fullPullMs)}`,
    met: ms < NEW_DEVICE_TARGETS.fullPullMs,
    detail: `${pages} pages, ${(bytes / 1024 / 1024).toFixed(1)} MB of JSON`,
  };
  const wireMb = wireBytes / 1024 / 1024;
  const figures = [
    figure,
    { name: 'Full pull: bytes on the wire', value: `${wireMb.toFixed(1)} MB`, target: `≤ ${NEW_DEVICE_TARGETS.fullPullMb} MB`, met: wireMb <= NEW_DEVICE_TARGETS.fullPullMb, detail: `${((wireBytes / bytes) * 100).toFixed(0)} % of the JSON (brotli)` },
  ];
  if (cpuAfter.databaseMs !== null && cpuBefore.databaseMs !== null) {
    // CPU time does not depend on what else the machine runs, unlike the wall-clock time above.
    const serverMs = cpuAfter.serverMs - cpuBefore.serverMs;
    const databaseMs = cpuAfter.databaseMs - cpuBefore.databaseMs;
    figures.push({
      name: 'CPU: full pull (server + database)',
      value: seconds(serverMs + databaseMs),
      detail: `server ${seconds(serverMs)} + database ${seconds(databaseMs)}`,
    });
  }
  return figures;
};
