/**
 * The candidate list's sorts in uid order: a publish that adds many rows (an import's) sorts them a
 * slice per task (candidate-list.ts: publishSorted), and sorted uids are found in one forward pass.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexCandidates } from '@shared/candidates/candidate-index';
import { makeCandidate } from '@shared/candidates/testing';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { createCandidateMirror } from '@/db/candidate-mirror/candidate-mirror';
import type { CandidateChange } from '@/db/candidate-mirror/change-feed';
import { fromLocalCandidate, toLocalCandidate, type LocalCandidate } from '@/db/database';
import { createCandidateList } from './candidate-list';
import { placed, placedInSlices, positionOf, sortedByUidInSlices, type Change } from './candidate-snapshot';

describe('a publish of many new rows (an import’s)', () => {
  const row = (uid: string, status: Candidate['status'] = 'new') => toLocalCandidate(makeCandidate({ uid, status }));

  /**
   * A list over a table of these uids whose sorting publishes take a turn between rows, each turn
   * waiting until `resumeTurns()`; `change` writes a row (or removes it) and tells the list.
   */
  async function listWithHeldTurns(uids: string[], slices: { sortSliceRows?: number; orderSliceRows?: number } = {}) {
    const table = new Map(uids.map((uid) => [uid, row(uid)]));
    const fresh = () => [...table.values()].sort((a, b) => (a.uid < b.uid ? -1 : 1)).map(fromLocalCandidate);
    const listeners: Array<(change: CandidateChange) => void> = [];
    const turns: Array<() => void> = [];
    const store = createCandidateList(
      createCandidateMirror({ load: async () => ({ candidates: fresh(), version: null }), read: async () => [], watch: (listener) => (listeners.push(listener), () => {}) }),
      { publishIntervalMs: 0, sortSliceRows: 1, ...slices, pause: () => new Promise<void>((resolve) => turns.push(resolve)) },
    );
    const shown: string[][] = [];
    store.subscribe(() => shown.push(store.getSnapshot().candidates.map((c) => `${c.uid}:${c.status}`)));
    await store.settled();
    const tell = (change: CandidateChange) => listeners.forEach((listener) => listener(change));
    return {
      table,
      store,
      shown,
      tell,
      change(uid: string, next: LocalCandidate | null) {
        if (next) table.set(uid, next);
        else table.delete(uid);
        tell({ type: 'rows', rows: new Map([[uid, next]]), version: null });
      },
      waitingTurns: () => turns.length,
      resumeTurns: () => turns.splice(0).forEach((resume) => resume()),
    };
  }

  it('sorts them over several turns; changes meanwhile go out in the publish after it', async () => {
    const { store, shown, change, waitingTurns, resumeTurns } = await listWithHeldTurns(['a0', 'b0']);
    for (const uid of ['e1', 'c1', 'd1']) change(uid, row(uid));
    await expect.poll(waitingTurns).toBe(1); // sorting, a turn between its slices
    let settled = false;
    void store.settled().then(() => (settled = true));
    // Meanwhile: an edit of a published row, a new row gone again, another new row.
    change('a0', row('a0', 'hired'));
    change('d1', null);
    change('f1', row('f1'));
    expect(store.getSnapshot().entries).toHaveLength(2);
    while (!settled) {
      resumeTurns();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(shown.slice(1)).toEqual([
      ['a0:new', 'b0:new', 'c1:new', 'd1:new', 'e1:new'],
      ['a0:hired', 'b0:new', 'c1:new', 'e1:new', 'f1:new'],
    ]);
  });

  it('builds the default order a slice of rows per turn before the screens hear of a new row; a change meanwhile goes out after', async () => {
    const { store, shown, change, waitingTurns, resumeTurns } = await listWithHeldTurns(['a0', 'b0'], { sortSliceRows: 100, orderSliceRows: 1 });
    const heard = shown.length;
    change('c1', row('c1'));
    await expect.poll(waitingTurns).toBe(1);
    let settled = false;
    void store.settled().then(() => (settled = true));
    change('a0', row('a0', 'hired'));
    let turns = 0;
    while (!settled) {
      if (waitingTurns()) {
        // Not heard of until the order is built.
        expect(shown).toHaveLength(heard);
        turns += 1;
        resumeTurns();
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    // A turn before it, then the dates of three rows read one per turn and their ranks found one per turn.
    expect(turns).toBe(1 + 2 * (3 - 1));
    expect(shown.slice(heard)).toEqual([
      ['a0:new', 'b0:new', 'c1:new'],
      ['a0:hired', 'b0:new', 'c1:new'],
    ]);
    expect(store.getSnapshot().newestFirst.map((entry) => entry.candidate.uid).sort()).toEqual(['a0', 'b0', 'c1']);
  });

  it('places many changed rows over several turns (the ids a sync gives); changes meanwhile go out after', async () => {
    const { store, shown, change, waitingTurns, resumeTurns } = await listWithHeldTurns(['a0', 'b0', 'c0', 'd0']);
    // No row comes or goes: only published rows change, more of them than a slice.
    for (const uid of ['d0', 'b0', 'a0']) change(uid, row(uid, 'interview'));
    await expect.poll(waitingTurns).toBe(1);
    let settled = false;
    void store.settled().then(() => (settled = true));
    // Meanwhile: one of them changes again, another published row is removed.
    change('a0', row('a0', 'hired'));
    change('c0', null);
    expect(store.getSnapshot().candidates.map((c) => `${c.uid}:${c.status}`)).toEqual(['a0:new', 'b0:new', 'c0:new', 'd0:new']);
    while (!settled) {
      resumeTurns();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(shown.slice(1)).toEqual([
      ['a0:interview', 'b0:interview', 'c0:new', 'd0:interview'],
      ['a0:hired', 'b0:interview', 'd0:interview'],
    ]);
  });

  it('drops a sorted publish that a reload overtook', async () => {
    const { table, store, tell, change, waitingTurns, resumeTurns } = await listWithHeldTurns(['a0']);
    for (const uid of ['c1', 'b1']) change(uid, row(uid));
    await expect.poll(waitingTurns).toBe(1);
    // Everything changed (another tab wiped the device): the list reloads, b1 and c1 gone.
    table.clear();
    table.set('z9', row('z9'));
    tell({ type: 'all', version: null });
    await expect.poll(() => store.getSnapshot().candidates.map((c) => c.uid)).toEqual(['z9']);
    let settled = false;
    void store.settled().then(() => (settled = true));
    while (!settled) {
      resumeTurns();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(store.getSnapshot().candidates.map((c) => c.uid)).toEqual(['z9']);
  });
});

describe('finding rows in uid order', () => {
  it('sorts new rows by uid a slice at a time, as one native sort would (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.oneof(fc.uuid(), fc.string({ maxLength: 3 })), { maxLength: 60 }), fc.integer({ min: 1, max: 20 }), async (uids, sliceRows) => {
        const entries = indexCandidates(uids.map((uid) => makeCandidate({ uid })));
        let pauses = 0;
        const sorted = await sortedByUidInSlices(entries, sliceRows, async () => void (pauses += 1));
        expect(sorted.map((entry) => entry.candidate.uid)).toEqual([...uids].sort());
        // A turn after grouping them and between slices, never before the first or after the last.
        if (uids.length <= sliceRows) expect(pauses).toBe(0);
        else expect(pauses).toBeLessThanOrEqual(uids.length);
      }),
    );
  });

  it('gives the page a turn between slices of an import-sized publish', async () => {
    const entries = indexCandidates(Array.from({ length: 20_000 }, () => makeCandidate({ uid: crypto.randomUUID() })));
    let pauses = 0;
    const sorted = await sortedByUidInSlices(entries, 5000, async () => void (pauses += 1));
    expect(sorted.map((entry) => entry.candidate.uid)).toEqual(entries.map((entry) => entry.candidate.uid).sort());
    // A turn once they are grouped; 256 groups of about 78 rows: a turn after about every 5,000.
    expect(pauses).toBeGreaterThanOrEqual(4);
    expect(pauses).toBeLessThanOrEqual(6);
  });

  it('places changed rows where they are in the list, in uid order, a slice at a time or at once (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 30 }),
        fc.integer({ min: 1, max: 20 }),
        async (uids, picks, sliceRows) => {
          const entries = indexCandidates(uids.map((uid) => makeCandidate({ uid }))).sort((a, b) => (a.candidate.uid < b.candidate.uid ? -1 : 1));
          // Distinct rows of the list in any order, each changed (a new entry) or gone (undefined).
          const picked = new Map(picks.map(([pick, gone]) => [entries[pick % entries.length]!, gone]));
          const changes: Change[] = [...picked].map(([entry, gone]) => ({ uid: entry.candidate.uid, now: gone ? undefined : indexCandidates([entry.candidate])[0]! }));
          const expected = [...changes].sort((a, b) => (a.uid < b.uid ? -1 : 1)).map(({ uid, now }) => [entries.findIndex((e) => e.candidate.uid === uid), now]);
          let pauses = 0;
          expect(await placedInSlices(entries, changes, sliceRows, async () => void (pauses += 1))).toEqual(expected);
          expect(placed(entries, changes)).toEqual(expected);
          if (changes.length <= sliceRows) expect(pauses).toBe(0);
        },
      ),
    );
  });

  it('finds a sorted run of uids in one forward pass, each search starting where the last ended (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 40 }), fc.array(fc.nat(), { maxLength: 10 }), (uids, picks) => {
        const entries = indexCandidates(uids.map((uid) => makeCandidate({ uid }))).sort((a, b) => (a.candidate.uid < b.candidate.uid ? -1 : 1));
        const wanted = [...new Set(picks.map((pick) => entries[pick % entries.length]!.candidate.uid))].sort();
        let from = 0;
        for (const uid of wanted) {
          from = positionOf(entries, uid, from);
          expect(entries[from]!.candidate.uid).toBe(uid);
        }
      }),
    );
  });
});
