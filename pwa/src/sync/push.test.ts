import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { RepHireDb } from '@/db/database';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { pushOutbox, type PushProgress } from './push';
import { FakeSyncServer } from './testing/fake-server';
import type { SyncTransport } from './transport';
import { ownedDb } from './testing/fixtures';

let db: RepHireDb | undefined;
afterEach(async () => {
  await db?.delete();
  db = undefined;
});

/** Counts the outbox entries read from the database (Dexie's reading hook sees each one). */
function countOutboxReads(database: RepHireDb): { reads: number } {
  const counter = { reads: 0 };
  database.outbox.hook('reading', (entry) => {
    counter.reads += 1;
    return entry;
  });
  return counter;
}

describe('push', () => {
  it('counts the records to send from the outbox index, and reads only the entries it sends', async () => {
    db = await ownedDb();
    const repo = createCandidatesRepo(db);
    // Six import chunks (candidates.import carries at most 1,000 rows), sent one per request.
    await repo.importCandidates(Array.from({ length: 5500 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@x.io` })));
    const entries = await db.outbox.count();
    expect(entries).toBe(6);
    const server = new FakeSyncServer();
    const counter = countOutboxReads(db);
    const progress: PushProgress[] = [];
    const summary = await pushOutbox(db, server.transport(), { maxBodyBytes: 1024, onProgress: (p) => progress.push(p) });
    expect(summary).toEqual({ sent: 6, rejected: 0, records: 5500 });
    expect(server.candidates.size).toBe(5500);
    // The total is known from the first request on.
    expect(progress.map((p) => [p.sent, p.total])).toEqual([
      [1000, 5500],
      [2000, 5500],
      [3000, 5500],
      [4000, 5500],
      [5000, 5500],
      [5500, 5500],
    ]);
    // Each entry is read once, to be sent. Counting the records by reading the entries read all 6 again.
    expect(counter.reads).toBe(entries);
  }, 60_000);

  it('counts an entry written while the push runs in the total', async () => {
    db = await ownedDb();
    const repo = createCandidatesRepo(db);
    await repo.importCandidates(Array.from({ length: 1500 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@x.io` })));
    const server = new FakeSyncServer();
    const transport = server.transport();
    // A candidate made while the first request is on its way.
    let wrote = false;
    const writingMeanwhile: SyncTransport = {
      ...transport,
      async push(request) {
        if (!wrote) {
          wrote = true;
          await repo.createCandidate({ name: 'Late', email: 'late@x.io' });
        }
        return transport.push(request);
      },
    };
    const progress: PushProgress[] = [];
    await pushOutbox(db, writingMeanwhile, { maxBodyBytes: 1024, onProgress: (p) => progress.push(p) });
    expect(progress.map((p) => [p.sent, p.total])).toEqual([
      [1000, 1500],
      [1500, 1501],
      [1501, 1501],
    ]);
    expect(server.candidates.size).toBe(1501);
  }, 60_000);
});
