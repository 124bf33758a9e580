import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { RepHireDb } from '@/db/database';
import { createCandidatesRepo, type CandidatesRepo } from '@/features/candidates/repo';
import { getMeta } from '@/db/meta';
import { pushOutbox, type PushProgress } from './push';
import { FakeSyncServer } from './testing/fake-server';
import type { PushResponse } from '@shared/sync/protocol.schema';
import { mutationsOf, type OutgoingPush, type SyncTransport } from './transport';
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
    // The total is known from the first request on, told as it is sent.
    expect(progress.map((p) => [p.sent, p.total])).toEqual([
      [0, 5500],
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

  it("sends a batch's mutations as the JSON written while it gathered them, and keeps nothing else of them", async () => {
    db = await ownedDb();
    const repo = createCandidatesRepo(db);
    await repo.importCandidates(Array.from({ length: 1500 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@x.io` })));
    await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const wire = (await db.outbox.orderBy('id').toArray()).map(({ id, name, args, hlc }) => ({ id, name, args, hlc }));
    const server = new FakeSyncServer();
    const transport = server.transport();
    const requests: OutgoingPush[] = [];
    const recording: SyncTransport = {
      ...transport,
      push(request) {
        requests.push(request);
        return transport.push(request);
      },
    };
    await pushOutbox(db, recording);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(Object.keys(request!).sort()).toEqual(['clientId', 'mutationsJson']);
    expect(await mutationsOf(request!)).toEqual(wire);
    expect(server.candidates.size).toBe(1501);
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
      [0, 1500],
      [1000, 1500],
      [1500, 1501],
      [1501, 1501],
    ]);
    expect(server.candidates.size).toBe(1501);
  }, 60_000);

  describe('reading the next batch while a request is on its way', () => {
    /** Resolves when the outbox entry `id` is read (to be sent); rejects after `ms` if it never is. */
    function entryRead(database: RepHireDb, id: number, ms = 5000): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`entry ${id} was not read while the request before it was on its way`)), ms);
        database.outbox.hook('reading', (entry) => {
          if (entry.id === id) {
            clearTimeout(timer);
            resolve();
          }
          return entry;
        });
      });
    }

    /**
     * A device with three changes waiting, and a transport whose first push waits until outbox entry
     * `readAheadId` is read, then is answered by `first`; the pushes after it go through as they are.
     */
    async function firstPushHeld(readAheadId: number, first: (request: OutgoingPush, transport: SyncTransport, repo: CandidatesRepo) => Promise<PushResponse>) {
      const database = (db = await ownedDb());
      const repo = createCandidatesRepo(database);
      for (const name of ['Ann', 'Bo', 'Cy']) await repo.createCandidate({ name, email: `${name}@x.io` });
      const server = new FakeSyncServer();
      const transport = server.transport();
      const readAhead = entryRead(database, readAheadId);
      let held = true;
      const holding: SyncTransport = {
        ...transport,
        async push(request) {
          if (!held) return transport.push(request);
          held = false;
          await readAhead;
          return first(request, transport, repo);
        },
      };
      return { database, server, transport: holding };
    }

    it('reads the next batch before the request before it is answered, and sends what was written after that read too', async () => {
      // The first request is answered only once the entry after it has been read, and a change written after that read.
      const { database, server, transport } = await firstPushHeld(2, async (request, direct, repo) => {
        await repo.createCandidate({ name: 'Late', email: 'late@x.io' });
        return direct.push(request);
      });
      // One entry per request (each is larger than the budget).
      const summary = await pushOutbox(database, transport, { maxBodyBytes: 1 });
      expect(server.pushes.map((push) => push.mutations.map((m) => m.id))).toEqual([[1], [2], [3], [4]]);
      expect(summary).toEqual({ sent: 4, rejected: 0, records: 4 });
      expect(await getMeta(database, 'processedThrough')).toBe(4);
      expect(server.candidates.size).toBe(4);
    }, 60_000);

    it('drops the batch read ahead when the server processed less than it was sent, and sends again from there', async () => {
      // The server takes the first request's first entry only (as after a restart between two of them).
      const { database, server, transport } = await firstPushHeld(3, async (request, direct) => direct.push({ clientId: request.clientId, mutations: (await mutationsOf(request)).slice(0, 1) }));
      // Two entries per request: the envelope's 200 bytes, two mutations as sent with their commas, and
      // less than a third.
      const wire = (await database.outbox.bulkGet([1, 2, 3])).map((entry) => JSON.stringify({ id: entry!.id, name: entry!.name, args: entry!.args, hlc: entry!.hlc }).length + 1);
      await pushOutbox(database, transport, { maxBodyBytes: 200 + wire[0]! + wire[1]! + Math.floor(wire[2]! / 2) });
      // Read ahead after entry 2, the next batch would have started at 3: entry 2 is sent again first.
      expect(server.pushes.map((push) => push.mutations.map((m) => m.id))).toEqual([[1], [2, 3]]);
      expect(await getMeta(database, 'processedThrough')).toBe(3);
      expect(server.candidates.size).toBe(3);
    }, 60_000);
  });
});
