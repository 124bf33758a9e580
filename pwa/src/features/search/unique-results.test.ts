import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexCandidates, unwrap } from '@shared/candidates/candidate-index';
import { dedupeByEmail } from '@shared/candidates/dedup';
import { dayOffset, makeCandidate } from '@shared/candidates/testing';
import { sortIndexedCandidates } from '@shared/candidates/sort';
import { uniqueByEmail } from './unique-results';

describe('uniqueByEmail', () => {
  it('keeps the same candidates, in the same order, as dedupeByEmail', () => {
    const arbitrary = fc.array(
      fc.record({
        email: fc.constantFrom('a@x.com', ' A@x.com', 'b@x.com', '', 'c@x.com'),
        day: fc.integer({ min: 0, max: 5 }),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arbitrary, (rows) => {
        const list = rows.map(({ email, day }) => makeCandidate({ email, appliedDate: dayOffset(day) }));
        const newestFirst = sortIndexedCandidates(indexCandidates(list), 'appliedDate', 'desc');
        expect(unwrap(uniqueByEmail(newestFirst)).map((c) => c.uid)).toEqual(dedupeByEmail(list).unique.map((c) => c.uid));
      }),
    );
  });
});
