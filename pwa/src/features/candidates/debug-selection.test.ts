import { describe, expect, it } from 'vitest';
import { dayOffset, makeCandidate } from '@shared/candidates/testing';
import { debugSelection, isFormSource } from './debug-selection';

describe('debugSelection', () => {
  it('picks form arrivals (newest first), a test candidate and the most recent candidate', () => {
    const list = [
      makeCandidate({ name: 'Old form', source: 'Form', appliedDate: dayOffset(1) }),
      makeCandidate({ name: 'Typeform one', source: 'Typeform', appliedDate: dayOffset(3) }),
      makeCandidate({ name: 'Zapier one', source: 'Zapier', appliedDate: dayOffset(5) }),
      makeCandidate({ name: 'Test Candidate', source: 'Zapier', appliedDate: dayOffset(2) }),
      makeCandidate({ name: 'Ann', email: 'ann@example.com', source: 'CSV Import', appliedDate: dayOffset(4) }),
    ];
    const selection = debugSelection(list);
    expect(selection.formCandidates.map((c) => c.name)).toEqual(['Typeform one', 'Old form']);
    expect(selection.formCount).toBe(2);
    expect(selection.testCandidate?.name).toBe('Test Candidate');
    expect(selection.mostRecent?.name).toBe('Zapier one');
  });

  it('copes with an empty list and recognises form tools', () => {
    expect(debugSelection([])).toEqual({ formCandidates: [], formCount: 0, testCandidate: null, mostRecent: null });
    expect(isFormSource('Google Forms')).toBe(true);
    expect(isFormSource('Tally')).toBe(true);
    expect(isFormSource('Craigslist')).toBe(false);
    expect(isFormSource(null)).toBe(false);
  });
});
