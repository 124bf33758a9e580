import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { memo, type DragEvent } from 'react';
import { capitalizeStatus } from '@shared/candidates/status-labels';
import { formatPacificDate } from '@shared/format/dates';
import { CANDIDATE_STATUSES, type Candidate, type CandidateStatus } from '@shared/schemas/candidate.schema';
import { MoveIcon } from '@/ui/action-icons';
import { cn } from '@/ui/cn';

export const CANDIDATE_DRAG_TYPE = 'application/x-rephire-candidate';

interface KanbanCardProps {
  candidate: Candidate;
  dragging: boolean;
  onOpen: (uid: string) => void;
  onMove: (candidate: Candidate, status: CandidateStatus) => void;
  onDragStart: (uid: string) => void;
  onDragEnd: () => void;
}

/**
 * A candidate on the board. Drag it to another column with a pointer, or use its "Move to…" menu
 * (keyboard and screen readers); both make the same status change.
 */
export const KanbanCard = memo(function KanbanCard({ candidate, dragging, onOpen, onMove, onDragStart, onDragEnd }: KanbanCardProps) {
  const startDrag = (event: DragEvent<HTMLLIElement>) => {
    event.dataTransfer.setData(CANDIDATE_DRAG_TYPE, candidate.uid);
    event.dataTransfer.setData('text/plain', candidate.name);
    event.dataTransfer.effectAllowed = 'move';
    onDragStart(candidate.uid);
  };
  return (
    <li
      draggable
      onDragStart={startDrag}
      onDragEnd={onDragEnd}
      data-candidate-card={candidate.uid}
      className={cn(
        'grid cursor-grab gap-1 rounded-md border bg-card p-3 text-sm shadow-xs active:cursor-grabbing',
        dragging && 'opacity-40',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <button
          type="button"
          onClick={() => onOpen(candidate.uid)}
          className="min-w-0 truncate text-left font-medium hover:underline"
          aria-label={`Open ${candidate.name}`}
        >
          {candidate.name}
        </button>
        <Menu>
          <MenuButton
            aria-label={`Move ${candidate.name} to…`}
            className="-mt-1 -mr-1 shrink-0 rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <MoveIcon className="size-4" />
          </MenuButton>
          <MenuItems
            anchor="bottom end"
            className="z-50 min-w-40 rounded-md border bg-popover p-1 text-sm shadow-md [--anchor-gap:4px] focus:outline-none"
          >
            <p className="px-2 py-1 text-xs text-muted-foreground">Move to…</p>
            {CANDIDATE_STATUSES.filter((status) => status !== candidate.status).map((status) => (
              <MenuItem key={status}>
                <button
                  type="button"
                  onClick={() => onMove(candidate, status)}
                  className="block w-full rounded-sm px-2 py-1.5 text-left data-focus:bg-accent"
                >
                  {capitalizeStatus(status)}
                </button>
              </MenuItem>
            ))}
          </MenuItems>
        </Menu>
      </div>
      <p className="truncate text-xs text-muted-foreground">{candidate.email}</p>
      <p className="text-xs text-muted-foreground">{formatPacificDate(candidate.appliedDate)}</p>
    </li>
  );
});
