import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import { freshDb } from '@/sync/testing/fixtures';
import { PUT_SLICE_ROWS, toLocalCandidate } from './database';
import { WriteSlices, putCandidatesInSlices } from './write-slices';

describe('write slices', () => {
  it('start at the most rows and stay there while slices are quick', () => {
    const slices = new WriteSlices(500, 50, 60);
    expect(slices.rows).toBe(500);
    slices.took(500, 30);
    expect(slices.rows).toBe(500);
  });

  it('shrink while slices take longer than the target, halfway each time, and grow back once quick', () => {
    const slices = new WriteSlices(500, 50, 60);
    slices.took(500, 300); // 100 rows would take 60 ms: halfway there
    expect(slices.rows).toBe(300);
    slices.took(300, 180);
    expect(slices.rows).toBe(200);
    slices.took(200, 20); // quick again: 600 would fit, capped at the most
    expect(slices.rows).toBe(400);
    slices.took(400, 20);
    expect(slices.rows).toBe(500);
  });

  it('never go below the fewest rows, and take an instant slice as quick', () => {
    const slices = new WriteSlices(500, 50, 60);
    for (let i = 0; i < 10; i += 1) slices.took(slices.rows, 5000);
    expect(slices.rows).toBe(50);
    slices.took(50, 0);
    expect(slices.rows).toBe(275);
  });

  describe('send', () => {
    let now = 0;
    let clock: MockInstance<() => number>;
    beforeEach(() => {
      now = 0;
      clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    });
    afterEach(() => clock.mockRestore());
    const items = Array.from({ length: 1000 }, (_, i) => i);

    it('sends steps of the fewest rows until the time is up, and sizes the next slice by it', async () => {
      const slices = new WriteSlices(500, 50, 60);
      const steps: number[][] = [];
      const put = (step: number[]) => {
        steps.push(step);
        now += 25; // 50 rows in 25 ms: the third step passes 60 ms
        return Promise.resolve();
      };
      const { to, written } = slices.send(items, 100, put);
      expect(to).toBe(250);
      expect(steps).toEqual([items.slice(100, 150), items.slice(150, 200), items.slice(200, 250)]);
      await expect(written).resolves.toBeDefined();
      expect(slices.rows).toBe(310); // halfway from 500 to the 120 rows that would take 60 ms
    });

    it('stops at the slice size or the last item while writes are quick; a short last slice leaves the size', () => {
      const slices = new WriteSlices(120, 50, 60);
      const put = (step: number[]) => ((now += step.length / 10), Promise.resolve(step.length));
      expect(slices.send(items, 0, put).to).toBe(120);
      expect(slices.rows).toBe(120);
      slices.took(120, 120); // slow: 60 rows would take 60 ms
      expect(slices.rows).toBe(90);
      expect(slices.send(items, 980, put).to).toBe(1000); // 20 rows in 2 ms: says nothing of the pace
      expect(slices.rows).toBe(90);
    });

    it("counts the task's work before the slice against its time, and leaves the size as it was when that cut it short", () => {
      const slices = new WriteSlices(500, 50, 60);
      const put = (step: number[]) => ((now += step.length / 5), Promise.resolve()); // 50 rows in 10 ms
      now = 100;
      // 45 ms of the task gone: two steps (55, then 65 ms) and the time is up.
      expect(slices.send(items, 0, put, 55).to).toBe(100);
      expect(slices.rows).toBe(500);
      // Later in the same task: one step, however quick.
      expect(slices.send(items, 100, put, 55).to).toBe(150);
      // A start after the slice's own (a stale or unknown one) is the slice's own: six steps in 60 ms.
      expect(slices.send(items, 150, put, now + 1000).to).toBe(450);
      expect(slices.rows).toBe(400); // halfway from 500 to the 300 rows that take 60 ms
    });

    it("grows a write's steps while they are quick and halves them when slow, within the slice and the fewest rows", () => {
      const slices = new WriteSlices(500, 50, 80); // a step under 5 ms is quick, one over 10 ms slow
      let msPerRow = 0.02; // 50 rows in 1 ms
      const sizes: number[] = [];
      const put = (step: number[]) => ((now += step.length * msPerRow), sizes.push(step.length), Promise.resolve());
      const steps = slices.newSteps(true);
      expect(slices.send(items, 0, put, undefined, steps).to).toBe(500);
      expect(sizes).toEqual([50, 100, 200, 150]); // 1, 2 and 4 ms: each doubles the next; the last is cut by the slice
      expect(steps.rows).toBe(400);
      sizes.length = 0;
      expect(slices.send(items, 500, put, undefined, steps).to).toBe(1000);
      expect(sizes).toEqual([400, 100]); // 8 ms: neither quick nor slow
      // Slower writes: 400 rows in 24 ms halve the next step.
      msPerRow = 0.06;
      sizes.length = 0;
      slices.send(items, 0, put, undefined, steps);
      expect(sizes).toEqual([400, 100]);
      expect(steps.rows).toBe(200);
      for (let i = 0; i < 5; i += 1) slices.send(items, 0, () => ((now += 100), Promise.resolve()), undefined, steps);
      expect(steps.rows).toBe(50);
      // Another write starts from the fewest rows, whatever this one learned, and keeps to them unless
      // it asks to grow.
      sizes.length = 0;
      msPerRow = 0.02;
      new WriteSlices(500, 50, 80).send(items, 0, put);
      expect(sizes).toEqual(Array(10).fill(50));
    });

    it('sends one step however slow, and its writes fail when any step fails', async () => {
      const slices = new WriteSlices(500, 50, 60);
      const first = slices.send(items, 0, () => ((now += 1000), Promise.resolve()));
      expect(first.to).toBe(50);
      let calls = 0;
      const failing = slices.send(items, 50, () => (calls++ === 1 ? Promise.reject(new Error('quota')) : Promise.resolve()));
      await expect(failing.written).rejects.toThrow('quota');
      expect(failing.to).toBeGreaterThan(100);
    });
  });
});

describe('putCandidatesInSlices', () => {
  const rowsFor = (count: number) => Array.from({ length: count }, () => makeCandidate());

  it('sends the next slice while the one before is still being written, and stores every row', async () => {
    const db = freshDb();
    try {
      const rows = rowsFor(3 * PUT_SLICE_ROWS);
      // Each step's sending and its written answer; steps sent in one run of the page (no await
      // between them) share a turn.
      const sent: Array<{ turn: number; writtenBefore: number; sentBefore: number }> = [];
      let written = 0;
      let turn = 0;
      let turnOpen = false;
      const bulkPut = db.candidates.bulkPut.bind(db.candidates);
      vi.spyOn(db.candidates, 'bulkPut').mockImplementation(((items: Parameters<typeof bulkPut>[0]) => {
        if (!turnOpen) {
          turnOpen = true;
          turn += 1;
          queueMicrotask(() => (turnOpen = false));
        }
        sent.push({ turn, writtenBefore: written, sentBefore: sent.length });
        return bulkPut(items).then((keys) => ((written += 1), keys));
      }) as typeof db.candidates.bulkPut);

      await db.transaction('rw', db.candidates, () => putCandidatesInSlices(db, rows, toLocalCandidate));

      expect(await db.candidates.count()).toBe(rows.length);
      const firstOfEachTurn = sent.filter((step, i) => i === 0 || sent[i - 1]!.turn !== step.turn);
      expect(firstOfEachTurn.length).toBeGreaterThan(1);
      // A slice after the first went out before every step sent ahead of it was written.
      expect(firstOfEachTurn.slice(1).some((step) => step.writtenBefore < step.sentBefore)).toBe(true);
    } finally {
      vi.restoreAllMocks();
      await db.delete();
    }
  });

  it('fails when a row of a later slice cannot be stored, and the transaction keeps none of them', async () => {
    const db = freshDb();
    try {
      const rows = rowsFor(3 * PUT_SLICE_ROWS);
      // A value IndexedDB cannot clone, in the last slice.
      (rows[rows.length - 10] as unknown as { notes: unknown }).notes = () => 'not a note';
      await expect(db.transaction('rw', db.candidates, () => putCandidatesInSlices(db, rows, toLocalCandidate))).rejects.toThrow();
      expect(await db.candidates.count()).toBe(0);
    } finally {
      await db.delete();
    }
  });
});
