/**
 * The pull asks for its next page as soon as a page's head arrives (transport.ts: PullHead), one page
 * ahead at most, and asks again when the size it guessed was not the one the page called for.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { PUT_SLICE_ROWS, type RepHireDb } from '@/db/database';
import { BLOCK_ROWS } from '@/db/candidate-blocks';
import { applyPulledPage, pullAll } from './pull';
import { pushOutbox } from './push';
import { FakeSyncServer } from './testing/fake-server';
import { ownedDb } from './testing/fixtures';
import { lastPullPage } from './testing/pull-pages';
import type { SyncTransport } from './transport';

const dbs: RepHireDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

async function device() {
  const db = await ownedDb();
  dbs.push(db);
  return db;
}

describe('pulling the next page at the head of the one before', () => {
  it('asks for it before that page is answered, never two ahead, and again at the size the page called for', async () => {
    const server = new FakeSyncServer();
    const writer = await device();
    await createCandidatesRepo(writer).importCandidates(Array.from({ length: 95 }, (_, i) => ({ name: `P${i}`, email: `p${i}@x.io` })));
    await pushOutbox(writer, server.transport());

    // Each page's head is told as soon as it is asked for; the page itself only once the test lets it.
    const asked: Array<{ limit: number; cursor?: string; sharedClocks?: string; last: boolean; answer: () => void }> = [];
    const inner = server.transport();
    const transport: SyncTransport = {
      push: inner.push,
      async pull(query, onHead) {
        const page = await inner.pull(query);
        let answer!: () => void;
        const answered = new Promise<void>((resolve) => (answer = resolve));
        asked.push({ limit: query.limit!, cursor: query.cursor, sharedClocks: query.sharedClocks, last: page.done, answer });
        onHead?.({ cursor: page.cursor, done: page.done });
        await answered;
        return page;
      },
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    const reader = await device();
    // A first page of 20 guesses that the next one is larger (as after a push: confirmations).
    const pulled = pullAll(reader, transport, 10, undefined, 20);
    await expect.poll(() => asked.length, { timeout: 15_000 }).toBe(2);
    expect(asked.map((a) => a.limit)).toEqual([20, 40]);
    // The page ahead answered first: nothing more is asked while the first is not.
    asked[1]!.answer();
    await settle();
    expect(asked).toHaveLength(2);
    // The first came in full: its next page is asked again at the usual 10, and the one after at its head.
    asked[0]!.answer();
    await expect.poll(() => asked.length, { timeout: 15_000 }).toBe(4);
    expect(asked.map((a) => a.limit)).toEqual([20, 40, 10, 10]);
    expect(asked[2]!.cursor).toBe(asked[1]!.cursor);
    // Then each page is answered in turn: one more page is asked ahead of it, never two.
    for (let current = 2; current < asked.length; current++) {
      // The page after this one is asked for while this one is not answered yet (none after the last).
      if (!asked[current]!.last) await expect.poll(() => asked.length, { timeout: 15_000 }).toBe(current + 2);
      await settle();
      expect(asked).toHaveLength(asked[current]!.last ? current + 1 : current + 2);
      asked[current]!.answer();
    }
    const summary = await pulled;
    expect(summary.rows).toBe(95);
    expect(await reader.candidates.count()).toBe(95);
    expect(asked.slice(2).every((a) => a.limit === 10)).toBe(true);
    // Every page, the one asked again included, asks for candidates' clocks as the stamp they share.
    expect(asked.map((a) => a.sharedClocks)).toEqual(asked.map(() => '1'));
  }, 60_000);
});

describe("a pulled page's rows", () => {
  it('are written a slice at a time, every one of them', async () => {
    const db = await device();
    const candidates = Array.from({ length: 1200 }, (_, i) => makeCandidate({ id: i + 1, email: `p${i}@x.io` }));
    const puts = vi.spyOn(db.candidates, 'bulkPut');
    expect(await applyPulledPage(db, lastPullPage({ candidates, includedThrough: 0 }), true)).toBe(true);
    const sizes = puts.mock.calls.map(([rows]) => rows.length);
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(PUT_SLICE_ROWS);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(1200);
    expect((await db.candidates.bulkGet(candidates.map((c) => c.uid))).map((row) => row?.id)).toEqual(candidates.map((c) => c.id));
  });

  it('go into blocks of hundreds on a new device while its writes are quick, not a block per step of the fewest rows', async () => {
    const db = await device();
    const candidates = Array.from({ length: 5000 }, (_, i) => makeCandidate({ id: i + 1, email: `b${i}@x.io` }));
    // Every step quick (write-slices.ts, QUICK_STEP_SHARE): the pull's steps double up to a slice.
    vi.spyOn(performance, 'now').mockReturnValue(0);
    try {
      expect(await applyPulledPage(db, lastPullPage({ candidates, includedThrough: 0 }), true)).toBe(true);
    } finally {
      vi.restoreAllMocks();
    }
    // Steps of 50 rows made a block each: 100 of them (bench:import's profile, 2 December 2026).
    // (The table also keeps one version record, without rows.)
    const blocks = (await db.candidateBlocks.toArray()).flatMap((record) => {
      const rows = (record as { rows?: unknown[] }).rows;
      return rows ? [rows] : [];
    });
    expect(blocks.length).toBeLessThanOrEqual(Math.ceil(candidates.length / (BLOCK_ROWS / 2)));
    expect(blocks.reduce((sum, rows) => sum + rows.length, 0)).toBe(candidates.length);
    expect((await db.candidates.bulkGet(candidates.map((c) => c.uid))).map((row) => row?.id)).toEqual(candidates.map((c) => c.id));
  });
});
