import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ImportRow } from './args.schema';
import { apply } from './candidates-import';
import { ctx, mapStore } from './map-store.testing';


async function importInBatches(rows: ImportRow[], cuts: number[]) {
  const store = mapStore();
  let from = 0;
  for (const [i, to] of [...cuts, rows.length].entries()) {
    if (to > from) await apply(store, { rows: rows.slice(from, to) }, ctx(i));
    from = Math.max(from, to);
  }
  return [...store.candidates.values()]
    .map(({ uid, name, email, phone, location, source, status, notes }) => ({ uid, name, email, phone, location, source, status, notes }))
    .sort((a, b) => a.uid.localeCompare(b.uid));
}

describe('candidates.import', () => {
  it('gives the same candidates wherever a file is cut into batches (property)', async () => {
    const row = fc.record({
      email: fc.constantFrom('ana@x.io', ' ANA@x.io', 'ben@x.io', 'cy@x.io'),
      name: fc.constantFrom('Ana', 'Ana C', 'Ben', 'Cy'),
      phone: fc.option(fc.constantFrom('555-0100', '555-0199'), { nil: undefined }),
      location: fc.option(fc.constantFrom('Oslo', 'Reno'), { nil: undefined }),
      notes: fc.option(fc.constantFrom('Rating: 1', 'Rating: 10', 'remote', 'Prefers remote work\nremote'), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 8 }), fc.array(fc.nat(8), { maxLength: 3 }), async (raw, cuts) => {
        const rows = raw.map((r, i) => Object.fromEntries(Object.entries({ ...r, uid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }).filter(([, v]) => v !== undefined)) as ImportRow);
        const whole = await importInBatches(rows, []);
        const cut = await importInBatches(rows, [...cuts].sort((a, b) => a - b));
        expect(cut).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('adds a row note that is only a substring of a line already there', async () => {
    const store = mapStore();
    const uid = '00000000-0000-4000-8000-000000000001';
    await apply(store, { rows: [{ uid, name: 'Ana', email: 'ana@x.io', notes: 'Prefers remote work' }] }, ctx(1));
    await apply(store, { rows: [{ uid: '00000000-0000-4000-8000-000000000002', name: 'Ana', email: 'ANA@x.io', notes: 'remote' }] }, ctx(2));
    expect(store.candidates.get(uid)!.notes).toBe('Prefers remote work\nremote');
  });
});
