import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import { PUT_SLICE_ROWS, rowTables, toLocalCandidate, type RepHireDb } from '@/db/database';
import { madeHere } from '@/db/own-writes-index';
import { candidateWriteSlices } from '@/db/write-slices';
import { dexieRows } from './dexie-rows';
import { freshDb } from './testing/fixtures';

let db: RepHireDb;
afterEach(async () => {
  vi.restoreAllMocks();
  await db?.delete();
});

const inWrite = <T>(run: () => Promise<T>) => db.transaction('rw', rowTables(db), run);

describe('live candidates by email', () => {
  it('finds every live candidate with each email (trimmed, any case), none deleted, each once', async () => {
    db = freshDb();
    const ann = makeCandidate({ email: 'Ann@X.io' });
    const annAgain = makeCandidate({ email: 'ann@x.io ' });
    const gone = makeCandidate({ email: 'bo@x.io', deletedAt: '2026-01-01T00:00:00.000Z' });
    const cy = makeCandidate({ email: 'cy@x.io' });
    await db.candidates.bulkPut([ann, annAgain, gone, cy].map(toLocalCandidate));
    const found = await inWrite(() => dexieRows(db).liveCandidatesByEmail(['ann@x.io', 'bo@x.io', 'nobody@x.io', 'ann@x.io']));
    expect(found.map((c) => c.uid).sort()).toEqual([ann.uid, annAgain.uid].sort());
    // Outside a transaction it reads the same (through Dexie, not the transaction's index).
    expect((await dexieRows(db).liveCandidatesByEmail(['cy@x.io', 'bo@x.io'])).map((c) => c.uid)).toEqual([cy.uid]);
  });

  it('reads the index once for emails asked again, and afresh after a write', async () => {
    db = freshDb();
    const ann = makeCandidate({ email: 'ann@x.io' });
    await db.candidates.put(toLocalCandidate(ann));
    const where = vi.spyOn(db.candidates, 'where');
    await inWrite(async () => {
      const rows = dexieRows(db);
      expect(await rows.liveCandidatesByEmail(['ann@x.io', 'new@x.io'])).toHaveLength(1);
      expect(await rows.liveCandidatesByEmail(['new@x.io', 'ann@x.io'])).toHaveLength(1);
      // Only the hit was read as a record; the second question was answered from memory.
      expect(where).toHaveBeenCalledTimes(1);
      const made = makeCandidate({ email: 'new@x.io', id: null });
      await rows.putCandidates([made], new Set([made.uid]));
      expect((await rows.liveCandidatesByEmail(['new@x.io'])).map((c) => c.uid)).toEqual([made.uid]);
    });
  });

  it('keeps its answers true as the transaction writes: a row moved to another email, deleted, or rewritten in its place', async () => {
    db = freshDb();
    const ann = makeCandidate({ email: 'ann@x.io', name: 'Ann' });
    const annToo = makeCandidate({ email: 'ann@x.io', name: 'Ann Two' });
    const bo = makeCandidate({ email: 'bo@x.io' });
    await db.candidates.bulkPut([ann, annToo, bo].map(toLocalCandidate));
    await inWrite(async () => {
      const rows = dexieRows(db);
      const asked = async (keys: string[]) => (await rows.liveCandidatesByEmail(keys)).map((c) => c.name);
      expect((await asked(['ann@x.io', 'bo@x.io', 'cy@x.io'])).sort()).toEqual(['Ann', 'Ann Two', bo.name].sort());
      const where = vi.spyOn(db.candidates, 'where');
      // Rewritten with its email kept: the new version, where the old one was.
      await rows.putCandidates([{ ...ann, name: 'Ann Renamed' }], new Set());
      const order = await asked(['ann@x.io']);
      expect(order).toContain('Ann Renamed');
      expect(order).not.toContain('Ann');
      expect(order).toHaveLength(2);
      // Moved to an email asked before: out of the old one, into the new one.
      await rows.putCandidates([{ ...annToo, email: 'cy@x.io' }], new Set());
      expect(await asked(['ann@x.io'])).toEqual(['Ann Renamed']);
      expect(await asked(['cy@x.io'])).toEqual(['Ann Two']);
      // Deleted: in no answer.
      await rows.putCandidates([{ ...bo, deletedAt: '2026-11-29T00:00:00.000Z' }], new Set());
      expect(await asked(['bo@x.io'])).toEqual([]);
      // Moved to an email never asked: out of the old one, and the new one is read when asked.
      await rows.putCandidates([{ ...annToo, email: 'dee@x.io' }], new Set());
      expect(await asked(['cy@x.io'])).toEqual([]);
      expect(where).not.toHaveBeenCalled();
      expect(await asked(['dee@x.io'])).toEqual(['Ann Two']);
    });
  });

  it('answers an empty question without reading', async () => {
    db = freshDb();
    expect(await inWrite(() => dexieRows(db).liveCandidatesByEmail([]))).toEqual([]);
  });
});

describe('writes', () => {
  it('stores a created candidate localOnly with no server copy, and a changed one with its copy', async () => {
    db = freshDb();
    const pulled = makeCandidate({ email: 'p@x.io', phone: '1' });
    const madeEarlier = makeCandidate({ email: 'm@x.io', id: null });
    await db.candidates.bulkPut([pulled, madeEarlier].map(toLocalCandidate));
    const made = makeCandidate({ email: 'n@x.io', id: null });
    await inWrite(() =>
      dexieRows(db).putCandidates([{ ...pulled, phone: '2' }, { ...madeEarlier, phone: '3' }, made], new Set([made.uid])),
    );
    expect((await madeHere(db).primaryKeys()).sort()).toEqual([madeEarlier.uid, made.uid].sort());
    expect(await db.serverRows.toArray()).toEqual(
      expect.arrayContaining([
        { kind: 'candidate', uid: pulled.uid, row: expect.objectContaining({ phone: '1' }) },
        { kind: 'candidate', uid: madeEarlier.uid, row: null },
      ]),
    );
    expect(await db.serverRows.count()).toBe(2);
  });

  it('sends each slice of candidates before the one before it is written, and the transaction reads them all', async () => {
    db = freshDb();
    const made = Array.from({ length: 3 * PUT_SLICE_ROWS + 1 }, (_, i) => makeCandidate({ email: `p${i}@x.io`, id: null }));
    const events: string[] = [];
    const send = candidateWriteSlices.send.bind(candidateWriteSlices);
    vi.spyOn(candidateWriteSlices, 'send').mockImplementation((items, from, put) => {
      const slice = events.filter((event) => event.startsWith('sent')).length;
      events.push(`sent ${slice}`);
      const sent = send(items, from, put);
      void sent.written.then(() => events.push(`written ${slice}`));
      return sent;
    });
    const read = await inWrite(async () => {
      const rows = dexieRows(db);
      await rows.putCandidates(made, new Set(made.map((row) => row.uid)));
      // The last slice may still be on its way: a read in the transaction comes after it all the same.
      const found = await rows.getCandidates(made.map((row) => row.uid));
      await rows.settle();
      return found;
    });
    expect(read.every(Boolean)).toBe(true);
    // The database always has the next slice: slice n+1 goes out before slice n is written.
    expect(events.slice(0, 3)).toEqual(['sent 0', 'sent 1', 'written 0']);
    const slices = events.filter((event) => event.startsWith('sent')).length;
    expect(slices).toBeGreaterThanOrEqual(4);
    expect(events.filter((event) => event.startsWith('written'))).toHaveLength(slices);
    expect(await db.candidates.count()).toBe(made.length);
  });

  it('settles with the first write that failed, so the transaction stores none of them', async () => {
    db = freshDb();
    const made = Array.from({ length: PUT_SLICE_ROWS + 1 }, (_, i) => makeCandidate({ email: `p${i}@x.io`, id: null }));
    // A value IndexedDB cannot store, in the last slice: putCandidates returns before it is refused.
    const bad = { ...made.at(-1)!, notes: (() => 'x') as unknown as string };
    const write = inWrite(async () => {
      const rows = dexieRows(db);
      await rows.putCandidates([...made.slice(0, -1), bad], new Set(made.map((row) => row.uid)));
      await rows.settle();
    });
    await expect(write).rejects.toThrow();
    expect(await db.candidates.count()).toBe(0);
  });
});
