import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Candidate, CandidateStatus } from '../schemas/candidate.schema';
import {
  candidateCounts,
  dashboardSummary,
  dashboardSummaryAfter,
  dashboardSummaryOfNewestFirst,
  dashboardSummaryOfNewestFirstInSlices,
  formatPercent,
  hiredCandidates,
  percentOf,
  pipelineStages,
  recentCandidates,
  statusCounts,
} from './stats';
import { indexCandidates } from './candidate-index';
import { sortIndexedCandidates } from './sort';
import { dayOffset, makeCandidate } from './testing';

const withStatuses = (...statuses: CandidateStatus[]) => statuses.map((status) => makeCandidate({ status }));

describe('counts', () => {
  it('counts total, hired, in progress and rejected', () => {
    const list = withStatuses('new', 'screening', 'interview', 'assessment', 'offer', 'hired', 'hired', 'rejected');
    expect(candidateCounts(list)).toEqual({ total: 8, hired: 2, inProgress: 5, rejected: 1 });
  });

  it('counts every status, zero when absent', () => {
    expect(statusCounts(withStatuses('new', 'new', 'offer'))).toEqual({
      new: 2,
      screening: 0,
      interview: 0,
      assessment: 0,
      offer: 1,
      hired: 0,
      rejected: 0,
    });
  });

  it('ignores statuses outside the list instead of inventing keys', () => {
    const odd = [makeCandidate({ status: 'toString' as CandidateStatus }), makeCandidate({ status: '__proto__' as CandidateStatus })];
    expect(Object.values(statusCounts(odd)).every((n) => n === 0)).toBe(true);
    expect(candidateCounts(odd).total).toBe(2);
  });
});

describe('percentages', () => {
  it('rounds to one decimal', () => {
    expect(formatPercent(1, 3)).toBe('33.3%');
    expect(formatPercent(2, 3)).toBe('66.7%');
    expect(formatPercent(1, 8)).toBe('12.5%');
    expect(formatPercent(5, 5)).toBe('100.0%');
    expect(percentOf(1, 7)).toBe(14.3);
  });

  it('is 0.0% of nothing', () => {
    expect(formatPercent(0, 0)).toBe('0.0%');
  });

  it('gives one pipeline stage per status in order, adding up to the total', () => {
    const stages = pipelineStages(withStatuses('new', 'new', 'hired'));
    expect(stages.map((s) => s.status)).toEqual(['new', 'screening', 'interview', 'assessment', 'offer', 'hired', 'rejected']);
    expect(stages[0]).toEqual({ status: 'new', label: 'New', count: 2, percent: 66.7, percentLabel: '66.7%' });
    expect(stages.reduce((sum, s) => sum + s.count, 0)).toBe(3);
  });
});

describe('recent and hired candidates', () => {
  it('picks the five newest by applied date, newest first', () => {
    const list = [3, 9, 1, 7, 5, 8, 2].map((day) => makeCandidate({ name: `d${day}`, appliedDate: dayOffset(day) }));
    expect(recentCandidates(list).map((c) => c.name)).toEqual(['d9', 'd8', 'd7', 'd5', 'd3']);
    expect(recentCandidates(list, 2).map((c) => c.name)).toEqual(['d9', 'd8']);
    expect(recentCandidates(list, 0)).toEqual([]);
  });

  it('agrees with a full stable sort (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }), { maxLength: 30 }), fc.integer({ min: 0, max: 8 }), (days, limit) => {
        const list = days.map((day) => makeCandidate({ appliedDate: day === null ? 'broken' : dayOffset(day) }));
        const time = (c: { appliedDate: string }) => Date.parse(c.appliedDate);
        const expected = [...list]
          .sort((a, b) => {
            const [x, y] = [time(a), time(b)];
            if (Number.isNaN(x) || Number.isNaN(y)) return Number(Number.isNaN(x)) - Number(Number.isNaN(y));
            return y - x;
          })
          .slice(0, limit);
        expect(recentCandidates(list, limit)).toEqual(expected);
      }),
    );
  });

  it('lists hired candidates newest first', () => {
    const list = [
      makeCandidate({ name: 'old hire', status: 'hired', appliedDate: dayOffset(1) }),
      makeCandidate({ name: 'not hired', status: 'offer', appliedDate: dayOffset(5) }),
      makeCandidate({ name: 'new hire', status: 'hired', appliedDate: dayOffset(3) }),
    ];
    expect(hiredCandidates(list).map((c) => c.name)).toEqual(['new hire', 'old hire']);
  });
});

describe('dashboardSummary', () => {
  it('counts after hiding duplicate emails', () => {
    const list = [
      makeCandidate({ email: 'ana@x.com', status: 'new', appliedDate: dayOffset(1) }),
      makeCandidate({ email: 'ANA@x.com ', status: 'hired', appliedDate: dayOffset(4), name: 'Ana latest' }),
      makeCandidate({ email: 'ben@x.com', status: 'rejected', appliedDate: dayOffset(2) }),
      makeCandidate({ email: '', status: 'interview', appliedDate: dayOffset(3) }),
    ];
    const summary = dashboardSummary(list);
    expect(summary.counts).toEqual({ total: 3, hired: 1, inProgress: 1, rejected: 1 });
    expect(summary.uniqueCount).toBe(3);
    expect(summary.duplicatesHidden).toBe(1);
    expect(summary.hired.map((c) => c.name)).toEqual(['Ana latest']);
    expect(summary.recent.map((c) => c.appliedDate)).toEqual([dayOffset(4), dayOffset(3), dayOffset(2)]);
    expect(summary.pipeline.find((s) => s.status === 'hired')?.percentLabel).toBe('33.3%');
  });

  it('is all zeros for no candidates', () => {
    const summary = dashboardSummary([]);
    expect(summary.counts).toEqual({ total: 0, hired: 0, inProgress: 0, rejected: 0 });
    expect(summary.pipeline.every((s) => s.percentLabel === '0.0%')).toBe(true);
    expect(summary.recent).toEqual([]);
  });

  it('gives the same figures from a newest-first index in one pass (property)', () => {
    const arbitrary = fc.array(
      fc.record({
        email: fc.constantFrom('a@x.com', ' A@x.com', 'b@x.com', '', 'c@x.com'),
        day: fc.integer({ min: 0, max: 5 }),
        status: fc.constantFrom<CandidateStatus>('new', 'interview', 'hired', 'rejected', 'offer'),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arbitrary, (rows) => {
        const list = rows.map(({ email, day, status }) => makeCandidate({ email, status, appliedDate: dayOffset(day) }));
        const newestFirst = sortIndexedCandidates(indexCandidates(list), 'appliedDate', 'desc');
        expect(dashboardSummaryOfNewestFirst(newestFirst)).toEqual(dashboardSummary(list));
      }),
    );
  });

  it('gives the same figures a slice at a time, pausing between slices, and gives up on a list gone stale', async () => {
    const list = Array.from({ length: 23 }, (_, i) =>
      makeCandidate({ email: `p${i % 9}@x.com`, status: i % 4 === 0 ? 'hired' : 'interview', appliedDate: dayOffset(i % 6) }),
    );
    const newestFirst = sortIndexedCandidates(indexCandidates(list), 'appliedDate', 'desc');
    let pauses = 0;
    const sliced = await dashboardSummaryOfNewestFirstInSlices(newestFirst, async () => void (pauses += 1), () => false, 5);
    expect(sliced).toEqual(dashboardSummary(list));
    expect(pauses).toBe(4);
    // The list changed during the first pause: no figures.
    expect(await dashboardSummaryOfNewestFirstInSlices(newestFirst, async () => {}, () => true, 5)).toBeNull();
  });

  it('carries the figures over rows changed in place that keep their email, status and date, and gives up when one does not (property)', () => {
    const arbitrary = fc.record({
      rows: fc.array(
        fc.record({
          email: fc.constantFrom('a@x.com', 'b@x.com', '', 'c@x.com'),
          day: fc.integer({ min: 0, max: 3 }),
          status: fc.constantFrom<CandidateStatus>('new', 'hired', 'rejected'),
        }),
        { minLength: 1, maxLength: 20 },
      ),
      changes: fc.array(fc.record({ at: fc.nat(), moves: fc.constantFrom(null, 'status', 'email', 'appliedDate') }), { maxLength: 6 }),
    });
    fc.assert(
      fc.property(arbitrary, ({ rows, changes }) => {
        const list = rows.map(({ email, day, status }) => makeCandidate({ email, status, appliedDate: dayOffset(day) }));
        const entries = indexCandidates(list);
        const positions = [...new Set(changes.map(({ at }) => at % list.length))];
        const moves = new Map(positions.map((at) => [at, changes.find((change) => change.at % list.length === at)!.moves]));
        const moving = new Set(positions.filter((at) => moves.get(at)));
        // A new version of each changed row: a new name, and a new status, email or date when it moves in the tally.
        const moved = (candidate: Candidate, field: string | null | undefined) =>
          field === 'status'
            ? { status: candidate.status === 'hired' ? ('new' as const) : ('hired' as const) }
            : field === 'email'
              ? { email: `new.${candidate.email}` }
              : field === 'appliedDate'
                ? { appliedDate: dayOffset(9) }
                : {};
        const changed = positions.map((at) => ({ ...list[at]!, name: `${list[at]!.name} (new)`, ...moved(list[at]!, moves.get(at)) }));
        const next = list.map((candidate, i) => (positions.includes(i) ? changed[positions.indexOf(i)]! : candidate));
        const nextEntries = indexCandidates(next);
        const summary = dashboardSummaryOfNewestFirst(sortIndexedCandidates(entries, 'appliedDate', 'desc'));
        const carried = dashboardSummaryAfter(
          summary,
          positions.map((at) => entries[at]!),
          positions.map((at) => nextEntries[at]!),
        );
        if (moving.size) expect(carried).toBeNull();
        else expect(carried).toEqual(dashboardSummaryOfNewestFirst(sortIndexedCandidates(nextEntries, 'appliedDate', 'desc')));
      }),
    );
  });
});
