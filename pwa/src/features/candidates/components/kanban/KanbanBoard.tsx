import { useCallback, useMemo, useState } from 'react';
import type { IndexedCandidate } from '@shared/candidates/candidate-index';
import type { Candidate, CandidateStatus } from '@shared/schemas/candidate.schema';
import { changeStatus } from '../../candidate-actions';
import { KANBAN_PAGE, kanbanColumns } from '../../kanban-buckets';
import { KanbanColumn } from './KanbanColumn';

interface KanbanBoardProps {
  /** The filtered candidates in the table's sort order. */
  entries: readonly IndexedCandidate<Candidate>[];
  onOpen: (uid: string) => void;
}

/** The kanban view: one column per status; dropping a card on another column changes its status. */
export function KanbanBoard({ entries, onOpen }: KanbanBoardProps) {
  const [limits, setLimits] = useState<Partial<Record<CandidateStatus, number>>>({});
  const [draggingUid, setDraggingUid] = useState<string | null>(null);
  const columns = useMemo(() => kanbanColumns(entries, limits), [entries, limits]);
  const byUid = useMemo(() => new Map(columns.flatMap((column) => column.cards.map((card) => [card.uid, card]))), [columns]);

  const move = useCallback((candidate: Candidate, status: CandidateStatus) => void changeStatus(candidate, status), []);
  const dropUid = useCallback(
    (uid: string, status: CandidateStatus) => {
      const candidate = byUid.get(uid);
      if (candidate) void changeStatus(candidate, status);
    },
    [byUid],
  );
  const showMore = useCallback(
    (status: CandidateStatus) => setLimits((current) => ({ ...current, [status]: (current[status] ?? KANBAN_PAGE) + KANBAN_PAGE })),
    [],
  );
  const endDrag = useCallback(() => setDraggingUid(null), []);

  return (
    <div className="relative overflow-x-auto pb-2" role="group" aria-label="Pipeline board">
      <div className="flex gap-3">
        {columns.map((column) => (
          <KanbanColumn
            key={column.status}
            column={column}
            draggingUid={draggingUid}
            onOpen={onOpen}
            onMove={move}
            onDropUid={dropUid}
            onDragStart={setDraggingUid}
            onDragEnd={endDrag}
            onShowMore={showMore}
          />
        ))}
      </div>
    </div>
  );
}
