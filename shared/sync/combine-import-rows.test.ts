import { describe, expect, it } from 'vitest';
import { combineImportRows } from './combine-import-rows';

const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('combineImportRows', () => {
  it('merges rows sharing an email: later non-blank values win, the first email stays, notes lines add up', () => {
    const { rows, superseded } = combineImportRows([
      { uid: uid(1), name: 'Cy', email: 'cy@x.io', phone: '1', notes: 'Rating: 10' },
      { uid: uid(2), name: 'Cy Two', email: ' CY@x.io', phone: '', location: 'Oslo', notes: 'Rating: 1' },
      { uid: uid(3), name: 'Di', email: 'di@x.io' },
      { uid: uid(4), name: 'Cy Two', email: 'cy@x.io', notes: 'Rating: 10' },
    ]);
    expect(rows).toEqual([
      { uid: uid(1), name: 'Cy Two', email: 'cy@x.io', phone: '1', location: 'Oslo', notes: 'Rating: 10\nRating: 1' },
      { uid: uid(3), name: 'Di', email: 'di@x.io' },
    ]);
    expect(superseded[0]).toEqual([{ field: 'name', value: 'Cy' }]);
  });
});
