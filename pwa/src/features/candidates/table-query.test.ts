import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexCandidates } from '@shared/candidates/candidate-index';
import { DEFAULT_CANDIDATE_FILTERS, filterIndexedCandidates, type CandidateFilters } from '@shared/candidates/filters';
import { SORT_COLUMNS, sortIndexedCandidates } from '@shared/candidates/sort';
import { dayOffset, makeCandidate } from '@shared/candidates/testing';
import { PACIFIC_TIME_ZONE } from '@shared/format/dates';
import { paginate } from '@shared/list/pagination';
import { CANDIDATE_STATUSES } from '@shared/schemas/candidate.schema';
import { createFilterCache, createSortOrders, readAll, readPage } from './table-query';

const candidateArb = fc.record({
  name: fc.constantFrom('Ann', 'ann', 'Élodie', 'Bo', 'bo ', '', 'Zoë', 'Carla'),
  email: fc.constantFrom('a@x.com', 'B@x.com', '', 'c@x.com', 'a@x.com '),
  phone: fc.constantFrom(null, '(949) 555-0100', '+63 917 555 0101', '415-555-0102', ''),
  status: fc.constantFrom(...CANDIDATE_STATUSES),
  // Repeated days make ties; an empty date sorts last.
  appliedDate: fc.oneof(fc.integer({ min: 0, max: 4 }).map(dayOffset), fc.constant('')),
  source: fc.constantFrom(null, 'CSV Import', 'Craigslist'),
  experience: fc.constantFrom(null, 'Sales', 'Management'),
});

const filtersArb: fc.Arbitrary<CandidateFilters> = fc.record({
  location: fc.constantFrom('all', 'us', 'international'),
  status: fc.constantFrom(null, 'new', 'hired'),
  search: fc.constantFrom('', 'ann', '555', 'x.com'),
  dateRange: fc.constantFrom({ from: null, to: null }, { from: '2024-01-02', to: '2024-01-03' }),
  experience: fc.constantFrom([], ['sales'], ['sales', 'management']),
  sources: fc.constantFrom([], ['csv'], ['craigslist']),
}) as fc.Arbitrary<CandidateFilters>;

describe('table query', () => {
  it('gives the same pages as sort → filter → paginate with the shared functions', () => {
    fc.assert(
      fc.property(
        fc.array(candidateArb, { maxLength: 40 }),
        filtersArb,
        fc.constantFrom(...SORT_COLUMNS.map((c) => c.column)),
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(3, 10),
        (rows, filters, column, direction, page, pageSize) => {
          const index = indexCandidates(rows.map((row) => makeCandidate(row)));
          const expected = paginate(filterIndexedCandidates(sortIndexedCandidates(index, column, direction), filters, PACIFIC_TIME_ZONE), page, pageSize);
          const order = createSortOrders(index).order(column, direction);
          const match = createFilterCache(index, PACIFIC_TIME_ZONE).match(filters);
          const actual = readPage(index, order, match, page, pageSize);
          const at = (e: (typeof index)[number]) => index.indexOf(e);
          expect(actual.items.map(at)).toEqual(expected.items.map(at));
          expect({ ...actual, items: [] }).toEqual({ ...expected, items: [] });
          expect(readAll(index, order, match).map(at)).toEqual(
            filterIndexedCandidates(sortIndexedCandidates(index, column, direction), filters, PACIFIC_TIME_ZONE).map(at),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps orders and recent filter results instead of recomputing them', () => {
    const index = indexCandidates([makeCandidate({ name: 'B' }), makeCandidate({ name: 'A' })]);
    const orders = createSortOrders(index);
    expect(orders.order('name', 'asc')).toBe(orders.order('name', 'asc'));
    expect(Array.from(orders.order('name', 'asc'))).toEqual([1, 0]);
    const cache = createFilterCache(index, PACIFIC_TIME_ZONE);
    const hired = { ...DEFAULT_CANDIDATE_FILTERS, status: 'hired' as const };
    expect(cache.match(hired)).toBe(cache.match({ ...hired }));
    expect(cache.match(DEFAULT_CANDIDATE_FILTERS)).toEqual({ mask: null, count: 2 });
  });

  it('carries orders and filter results over rows changed in place, giving what a fresh build gives', () => {
    fc.assert(
      fc.property(
        fc.array(candidateArb, { minLength: 1, maxLength: 30 }),
        fc.array(fc.tuple(fc.nat(), candidateArb), { maxLength: 5 }),
        filtersArb,
        (rows, changes, filters) => {
          const before = indexCandidates(rows.map((row) => makeCandidate(row)));
          const orders = createSortOrders(before);
          const cache = createFilterCache(before, PACIFIC_TIME_ZONE);
          // Build some orders and a mask first, so there is something to carry over.
          for (const { column } of SORT_COLUMNS) orders.order(column, 'asc');
          cache.match(filters);
          const after = before.slice();
          const changed = [...new Set(changes.map(([at]) => at % before.length))];
          changes.forEach(([at, row]) => (after[at % before.length] = indexCandidates([makeCandidate(row)])[0]!));
          const carried = orders.updated(after, changed);
          const fresh = createSortOrders(after);
          for (const { column } of SORT_COLUMNS) {
            for (const direction of ['asc', 'desc'] as const) expect(carried.order(column, direction)).toEqual(fresh.order(column, direction));
          }
          const maskAndCount = ({ mask, count }: { mask: Uint8Array | null; count: number }) => ({ mask, count });
          expect(maskAndCount(cache.updated(after, changed).match(filters))).toEqual(maskAndCount(createFilterCache(after, PACIFIC_TIME_ZONE).match(filters)));
        },
      ),
      { numRuns: 300 },
    );
  });

  async function warmed(index: ReturnType<typeof indexCandidates>, column: 'appliedDate' | 'status', sliceRows: number) {
    const orders = createSortOrders(index);
    await orders.warmInSlices(column, sliceRows, async () => {});
    return orders;
  }

  it('builds a numeric column in slices, a pause between them, to the orders a build at once gives', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(candidateArb, { maxLength: 40 }), fc.integer({ min: 1, max: 12 }), fc.constantFrom('appliedDate' as const, 'status' as const), async (rows, sliceRows, column) => {
        const index = indexCandidates(rows.map((row) => makeCandidate(row)));
        const sliced = createSortOrders(index);
        let pauses = 0;
        await sliced.warmInSlices(column, sliceRows, async () => void (pauses += 1));
        // Its keys read a slice per step, then their ranks found a slice per step.
        const steps = Math.max(1, Math.ceil(index.length / sliceRows));
        expect(pauses).toBe(2 * (steps - 1));
        const atOnce = createSortOrders(index);
        for (const direction of ['asc', 'desc'] as const) expect(sliced.order(column, direction)).toEqual(atOnce.order(column, direction));
        // Built: warming again pauses no more.
        await sliced.warmInSlices(column, sliceRows, async () => void (pauses += 1));
        expect(pauses).toBe(2 * (steps - 1));
        // A slice of no rows still reads one per step.
        expect(Array.from((await warmed(index, column, 0)).order(column, 'asc'))).toEqual(Array.from(atOnce.order(column, 'asc')));
      }),
      { numRuns: 200 },
    );
  });

  it('builds a text column in slices too, with pauses between them, to the orders a build at once gives', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(candidateArb, { maxLength: 40 }), fc.integer({ min: 1, max: 12 }), fc.constantFrom('name' as const, 'email' as const, 'phone' as const), async (rows, sliceRows, column) => {
        const index = indexCandidates(rows.map((row) => makeCandidate(row)));
        const sliced = createSortOrders(index);
        let pauses = 0;
        await sliced.warmInSlices(column, sliceRows, async () => void (pauses += 1));
        // More than one slice of entries: it paused between them (and around the sort of their keys).
        if (index.length > sliceRows) expect(pauses).toBeGreaterThanOrEqual(Math.ceil(index.length / sliceRows));
        else expect(pauses).toBe(0);
        const atOnce = createSortOrders(index);
        for (const direction of ['asc', 'desc'] as const) expect(sliced.order(column, direction)).toEqual(atOnce.order(column, direction));
        const before = pauses;
        await sliced.warmInSlices(column, sliceRows, async () => void (pauses += 1));
        expect(pauses).toBe(before);
      }),
      { numRuns: 200 },
    );
  });
});
