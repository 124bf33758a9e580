import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_SORT, nextSort, sortCandidates, sortInWords } from './sort';
import { dayOffset, makeCandidate } from './testing';

const names = (list: Array<{ name: string }>) => list.map((c) => c.name);

describe('nextSort', () => {
  it('starts from applied date, newest first', () => {
    expect(DEFAULT_SORT).toEqual({ column: 'appliedDate', direction: 'desc' });
  });

  it('toggles the same column and starts a new column ascending', () => {
    expect(nextSort(DEFAULT_SORT, 'appliedDate')).toEqual({ column: 'appliedDate', direction: 'asc' });
    expect(nextSort({ column: 'name', direction: 'asc' }, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort({ column: 'name', direction: 'desc' }, 'email')).toEqual({ column: 'email', direction: 'asc' });
  });
});

describe('sortCandidates', () => {
  const zoe = makeCandidate({ name: 'zoe', email: 'z@x.com', phone: '(212) 555-0100', status: 'hired', appliedDate: dayOffset(1) });
  const elodie = makeCandidate({ name: 'Élodie', email: 'E@x.com', phone: '+1 949 555 0100', status: 'new', appliedDate: dayOffset(3) });
  const adam = makeCandidate({ name: 'Adam', email: 'a@x.com', phone: null, status: 'rejected', appliedDate: dayOffset(2) });
  const blank = makeCandidate({ name: '', email: '', phone: '', status: 'interview', appliedDate: 'invalid' });
  const all = [zoe, elodie, adam, blank];

  it('sorts names case- and accent-insensitively, empty names last either way', () => {
    expect(names(sortCandidates(all, 'name', 'asc'))).toEqual(['Adam', 'Élodie', 'zoe', '']);
    expect(names(sortCandidates(all, 'name', 'desc'))).toEqual(['zoe', 'Élodie', 'Adam', '']);
  });

  it('sorts emails case-insensitively', () => {
    expect(sortCandidates(all, 'email', 'asc').map((c) => c.email)).toEqual(['a@x.com', 'E@x.com', 'z@x.com', '']);
  });

  it('sorts phones by their digits, missing phones last', () => {
    expect(names(sortCandidates(all, 'phone', 'asc'))).toEqual(['Élodie', 'zoe', 'Adam', '']);
    expect(names(sortCandidates(all, 'phone', 'desc'))).toEqual(['zoe', 'Élodie', 'Adam', '']);
  });

  it('sorts statuses in pipeline order', () => {
    expect(sortCandidates(all, 'status', 'asc').map((c) => c.status)).toEqual(['new', 'interview', 'hired', 'rejected']);
    expect(sortCandidates(all, 'status', 'desc').map((c) => c.status)).toEqual(['rejected', 'hired', 'interview', 'new']);
  });

  it('sorts applied dates, broken dates last in both directions', () => {
    expect(names(sortCandidates(all, 'appliedDate', 'desc'))).toEqual(['Élodie', 'Adam', 'zoe', '']);
    expect(names(sortCandidates(all, 'appliedDate', 'asc'))).toEqual(['zoe', 'Adam', 'Élodie', '']);
  });

  it('breaks ties by newest application, then list order', () => {
    const older = makeCandidate({ name: 'Sam', appliedDate: dayOffset(0) });
    const newer = makeCandidate({ name: 'Sam', appliedDate: dayOffset(9) });
    const sameAsNewer = makeCandidate({ name: 'Sam', appliedDate: dayOffset(9) });
    expect(sortCandidates([older, newer, sameAsNewer], 'name', 'asc')).toEqual([newer, sameAsNewer, older]);
    expect(sortCandidates([older, newer, sameAsNewer], 'name', 'desc')).toEqual([newer, sameAsNewer, older]);
  });

  it('returns a permutation and does not touch the input (property)', () => {
    const arbitrary = fc.array(
      fc.record({ name: fc.string({ maxLength: 4 }), day: fc.integer({ min: 0, max: 3 }) }).map((r) => makeCandidate({ name: r.name, appliedDate: dayOffset(r.day) })),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(arbitrary, fc.constantFrom('name', 'email', 'phone', 'status', 'appliedDate' as const), fc.constantFrom('asc', 'desc' as const), (list, column, direction) => {
        const copy = [...list];
        const sorted = sortCandidates(list, column, direction);
        expect(list).toEqual(copy);
        expect([...sorted].sort((a, b) => a.uid.localeCompare(b.uid))).toEqual([...list].sort((a, b) => a.uid.localeCompare(b.uid)));
        expect(sortCandidates(sorted, column, direction)).toEqual(sorted);
      }),
    );
  });
});

describe('sortInWords', () => {
  it('reads the order as words', () => {
    expect(sortInWords({ column: 'appliedDate', direction: 'desc' })).toBe('sorted by applied date, newest first');
    expect(sortInWords({ column: 'name', direction: 'asc' })).toBe('sorted by name, A to Z');
    expect(sortInWords({ column: 'status', direction: 'asc' })).toBe('sorted by status, in pipeline order');
  });
});
