import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  activeFilterCount,
  applyCandidateFilters,
  type CandidateFilters,
  DEFAULT_CANDIDATE_FILTERS,
  filterIndexedCandidates,
  hasActiveFilters,
  sourceFilterLabel,
  sourceFilterOptions,
  toggleExperienceFilter,
  toggleSourceFilter,
  toggleStatusFilter,
} from './filters';
import { indexCandidates } from './candidate-index';
import { dayOffset, makeCandidate } from './testing';

function withFilters(overrides: Partial<CandidateFilters>): CandidateFilters {
  return { ...DEFAULT_CANDIDATE_FILTERS, ...overrides };
}

const names = (list: Array<{ name: string }>) => list.map((c) => c.name);

describe('applyCandidateFilters', () => {
  const ana = makeCandidate({ name: 'Ana Cruz', email: 'ana@example.com', phone: '+63 917 123 4567', status: 'interview', experience: '5 years in SALES', source: 'CSV Import' });
  const ben = makeCandidate({ name: 'Ben Ortiz', email: 'ben@mail.com', phone: '(949) 555-0101', status: 'hired', experience: 'Store management', source: 'craigslist ad' });
  const cy = makeCandidate({ name: 'Cy Young', email: 'cy@example.org', phone: null, status: 'new', experience: null, source: 'Zapier' });
  const all = [ana, ben, cy];

  it('returns everything with the default filters, in the given order', () => {
    expect(applyCandidateFilters(all, DEFAULT_CANDIDATE_FILTERS, 'UTC')).toEqual(all);
    expect(hasActiveFilters(DEFAULT_CANDIDATE_FILTERS)).toBe(false);
  });

  it('filters by location from the phone; a phone in neither region shows only under All Locations', () => {
    expect(names(applyCandidateFilters(all, withFilters({ location: 'us' }), 'UTC'))).toEqual(['Ben Ortiz']);
    expect(names(applyCandidateFilters(all, withFilters({ location: 'international' }), 'UTC'))).toEqual(['Ana Cruz']);
  });

  it('filters by the stage status, and a second click turns it off', () => {
    const hired = toggleStatusFilter(DEFAULT_CANDIDATE_FILTERS, 'hired');
    expect(names(applyCandidateFilters(all, hired, 'UTC'))).toEqual(['Ben Ortiz']);
    expect(toggleStatusFilter(hired, 'hired').status).toBeNull();
    expect(toggleStatusFilter(hired, 'new').status).toBe('new');
  });

  it('searches name, email and phone, case-insensitively, ignoring surrounding spaces', () => {
    expect(names(applyCandidateFilters(all, withFilters({ search: '  CRUZ ' }), 'UTC'))).toEqual(['Ana Cruz']);
    expect(names(applyCandidateFilters(all, withFilters({ search: 'example' }), 'UTC'))).toEqual(['Ana Cruz', 'Cy Young']);
    expect(names(applyCandidateFilters(all, withFilters({ search: '555-0101' }), 'UTC'))).toEqual(['Ben Ortiz']);
    expect(names(applyCandidateFilters(all, withFilters({ search: '5550101' }), 'UTC'))).toEqual(['Ben Ortiz']);
  });

  it('does not search other fields', () => {
    expect(applyCandidateFilters(all, withFilters({ search: 'zapier' }), 'UTC')).toEqual([]);
    expect(applyCandidateFilters(all, withFilters({ search: 'interview' }), 'UTC')).toEqual([]);
  });

  it('filters by experience text, any checked option passing', () => {
    const sales = toggleExperienceFilter(DEFAULT_CANDIDATE_FILTERS, 'sales');
    expect(names(applyCandidateFilters(all, sales, 'UTC'))).toEqual(['Ana Cruz']);
    const both = toggleExperienceFilter(sales, 'management');
    expect(names(applyCandidateFilters(all, both, 'UTC'))).toEqual(['Ana Cruz', 'Ben Ortiz']);
    expect(toggleExperienceFilter(both, 'sales').experience).toEqual(['management']);
  });

  it('filters by source text', () => {
    expect(names(applyCandidateFilters(all, toggleSourceFilter(DEFAULT_CANDIDATE_FILTERS, 'csv'), 'UTC'))).toEqual(['Ana Cruz']);
    expect(names(applyCandidateFilters(all, toggleSourceFilter(DEFAULT_CANDIDATE_FILTERS, 'craigslist'), 'UTC'))).toEqual(['Ben Ortiz']);
  });

  it('offers the spec sources, then each other source present, matched exactly whatever its case', () => {
    const more = [
      ...all,
      makeCandidate({ name: 'Di Form', email: 'di@example.com', source: 'Typeform' }),
      makeCandidate({ name: 'Ed Zap', email: 'ed@example.com', source: ' zapier ' }),
      makeCandidate({ name: 'Flo Form', email: 'flo@example.com', source: 'Form' }),
      makeCandidate({ name: 'No Source', email: 'none@example.com', source: null }),
    ];
    const options = sourceFilterOptions(indexCandidates(more));
    expect(options.map(({ label, count }) => `${label} ${count}`)).toEqual(['CSV Import 1', 'Craigslist 1', 'Zapier 2', 'Form 1', 'Typeform 1']);
    const zapier = options.find((option) => option.label === 'Zapier')!.value;
    expect(sourceFilterLabel(zapier)).toBe('Zapier');
    expect(names(applyCandidateFilters(more, toggleSourceFilter(DEFAULT_CANDIDATE_FILTERS, zapier), 'UTC'))).toEqual(['Cy Young', 'Ed Zap']);
    // "Form" is that source, not every source with "form" in it.
    const form = toggleSourceFilter(DEFAULT_CANDIDATE_FILTERS, 'is:Form');
    expect(names(applyCandidateFilters(more, form, 'UTC'))).toEqual(['Flo Form']);
    expect(names(applyCandidateFilters(more, toggleSourceFilter(form, 'csv'), 'UTC'))).toEqual(['Ana Cruz', 'Flo Form']);
  });

  it('combines different filters with AND', () => {
    const filters = withFilters({ experience: ['sales', 'management'], status: 'hired' });
    expect(names(applyCandidateFilters(all, filters, 'UTC'))).toEqual(['Ben Ortiz']);
  });

  it('counts checked More Filters options', () => {
    expect(activeFilterCount(DEFAULT_CANDIDATE_FILTERS)).toBe(0);
    expect(activeFilterCount(withFilters({ experience: ['sales'], sources: ['csv', 'craigslist'], search: 'x' }))).toBe(3);
  });
});

describe('date range filter', () => {
  // 2024-03-05 in Los Angeles runs from 08:00Z on the 5th to 08:00Z on the 6th.
  const beforeStart = makeCandidate({ name: 'before', appliedDate: '2024-03-05T07:59:59.999Z' });
  const atStart = makeCandidate({ name: 'start', appliedDate: '2024-03-05T08:00:00.000Z' });
  const lastInstant = makeCandidate({ name: 'last', appliedDate: '2024-03-06T07:59:59.999Z' });
  const nextDay = makeCandidate({ name: 'next', appliedDate: '2024-03-06T08:00:00.000Z' });
  const broken = makeCandidate({ name: 'broken', appliedDate: 'someday' });
  const all = [beforeStart, atStart, lastInstant, nextDay, broken];

  it('includes whole days at both ends, in the given zone', () => {
    const oneDay = withFilters({ dateRange: { from: '2024-03-05', to: '2024-03-05' } });
    expect(names(applyCandidateFilters(all, oneDay, 'America/Los_Angeles'))).toEqual(['start', 'last']);
    expect(names(applyCandidateFilters(all, oneDay, 'UTC'))).toEqual(['before', 'start']);
  });

  it('accepts an open-ended range', () => {
    expect(names(applyCandidateFilters(all, withFilters({ dateRange: { from: '2024-03-06', to: null } }), 'America/Los_Angeles'))).toEqual(['next']);
    expect(names(applyCandidateFilters(all, withFilters({ dateRange: { from: null, to: '2024-03-04' } }), 'America/Los_Angeles'))).toEqual(['before']);
  });

  it('puts a reversed range in order', () => {
    const reversed = withFilters({ dateRange: { from: '2024-03-06', to: '2024-03-05' } });
    expect(names(applyCandidateFilters(all, reversed, 'America/Los_Angeles'))).toEqual(['start', 'last', 'next']);
  });

  it('takes a date without a time (midnight UTC) as its calendar day in every zone', () => {
    const dateOnly = makeCandidate({ name: 'date only', appliedDate: '2024-03-05T00:00:00.000Z' });
    for (const zone of ['America/Los_Angeles', 'UTC', 'Asia/Manila', 'Pacific/Kiritimati']) {
      const march5 = withFilters({ dateRange: { from: '2024-03-05', to: '2024-03-05' } });
      expect(names(applyCandidateFilters([dateOnly], march5, zone)), zone).toEqual(['date only']);
      const march4 = withFilters({ dateRange: { from: '2024-03-04', to: '2024-03-04' } });
      expect(names(applyCandidateFilters([dateOnly], march4, zone)), zone).toEqual([]);
    }
  });

  it('never lets a candidate with a broken date through a date range, but keeps it otherwise', () => {
    const wide = withFilters({ dateRange: { from: '1970-01-01', to: '2100-01-01' } });
    expect(names(applyCandidateFilters(all, wide, 'UTC'))).not.toContain('broken');
    expect(names(applyCandidateFilters(all, DEFAULT_CANDIDATE_FILTERS, 'UTC'))).toContain('broken');
  });
});

describe('filter properties', () => {
  const arbitraryCandidate = fc
    .record({
      name: fc.constantFrom('Ana', 'ben', 'CY', ''),
      phone: fc.option(fc.constantFrom('+63 917 123 4567', '9495550101', '555', '0917 123 4567'), { nil: null }),
      status: fc.constantFrom('new', 'interview', 'hired', 'rejected', 'offer' as const),
      day: fc.integer({ min: -10, max: 10 }),
      experience: fc.option(fc.constantFrom('sales', 'Management', 'retail'), { nil: null }),
      source: fc.option(fc.constantFrom('CSV Import', 'Craigslist', 'Zapier'), { nil: null }),
    })
    .map((r) => makeCandidate({ name: r.name, phone: r.phone, status: r.status, appliedDate: dayOffset(r.day), experience: r.experience, source: r.source }));

  const arbitraryFilters: fc.Arbitrary<CandidateFilters> = fc.record({
    location: fc.constantFrom('all', 'us', 'international' as const),
    status: fc.constantFrom(null, 'new', 'interview', 'hired', 'rejected' as const),
    search: fc.constantFrom('', 'a', 'BEN', '949', 'example'),
    dateRange: fc.record({
      from: fc.constantFrom(null, '2023-12-25', '2024-01-01'),
      to: fc.constantFrom(null, '2024-01-05', '2024-01-11'),
    }),
    experience: fc.subarray(['sales', 'management'] as const),
    sources: fc.subarray(['csv', 'craigslist'] as const),
  });

  it('returns a subsequence of the input, and filtering again changes nothing', () => {
    fc.assert(
      fc.property(fc.array(arbitraryCandidate, { maxLength: 25 }), arbitraryFilters, (candidates, filters) => {
        const result = applyCandidateFilters(candidates, filters, 'UTC');
        expect(result.length).toBeLessThanOrEqual(candidates.length);
        let cursor = 0;
        for (const kept of result) {
          cursor = candidates.indexOf(kept, cursor);
          expect(cursor).toBeGreaterThanOrEqual(0);
          cursor += 1;
        }
        expect(applyCandidateFilters(result, filters, 'UTC')).toEqual(result);
      }),
    );
  });

  it('partitions every candidate into exactly one location besides All (or neither)', () => {
    fc.assert(
      fc.property(fc.array(arbitraryCandidate, { maxLength: 25 }), (candidates) => {
        const us = applyCandidateFilters(candidates, withFilters({ location: 'us' }), 'UTC');
        const intl = applyCandidateFilters(candidates, withFilters({ location: 'international' }), 'UTC');
        expect(us.filter((c) => intl.includes(c))).toEqual([]);
      }),
    );
  });

  it('gives the same answer from a reused index as from the convenience function', () => {
    fc.assert(
      fc.property(fc.array(arbitraryCandidate, { maxLength: 25 }), arbitraryFilters, (candidates, filters) => {
        const index = indexCandidates(candidates);
        const viaIndex = filterIndexedCandidates(index, filters, 'UTC').map((e) => e.candidate);
        expect(viaIndex).toEqual(applyCandidateFilters(candidates, filters, 'UTC'));
      }),
    );
  });
});

describe('scale', () => {
  it('filters 100,000 candidates in one linear pass', () => {
    const many = Array.from({ length: 100_000 }, (_, i) =>
      makeCandidate({ name: `Person ${i}`, email: `p${i}@example.com`, phone: i % 2 ? '9495550101' : '+63 917 000 0000', status: i % 3 ? 'new' : 'hired' }),
    );
    const index = indexCandidates(many);
    const result = filterIndexedCandidates(index, withFilters({ location: 'us', status: 'hired', search: 'person 9' }), 'UTC');
    const expected = many.filter((c, i) => i % 2 === 1 && i % 3 === 0 && c.name.startsWith('Person 9'));
    expect(result.map((e) => e.candidate)).toEqual(expected);
  }, 30_000);
});
