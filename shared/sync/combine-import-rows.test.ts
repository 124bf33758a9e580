import { describe, expect, it } from 'vitest';
import { combineImportRows } from './combine-import-rows';

const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('combineImportRows', () => {
  it('merges rows sharing an email: later non-blank values win, notes add up', () => {
    const { rows, superseded } = combineImportRows([
      { uid: uid(1), name: 'Cy', email: 'cy@x.io', phone: '1', notes: 'first' },
      { uid: uid(2), name: 'Cy Two', email: ' CY@x.io', phone: '', location: 'Oslo', notes: 'second' },
      { uid: uid(3), name: 'Di', email: 'di@x.io' },
    ]);
    expect(rows).toEqual([
      { uid: uid(1), name: 'Cy Two', email: ' CY@x.io', phone: '1', location: 'Oslo', notes: 'first\nsecond' },
      { uid: uid(3), name: 'Di', email: 'di@x.io' },
    ]);
    expect(superseded[0]).toEqual([
      { field: 'name', value: 'Cy' },
      { field: 'email', value: 'cy@x.io' },
    ]);
  });
});
