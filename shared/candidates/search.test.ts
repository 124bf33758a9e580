import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  type AdvancedSearchFilters,
  type CandidateSearch,
  DEFAULT_CANDIDATE_SEARCH,
  EMPTY_ADVANCED_SEARCH,
  hasSearchCriteria,
  searchCandidates,
  searchResultsHeader,
  STATUS_SEARCH_OPTIONS,
} from './search';
import { makeCandidate } from './testing';

const simple = (query: string): CandidateSearch => ({ ...DEFAULT_CANDIDATE_SEARCH, query });
const advanced = (fields: Partial<AdvancedSearchFilters>, query = ''): CandidateSearch => ({
  mode: 'advanced',
  query,
  advanced: { ...EMPTY_ADVANCED_SEARCH, ...fields },
});
const names = (list: Array<{ name: string }>) => list.map((c) => c.name);

const ana = makeCandidate({
  name: 'Ana Cruz',
  email: 'ana@example.com',
  phone: '+63 917 123 4567',
  location: 'Manila',
  source: 'CSV Import',
  skills: 'Cold calling, CRM',
  notes: '[2024-01-02 10:00 PST] Great on the phone',
  status: 'interview',
});
const ben = makeCandidate({
  name: 'Ben Ortiz',
  email: 'BEN@mail.com',
  phone: '(949) 555-0101',
  location: 'Irvine, CA',
  source: 'Zapier',
  skills: 'Negotiation',
  notes: '',
  status: 'hired',
});
const all = [ana, ben];

describe('simple search', () => {
  it.each([
    ['name', 'ana cruz', ['Ana Cruz']],
    ['email', 'ben@MAIL', ['Ben Ortiz']],
    ['phone as typed', '555-0101', ['Ben Ortiz']],
    ['phone digits', '9171234567', ['Ana Cruz']],
    ['location', 'irvine', ['Ben Ortiz']],
    ['source', 'zap', ['Ben Ortiz']],
    ['skills', 'crm', ['Ana Cruz']],
    ['notes', 'GREAT ON', ['Ana Cruz']],
    ['status', 'HIRED', ['Ben Ortiz']],
  ])('matches %s case-insensitively', (_field, query, expected) => {
    expect(names(searchCandidates(all, simple(query)))).toEqual(expected);
  });

  it('returns everything for an empty or blank query and nothing for a miss', () => {
    expect(searchCandidates(all, simple('  '))).toEqual(all);
    expect(searchCandidates(all, simple('nobody'))).toEqual([]);
  });
});

describe('advanced search', () => {
  it('requires every filled field to match its own field', () => {
    expect(names(searchCandidates(all, advanced({ name: 'ortiz', location: 'CA' })))).toEqual(['Ben Ortiz']);
    expect(searchCandidates(all, advanced({ name: 'ortiz', location: 'Manila' }))).toEqual([]);
  });

  it('does not look outside the field', () => {
    expect(searchCandidates(all, advanced({ name: 'example' }))).toEqual([]);
    expect(searchCandidates(all, advanced({ source: 'Manila' }))).toEqual([]);
  });

  it('matches status exactly, or any status for all', () => {
    expect(names(searchCandidates(all, advanced({ status: 'hired' })))).toEqual(['Ben Ortiz']);
    expect(searchCandidates(all, advanced({ status: 'new' }))).toEqual([]);
    expect(searchCandidates(all, advanced({ status: 'all' }))).toEqual(all);
  });

  it('matches phone as a substring', () => {
    expect(names(searchCandidates(all, advanced({ phone: '917 123' })))).toEqual(['Ana Cruz']);
    expect(names(searchCandidates(all, advanced({ phone: '(949)' })))).toEqual(['Ben Ortiz']);
  });

  it('ignores the simple query', () => {
    expect(searchCandidates(all, advanced({}, 'nobody'))).toEqual(all);
    expect(names(searchCandidates(all, advanced({ email: 'ana' }, 'ben')))).toEqual(['Ana Cruz']);
  });

  it('never returns more than it was given, and an empty search returns all (property)', () => {
    const text = fc.constantFrom('', 'a', 'AN', '9', 'ca', ' ');
    const arbitrarySearch = fc.record({
      mode: fc.constantFrom('simple', 'advanced' as const),
      query: text,
      advanced: fc.record({
        name: text,
        email: text,
        phone: text,
        status: fc.constantFrom('all', 'hired', 'interview' as const),
        location: text,
        source: text,
      }),
    });
    fc.assert(
      fc.property(arbitrarySearch, (search) => {
        const result = searchCandidates(all, search);
        expect(result.length).toBeLessThanOrEqual(all.length);
        if (!hasSearchCriteria(search)) expect(result).toEqual(all);
      }),
    );
  });
});

describe('search helpers', () => {
  it('knows when there are criteria', () => {
    expect(hasSearchCriteria(DEFAULT_CANDIDATE_SEARCH)).toBe(false);
    expect(hasSearchCriteria(simple(' x '))).toBe(true);
    expect(hasSearchCriteria(advanced({}, 'ignored'))).toBe(false);
    expect(hasSearchCriteria(advanced({ status: 'offer' }))).toBe(true);
    expect(hasSearchCriteria(advanced({ source: 'csv' }))).toBe(true);
  });

  it('offers All Statuses then the capitalised status list', () => {
    expect(STATUS_SEARCH_OPTIONS.map((o) => o.label)).toEqual([
      'All Statuses',
      'New',
      'Screening',
      'Interview',
      'Assessment',
      'Offer',
      'Hired',
      'Rejected',
    ]);
  });

  it('writes the results header', () => {
    expect(searchResultsHeader(12, 10, 2)).toEqual({ found: 'Found 12 candidates', unique: '10 unique candidates', duplicates: '(2 duplicates hidden)' });
    expect(searchResultsHeader(1, 1, 0)).toEqual({ found: 'Found 1 candidate', unique: '1 unique candidate', duplicates: null });
    expect(searchResultsHeader(2, 1, 1).duplicates).toBe('(1 duplicate hidden)');
  });
});
