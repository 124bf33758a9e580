import { describe, expect, it } from 'vitest';
import { newUid } from '@shared/sync/ids';
import type { ImportRow } from '@shared/sync/protocol.schema';
import { chunkImportRows, validateImportRows } from './import-rows';

const row = (notes = ''): ImportRow => ({ uid: newUid(), name: 'Ann', email: 'ann@x.io', notes });
const bytesOf = (rows: ImportRow[]) => rows.reduce((sum, r) => sum + new TextEncoder().encode(JSON.stringify(r)).length + 1, 0);

describe('chunks of import rows', () => {
  it('hold at most maxRows rows each, in order', () => {
    const rows = Array.from({ length: 7 }, () => row());
    const chunks = chunkImportRows(rows, 3, 1_000_000);
    expect(chunks.map((chunk) => chunk.length)).toEqual([3, 3, 1]);
    expect(chunks.flat()).toEqual(rows);
  });

  it('stay within the byte budget counted in UTF-8, multi-byte text included', () => {
    // 'é' and '€' are 2 and 3 bytes: counted as characters they would overflow the budget.
    const rows = Array.from({ length: 12 }, (_, i) => row((i % 2 ? 'é' : '€').repeat(100)));
    const budget = bytesOf(rows.slice(0, 4));
    const chunks = chunkImportRows(rows, 1000, budget);
    expect(chunks.map((chunk) => chunk.length)).toEqual([4, 4, 4]);
    for (const chunk of chunks) expect(bytesOf(chunk)).toBeLessThanOrEqual(budget);
  });

  it('gives a row bigger than the budget a chunk of its own rather than losing it', () => {
    const rows = [row(), row('x'.repeat(500)), row()];
    expect(chunkImportRows(rows, 1000, 300).map((chunk) => chunk.length)).toEqual([1, 1, 1]);
  });
});

describe('validating import rows', () => {
  it('gives each valid row a new uid, reports each invalid one by its index, and hands the thread back every 1,000 rows', async () => {
    const rows: unknown[] = Array.from({ length: 2500 }, (_, i) => ({ name: `P${i}`, email: `p${i}@x.io` }));
    rows[7] = { name: 'No Email' };
    rows[1800] = 'not a row';
    let turns = 0;
    const { valid, skipped } = await validateImportRows(rows, async () => {
      turns += 1;
    });
    expect(turns).toBe(2);
    expect(valid).toHaveLength(2498);
    expect(new Set(valid.map((row) => row.uid)).size).toBe(2498);
    expect(skipped.map((skip) => skip.index)).toEqual([7, 1800]);
    expect(skipped[0]!.reason).toMatch(/^email: /);
  });
});
