import { describe, expect, it } from 'vitest';
import { indexCandidates } from '@shared/candidates/candidate-index';
import { makeCandidate } from '@shared/candidates/testing';
import { CANDIDATE_STATUSES } from '@shared/schemas/candidate.schema';
import { kanbanColumns, KANBAN_PAGE } from './kanban-buckets';

describe('kanbanColumns', () => {
  it('gives every status a column, in pipeline order, keeping list order and counting beyond the limit', () => {
    const list = [
      ...Array.from({ length: KANBAN_PAGE + 3 }, (_, i) => makeCandidate({ name: `New ${i}`, status: 'new' })),
      makeCandidate({ name: 'Hired one', status: 'hired' }),
      makeCandidate({ name: 'Offer one', status: 'offer' }),
    ];
    const columns = kanbanColumns(indexCandidates(list));
    expect(columns.map((c) => c.status)).toEqual([...CANDIDATE_STATUSES]);
    const fresh = columns[0]!;
    expect(fresh.count).toBe(KANBAN_PAGE + 3);
    expect(fresh.cards).toHaveLength(KANBAN_PAGE);
    expect(fresh.cards[0]!.name).toBe('New 0');
    expect(columns.find((c) => c.status === 'hired')!.cards.map((c) => c.name)).toEqual(['Hired one']);
    expect(columns.find((c) => c.status === 'screening')!.count).toBe(0);
  });

  it('shows more cards in a column whose limit was raised', () => {
    const list = Array.from({ length: 70 }, () => makeCandidate({ status: 'interview' }));
    const [, , interview] = kanbanColumns(indexCandidates(list), { interview: 100 });
    expect(interview!.cards).toHaveLength(70);
  });
});
