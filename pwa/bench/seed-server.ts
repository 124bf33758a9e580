/** A server given candidates as a device's import sends them (import.bench.ts: BENCH_ONLINE_HELD, BENCH_KINDS=new-device). */
import { randomUUID } from 'node:crypto';
import { HybridLogicalClock, nodeIdFrom } from '@shared/sync/hlc';
import { MAX_IMPORT_ROWS_PER_MUTATION, SYNC_PROTOCOL_VERSION, type ImportRow, type Mutation } from '@shared/sync/protocol.schema';
import type { BrowserApp } from '../tests/support/browser-app';
import { adminApi } from '../tests/support/ui';

/** Pushes `rows` to the server as a device sends an import. */
export async function seedServer(app: BrowserApp, rows: ImportRow[]) {
  console.log(`Pushing ${rows.length.toLocaleString('en-US')} candidates to the server…`);
  const api = await adminApi(app);
  const clientId = randomUUID();
  const clock = new HybridLogicalClock(nodeIdFrom(clientId));
  const perRequest = 10 * MAX_IMPORT_ROWS_PER_MUTATION;
  for (let from = 0, id = 1; from < rows.length; from += perRequest) {
    const mutations: Mutation[] = [];
    for (let at = from; at < Math.min(rows.length, from + perRequest); at += MAX_IMPORT_ROWS_PER_MUTATION) {
      mutations.push({ id: id++, name: 'candidates.import', args: { rows: rows.slice(at, at + MAX_IMPORT_ROWS_PER_MUTATION) }, hlc: clock.tick() });
    }
    const res = await api.post('/api/sync/push', { protocol: SYNC_PROTOCOL_VERSION, clientId, mutations });
    if (res.status !== 200) throw new Error(`seeding push failed: ${res.status} ${res.text.slice(0, 200)}`);
  }
}
