// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { indexCandidate, indexCandidates } from '@shared/candidates/candidate-index';
import { dashboardSummary, type DashboardSummary } from '@shared/candidates/stats';
import { dayOffset, makeCandidate } from '@shared/candidates/testing';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { snapshotOf, type CandidateListSnapshot } from '@/features/candidates/candidate-snapshot';
import { useDashboardSummary } from './useDashboardSummary';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A ready list of these candidates. */
const readyList = (candidates: Candidate[]): CandidateListSnapshot => snapshotOf('ready', indexCandidates(candidates));

const people = (count: number, hiredEvery: number) =>
  Array.from({ length: count }, (_, i) =>
    makeCandidate({ email: `p${i}@x.io`, status: i % hiredEvery === 0 ? 'hired' : 'screening', appliedDate: dayOffset(i % 20) }),
  );

/** The hook over lists rendered one after another, 10 entries a slice, its pauses held until released. */
function probe() {
  /** Pauses wait here until released, one by one. */
  const waiting: Array<() => void> = [];
  const pause = () => new Promise<void>((resolve) => waiting.push(resolve));
  const releaseAll = async () => {
    while (waiting.length) await act(async () => waiting.shift()!());
  };
  let figures: DashboardSummary<Candidate> | null = null;
  function Probe({ list }: { list: CandidateListSnapshot }) {
    figures = useDashboardSummary(list, { sliceEntries: 10, pause });
    return null;
  }
  const root = createRoot(document.createElement('div'));
  const show = (list: CandidateListSnapshot) => act(async () => root.render(<Probe list={list} />));
  return { waiting, releaseAll, shown: () => figures, show, root };
}

it('tallies a large list a slice at a time, keeping the figures on screen until the new ones are whole', async () => {
  const { waiting, releaseAll, shown, show, root } = probe();
  const first = people(30, 3);
  await show(readyList(first));
  // 30 rows are three slices: nothing to show before the first tally ends.
  expect(shown()).toBeNull();
  expect(waiting).toHaveLength(1);
  await releaseAll();
  expect(shown()).toEqual(dashboardSummary(first));

  // A newer list while the next is tallied: the first figures stay, the half-done tally is dropped.
  const second = people(35, 5);
  await show(readyList(second));
  expect(shown()).toEqual(dashboardSummary(first));
  const third = people(40, 2);
  await show(readyList(third));
  await releaseAll();
  expect(shown()).toEqual(dashboardSummary(third));

  // A small list is counted at once.
  const few = people(4, 2);
  await show(readyList(few));
  expect(shown()).toEqual(dashboardSummary(few));
  await act(async () => root.unmount());
});

it('takes the figures over, without a tally, when rows change in place without moving in it; tallies when one moves', async () => {
  const { waiting, releaseAll, shown, show, root } = probe();
  const candidates = people(30, 3);
  const first = snapshotOf('ready', indexCandidates(candidates));
  await show(first);
  await releaseAll();
  expect(shown()).toEqual(dashboardSummary(candidates));

  // The newest candidate (first in the Recent list) is given its server id and renamed: nothing moves.
  const newest = first.newestFirst[0]!;
  const position = first.entries.indexOf(newest);
  const renamed = { ...newest.candidate, id: 7, name: 'Renamed' };
  const entries = first.entries.slice();
  entries[position] = indexCandidate(renamed);
  const second = first.updatedInPlace(entries, [position]);
  await show(second);
  expect(waiting).toHaveLength(0);
  expect(shown()).toEqual(dashboardSummary(second.candidates));
  expect(shown()!.recent[0]).toBe(renamed);

  // A status change moves it in the tally: counted again, a slice at a time.
  const hired = { ...renamed, status: 'hired' as const };
  const next = entries.slice();
  next[position] = indexCandidate(hired);
  const third = second.updatedInPlace(next, [position]);
  await show(third);
  expect(waiting).toHaveLength(1);
  await releaseAll();
  expect(shown()).toEqual(dashboardSummary(third.candidates));
  await act(async () => root.unmount());
});
