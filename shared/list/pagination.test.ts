import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, pageNumbers, paginate, showingResultsText } from './pagination';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('paginate', () => {
  it('offers the spec page sizes with 25 as default', () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 25, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(25);
    expect(paginate(range(30), 1).items).toHaveLength(25);
  });

  it('slices a page and says which rows it shows', () => {
    const page = paginate(range(120), 2, 25);
    expect(page).toMatchObject({ page: 2, pageSize: 25, pageCount: 5, total: 120, from: 26, to: 50 });
    expect(page.items[0]).toBe(26);
    expect(showingResultsText(page)).toBe('Showing 26 to 50 of 120 results');
  });

  it('shows a short last page', () => {
    expect(paginate(range(120), 5, 25)).toMatchObject({ from: 101, to: 120 });
  });

  it('clamps a page beyond the end (e.g. after filtering) and before the start', () => {
    expect(paginate(range(30), 9, 10)).toMatchObject({ page: 3, from: 21, to: 30 });
    expect(paginate(range(30), 0, 10)).toMatchObject({ page: 1, from: 1, to: 10 });
    expect(paginate(range(30), Number.NaN, 10).page).toBe(1);
  });

  it('handles an empty list', () => {
    const page = paginate([], 1, 10);
    expect(page).toEqual({ items: [], page: 1, pageSize: 10, pageCount: 1, total: 0, from: 0, to: 0 });
    expect(showingResultsText(page)).toBe('Showing 0 to 0 of 0 results');
  });

  it('falls back to the default size for a nonsense size', () => {
    expect(paginate(range(30), 1, 0).pageSize).toBe(25);
  });

  it('covers every item exactly once across its pages (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.constantFrom(...PAGE_SIZE_OPTIONS), (n, size) => {
        const list = range(n);
        const first = paginate(list, 1, size);
        const all = range(first.pageCount).flatMap((p) => paginate(list, p, size).items);
        expect(all).toEqual(list);
      }),
    );
  });
});

describe('pageNumbers', () => {
  it('lists every page when there are few', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageNumbers(1, 0)).toEqual([]);
  });

  it('shows first, last and the neighbours of the current page with ellipses', () => {
    expect(pageNumbers(1, 10)).toEqual([1, 2, 'ellipsis-end', 10]);
    expect(pageNumbers(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageNumbers(10, 10)).toEqual([1, 'ellipsis-start', 9, 10]);
  });

  it('shows a single hidden page instead of an ellipsis', () => {
    expect(pageNumbers(4, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 10]);
    expect(pageNumbers(7, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9, 10]);
  });

  it('clamps the current page', () => {
    expect(pageNumbers(99, 5)).toEqual([1, 'ellipsis-start', 4, 5]);
    expect(pageNumbers(-3, 5)).toEqual([1, 2, 'ellipsis-end', 5]);
  });

  it('is increasing, includes first, current and last, and never repeats an ellipsis (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (total, raw) => {
        const current = ((raw - 1) % total) + 1;
        const items = pageNumbers(current, total);
        const numbers = items.filter((i): i is number => typeof i === 'number');
        expect(numbers).toContain(1);
        expect(numbers).toContain(current);
        expect(numbers).toContain(total);
        for (let i = 1; i < numbers.length; i += 1) expect(numbers[i]!).toBeGreaterThan(numbers[i - 1]!);
        expect(items.filter((i) => i === 'ellipsis-start').length).toBeLessThanOrEqual(1);
        expect(items.filter((i) => i === 'ellipsis-end').length).toBeLessThanOrEqual(1);
        expect(items.length).toBeLessThanOrEqual(7);
      }),
    );
  });
});
