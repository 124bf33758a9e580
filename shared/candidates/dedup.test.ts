import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { indexCandidates, unwrap } from './candidate-index';
import { dedupeByEmail, uniqueByEmail } from './dedup';
import { sortIndexedCandidates } from './sort';
import { dayOffset, makeCandidate } from './testing';

describe('dedupeByEmail', () => {
  it('keeps the most recent application per email, matching emails trimmed and lower-cased', () => {
    const older = makeCandidate({ email: 'ana@example.com', appliedDate: dayOffset(0) });
    const newest = makeCandidate({ email: ' ANA@example.com ', appliedDate: dayOffset(5) });
    const middle = makeCandidate({ email: 'Ana@Example.com', appliedDate: dayOffset(2) });
    const other = makeCandidate({ email: 'ben@example.com', appliedDate: dayOffset(1) });
    expect(dedupeByEmail([older, newest, other, middle])).toEqual({ unique: [newest, other], duplicatesHidden: 2 });
  });

  it('keeps every candidate without an email', () => {
    const a = makeCandidate({ email: '', appliedDate: dayOffset(1) });
    const b = makeCandidate({ email: '   ', appliedDate: dayOffset(2) });
    const result = dedupeByEmail([a, b]);
    expect(result.unique).toEqual([b, a]);
    expect(result.duplicatesHidden).toBe(0);
  });

  it('keeps the earlier one in the list when applied dates tie', () => {
    const first = makeCandidate({ email: 'x@example.com', name: 'First' });
    const second = makeCandidate({ email: 'x@example.com', name: 'Second' });
    expect(dedupeByEmail([first, second]).unique).toEqual([first]);
  });

  it('puts candidates with broken dates last, so a dated duplicate wins', () => {
    const broken = makeCandidate({ email: 'x@example.com', appliedDate: 'not a date' });
    const dated = makeCandidate({ email: 'x@example.com', appliedDate: dayOffset(-100) });
    expect(dedupeByEmail([broken, dated]).unique).toEqual([dated]);
  });

  it('handles an empty list', () => {
    expect(dedupeByEmail([])).toEqual({ unique: [], duplicatesHidden: 0 });
  });

  const arbitraryCandidates = fc.array(
    fc.record({
      email: fc.constantFrom('', 'a@x.com', 'A@x.com ', 'b@x.com', 'c@x.com'),
      day: fc.integer({ min: 0, max: 5 }),
    }),
    { maxLength: 30 },
  ).map((rows) => rows.map((row) => makeCandidate({ email: row.email, appliedDate: dayOffset(row.day) })));

  it('is idempotent and accounts for every candidate (property)', () => {
    fc.assert(
      fc.property(arbitraryCandidates, (candidates) => {
        const once = dedupeByEmail(candidates);
        expect(once.unique.length + once.duplicatesHidden).toBe(candidates.length);
        const twice = dedupeByEmail(once.unique);
        expect(twice.unique).toEqual(once.unique);
        expect(twice.duplicatesHidden).toBe(0);
        const emails = once.unique.map((c) => c.email.trim().toLowerCase()).filter(Boolean);
        expect(new Set(emails).size).toBe(emails.length);
      }),
    );
  });

  it('never keeps an older application over a newer one with the same email (property)', () => {
    fc.assert(
      fc.property(arbitraryCandidates, (candidates) => {
        const { unique } = dedupeByEmail(candidates);
        for (const kept of unique) {
          const key = kept.email.trim().toLowerCase();
          if (!key) continue;
          const newest = Math.max(...candidates.filter((c) => c.email.trim().toLowerCase() === key).map((c) => Date.parse(c.appliedDate)));
          expect(Date.parse(kept.appliedDate)).toBe(newest);
        }
      }),
    );
  });
});

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
