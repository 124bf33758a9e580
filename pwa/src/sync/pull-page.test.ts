import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import { pullResponseSchema } from '@shared/sync/protocol.schema';
import { parsePullPage } from './pull-page';

const confirmation = (i: number) => ({
  uid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  id: i + 1,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  deletedAt: null,
  from: 1,
  through: 9,
  count: 9,
});

/** A page as the server writes it, with `candidates` whole rows and `confirmed` confirmations. */
function page(candidates: number, confirmed: number, extra: Record<string, unknown> = {}) {
  return JSON.parse(
    JSON.stringify({
      cursor: 'c-1',
      done: false,
      reset: false,
      includedThrough: 4,
      processedThrough: 5,
      candidates: Array.from({ length: candidates }, (_, i) => makeCandidate({ uid: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Row ${i}` })),
      confirmed: Array.from({ length: confirmed }, (_, i) => confirmation(i)),
      experiences: [],
      interviewNotes: [],
      ...extra,
    }),
  ) as Record<string, unknown>;
}

describe('a pull page checked a slice of rows per task', () => {
  it('answers what the schema answers for the whole page, with a turn before each slice (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 12 }), fc.nat({ max: 25 }), fc.integer({ min: 1, max: 6 }), fc.boolean(), async (candidates, confirmed, sliceRows, stray) => {
        // A field the schema does not know is dropped either way; lists it defaults are filled either way.
        const json = page(candidates, confirmed, stray ? { unknownField: 1, savedViews: undefined } : {});
        let turns = 0;
        const parsed = await parsePullPage(json, sliceRows, async () => void (turns += 1));
        expect(parsed).toEqual(pullResponseSchema.parse(json));
        const slices = (rows: number) => (rows > sliceRows ? Math.ceil(rows / sliceRows) : 0);
        expect(turns).toBe(slices(candidates) + slices(confirmed));
      }),
    );
  });

  it('refuses a page with one bad row among many, as the schema does', async () => {
    const json = page(30, 0);
    (json.candidates as Array<Record<string, unknown>>)[23]!.status = 'not-a-status';
    expect(() => pullResponseSchema.parse(json)).toThrow();
    await expect(parsePullPage(json, 5, async () => {})).rejects.toThrow();
  });

  it('refuses a page whose envelope is wrong while its rows are right', async () => {
    const json = page(30, 0, { done: 'no' });
    await expect(parsePullPage(json, 5, async () => {})).rejects.toThrow();
    await expect(parsePullPage(null, 5, async () => {})).rejects.toThrow();
    await expect(parsePullPage([], 5, async () => {})).rejects.toThrow();
  });
});
