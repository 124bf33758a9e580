import { useState, type DragEvent } from 'react';
import { capitalizeStatus } from '@shared/candidates/status-labels';
import type { Candidate, CandidateStatus } from '@shared/schemas/candidate.schema';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import type { KanbanColumnData } from '../../kanban-buckets';
import { CANDIDATE_DRAG_TYPE, KanbanCard } from './KanbanCard';

interface KanbanColumnProps {
  column: KanbanColumnData;
  draggingUid: string | null;
  onOpen: (uid: string) => void;
  onMove: (candidate: Candidate, status: CandidateStatus) => void;
  onDropUid: (uid: string, status: CandidateStatus) => void;
  onDragStart: (uid: string) => void;
  onDragEnd: () => void;
  onShowMore: (status: CandidateStatus) => void;
}

const carriesCandidate = (event: DragEvent) => event.dataTransfer.types.includes(CANDIDATE_DRAG_TYPE);

export function KanbanColumn({ column, draggingUid, onOpen, onMove, onDropUid, onDragStart, onDragEnd, onShowMore }: KanbanColumnProps) {
  const [over, setOver] = useState(false);
  const label = capitalizeStatus(column.status);
  const headingId = `kanban-${column.status}`;
  const hidden = column.count - column.cards.length;

  return (
    <section
      aria-labelledby={headingId}
      data-kanban-column={column.status}
      data-drop-target={over || undefined}
      onDragOver={(event) => {
        if (!carriesCandidate(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      }}
      onDragEnter={(event) => carriesCandidate(event) && setOver(true)}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const uid = event.dataTransfer.getData(CANDIDATE_DRAG_TYPE);
        if (uid) onDropUid(uid, column.status);
      }}
      className={cn(
        'flex max-h-[70vh] w-64 shrink-0 flex-col rounded-lg border bg-muted/40 transition-colors',
        over && 'border-primary bg-primary/10',
      )}
    >
      <h3 id={headingId} className="flex items-center justify-between gap-2 border-b px-3 py-2 text-sm font-semibold">
        {label}
        <span className="rounded-full bg-background px-2 py-0.5 text-xs font-medium tabular-nums text-muted-foreground">
          {column.count}
        </span>
      </h3>
      <ul className="grid min-h-24 gap-2 overflow-y-auto p-2" aria-label={`${label} candidates`}>
        {column.cards.map((candidate) => (
          <KanbanCard
            key={candidate.uid}
            candidate={candidate}
            dragging={draggingUid === candidate.uid}
            onOpen={onOpen}
            onMove={onMove}
            onDragStart={onDragStart}
            onDragEnd={onDragEnd}
          />
        ))}
        {column.count === 0 && <li className="px-1 py-4 text-center text-xs text-muted-foreground">No candidates</li>}
      </ul>
      {hidden > 0 && (
        <div className="border-t p-2">
          <Button variant="ghost" size="sm" className="w-full" onClick={() => onShowMore(column.status)}>
            Show more ({hidden} more)
          </Button>
        </div>
      )}
    </section>
  );
}
