import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortInSteps } from './sort-in-steps';

/** Runs the steps to the end; answers the result and how many times it yielded. */
function run(values: readonly string[], sliceRows: number): { sorted: string[]; pauses: number } {
  const steps = sortInSteps(values, sliceRows);
  let pauses = 0;
  for (;;) {
    const step = steps.next();
    if (step.done) return { sorted: step.value, pauses };
    pauses += 1;
  }
}

describe('sortInSteps', () => {
  it('sorts as Array.prototype.sort does without a comparator, whatever the slice', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', 'B', 'é', '😀', '\u{10FFFF}', ' ', '0') }), { maxLength: 60 }), fc.integer({ min: 0, max: 13 }), (values, sliceRows) => {
        const before = [...values];
        expect(run(values, sliceRows).sorted).toEqual([...values].sort());
        expect(values).toEqual(before);
      }),
      { numRuns: 500 },
    );
  });

  it('pauses while it merges, not only between the slices it sorts', () => {
    const values = Array.from({ length: 100 }, (_, i) => `person${(i * 37) % 100}@x.io`);
    const { sorted, pauses } = run(values, 10);
    expect(sorted).toEqual([...values].sort());
    // 9 pauses between the 10 sorted slices; the merges place 100 + 80 + 80 + 100 values, a pause every 10.
    expect(pauses).toBe(9 + 36);
    // One slice: sorted in one step, no pause.
    expect(run(values.slice(0, 10), 10).pauses).toBe(0);
    expect(run([], 10).sorted).toEqual([]);
  });
});
