import { describe, expect, it } from 'vitest';
import { indexCandidates } from '@shared/candidates/candidate-index';
import { dedupeByEmail } from '@shared/candidates/dedup';
import { makeCandidate } from '@shared/candidates/testing';
import { pipelineSummary, pipelineSummaryAfter } from './pipeline-summary';

describe('pipelineSummary', () => {
  it('counts every candidate per status and agrees with dedupeByEmail on the unique count', () => {
    const list = [
      makeCandidate({ email: 'Ann@Example.com ', status: 'new' }),
      makeCandidate({ email: 'ann@example.com', status: 'interview' }),
      makeCandidate({ email: '', status: 'hired' }),
      makeCandidate({ email: '', status: 'rejected' }),
      makeCandidate({ email: 'bo@example.com', status: 'new' }),
    ];
    const summary = pipelineSummary(indexCandidates(list));
    expect(summary.total).toBe(5);
    expect(summary.unique).toBe(4);
    expect(summary.unique).toBe(dedupeByEmail(list).unique.length);
    expect(summary.counts).toMatchObject({ new: 2, interview: 1, hired: 1, rejected: 1, screening: 0 });
  });

  it('after rows changed in place, equals counting again', () => {
    const list = [
      makeCandidate({ email: 'ann@example.com', status: 'new' }),
      makeCandidate({ email: 'ann@example.com', status: 'interview' }),
      makeCandidate({ email: 'bo@example.com', status: 'new' }),
    ];
    const before = indexCandidates(list);
    const summary = pipelineSummary(before);
    const cases = [
      [makeCandidate({ ...list[0], status: 'hired' })], // a status change
      [makeCandidate({ ...list[0], email: 'cy@example.com' })], // an email change: one more unique
    ];
    for (const [changed] of cases) {
      const after = [...before];
      after[0] = indexCandidates([changed!])[0]!;
      expect(pipelineSummaryAfter(summary, [before[0]!], [after[0]!], () => pipelineSummary(after))).toEqual(pipelineSummary(after));
    }
  });
});
