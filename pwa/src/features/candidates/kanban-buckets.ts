/**
 * The kanban view's columns: one per status in pipeline order, each holding its candidates in the
 * table's sort order. One pass over the filtered list; each column keeps only the cards it shows (its
 * limit) plus its full count, so a board over 100,000 candidates renders a few hundred cards.
 */
import type { IndexedCandidate } from '@shared/candidates/candidate-index';
import { CANDIDATE_STATUSES, type Candidate, type CandidateStatus } from '@shared/schemas/candidate.schema';

export const KANBAN_PAGE = 50;

export interface KanbanColumnData {
  status: CandidateStatus;
  count: number;
  cards: Candidate[];
}

export function kanbanColumns(
  entries: readonly IndexedCandidate<Candidate>[],
  limits: Partial<Record<CandidateStatus, number>> = {},
): KanbanColumnData[] {
  const columns = new Map<CandidateStatus, KanbanColumnData>(
    CANDIDATE_STATUSES.map((status) => [status, { status, count: 0, cards: [] }]),
  );
  for (const entry of entries) {
    const column = columns.get(entry.status);
    if (!column) continue;
    column.count += 1;
    if (column.cards.length < (limits[entry.status] ?? KANBAN_PAGE)) column.cards.push(entry.candidate);
  }
  return [...columns.values()];
}
