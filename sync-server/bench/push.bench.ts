/**
 * Push of 100,000 new candidates from one device — as the device sends an import: candidates.import
 * mutations of 1,000 rows, ten mutations a request — timed from the first request to the last answer,
 * against PostgreSQL COPY of the same rows (as stored) into a table with the candidates table's
 * columns, indexes and xid trigger, in the same run. Request bodies are serialised before the clock
 * starts: that is the device's work, not the server's.
 */
import { randomUUID } from 'node:crypto';
import { HybridLogicalClock, nodeIdFrom } from '@shared/sync/hlc';
import { createCandidateRecord } from '@shared/sync/merge';
import { MAX_IMPORT_ROWS_PER_MUTATION, SYNC_PROTOCOL_VERSION, type Mutation, type PushResponse } from '@shared/sync/protocol.schema';
import { benchRows, recordsToCsv } from './data';
import { count, seconds, type Figure } from './report';
import { writeScratchFile, type Benchmark } from './run';

export const PUSH_ROWS = 100_000;
const MUTATIONS_PER_REQUEST = 10;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const pushBenchmark: Benchmark = async (ctx) => {
  const rows = benchRows(PUSH_ROWS, Date.now() % 100_000);
  const clientId = randomUUID();
  const clock = new HybridLogicalClock(nodeIdFrom(clientId));

  const now = new Date().toISOString();
  const stamp = clock.tick();
  const records = rows.map((row) => createCandidateRecord(row, stamp, { id: null, userId: 1, now }));
  const csvPath = writeScratchFile(ctx, 'copy.csv', recordsToCsv(records));
  const beforeCopy = await ctx.server.cpu();
  const copy = await ctx.server.ask({ type: 'copy', csvPath });
  const afterCopy = await ctx.server.cpu();
  if (copy.type !== 'copied' || copy.rows !== PUSH_ROWS) throw new Error(`COPY loaded ${JSON.stringify(copy)}`);
  ctx.log(`COPY: ${seconds(copy.ms)} (${copy.method})`);

  const mutations: Mutation[] = chunks(rows, MAX_IMPORT_ROWS_PER_MUTATION).map((batch, i) => ({
    id: i + 1,
    name: 'candidates.import',
    args: { rows: batch },
    hlc: clock.tick(),
  }));
  const bodies = chunks(mutations, MUTATIONS_PER_REQUEST).map((batch) => JSON.stringify({ protocol: SYNC_PROTOCOL_VERSION, clientId, mutations: batch }));
  const start = performance.now();
  for (const body of bodies) {
    const res = await ctx.client.request('POST', '/api/sync/push', body);
    if (res.status !== 200) throw new Error(`push failed: ${res.status} ${res.text.slice(0, 200)}`);
    const answer = JSON.parse(res.text) as PushResponse;
    if (answer.results.some((r) => r.status !== 'applied')) throw new Error(`push rejected: ${res.text.slice(0, 300)}`);
  }
  const pushMs = performance.now() - start;
  const afterPush = await ctx.server.cpu();
  ctx.log(`push: ${seconds(pushMs)} in ${bodies.length} requests`);
  const ratio = pushMs / copy.ms;
  const figures: Figure[] = [
    {
      name: `Push ${count(PUSH_ROWS)} new candidates, 1 device`,
      value: seconds(pushMs),
      detail: `${count(PUSH_ROWS / (pushMs / 1000))} rows/s; ${mutations.length} candidates.import mutations in ${bodies.length} requests`,
    },
    { name: 'PostgreSQL COPY of the same rows', value: seconds(copy.ms), detail: copy.method },
    { name: 'Push time ÷ COPY time', value: `${ratio.toFixed(1)}×`, target: '≤ 3×', met: ratio <= 3 },
  ];
  if (afterPush.databaseMs !== null && afterCopy.databaseMs !== null && beforeCopy.databaseMs !== null) {
    // CPU time does not depend on what else the machine runs, unlike the wall-clock times above.
    const copyCpu = afterCopy.databaseMs - beforeCopy.databaseMs;
    const pushServer = afterPush.serverMs - afterCopy.serverMs;
    const pushDb = afterPush.databaseMs - afterCopy.databaseMs;
    figures.push({
      name: 'CPU: push (server + database) ÷ COPY',
      value: copyCpu > 0 ? `${((pushServer + pushDb) / copyCpu).toFixed(1)}×` : 'n/a',
      detail: `push: server ${seconds(pushServer)} + database ${seconds(pushDb)}; COPY: database ${seconds(copyCpu)}`,
    });
  }
  return figures;
};
