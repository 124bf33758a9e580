/**
 * A sort of strings that yields between steps, so a long one can run a step per idle slot
 * (table-query.ts warms the Candidates page's sort orders that way). Sorted at once, the distinct
 * names or emails of 100,000 candidates took 41–92 ms in Node on a 2-core machine (2 December 2026),
 * more on a page that shares the cores with the sync and on a slower tablet, where the bound
 * is 200 ms for any task.
 */

/**
 * `values` in code-unit order (as `<` compares strings, and Array.prototype.sort does without a
 * comparator): slices of `sliceRows` sorted natively, a slice per step, then merged in pairs, pass
 * after pass, yielding after every `sliceRows` values placed. `values` is left as it was.
 */
export function* sortInSteps(values: readonly string[], sliceRows: number): Generator<void, string[]> {
  const slice = Math.max(1, sliceRows);
  let runs: string[][] = [];
  for (let from = 0; from < values.length; from += slice) {
    if (from > 0) yield;
    runs.push(values.slice(from, from + slice).sort());
  }
  let placed = 0;
  while (runs.length > 1) {
    const next: string[][] = [];
    for (let i = 0; i < runs.length; i += 2) {
      const a = runs[i]!;
      const b = runs[i + 1];
      if (!b) {
        next.push(a);
        continue;
      }
      const merged = new Array<string>(a.length + b.length);
      let x = 0;
      let y = 0;
      for (let at = 0; at < merged.length; at += 1) {
        // From `a` on a tie: equal strings keep their order.
        merged[at] = y === b.length || (x < a.length && !(b[y]! < a[x]!)) ? a[x++]! : b[y++]!;
        if (++placed === slice) {
          placed = 0;
          yield;
        }
      }
      next.push(merged);
    }
    runs = next;
  }
  return runs[0] ?? [];
}
