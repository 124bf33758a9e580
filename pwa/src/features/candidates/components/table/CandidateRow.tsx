import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import { describePhone } from '@shared/candidates/phone';
import { formatPacificDate, isWithinLast24Hours } from '@shared/format/dates';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { CalendarPlusIcon, EyeIcon, SparklesIcon, UserXIcon } from '@/ui/action-icons';
import { openScheduleInterview } from '@/features/interviews/schedule/schedule-request';
import { Button } from '@/ui/Button';
import { cn } from '@/ui/cn';
import { changeStatus, turnDownCandidate } from '../../candidate-actions';
import { StatusSelect } from './StatusSelect';

/** The applied date, with the sparkle when it is within the last 24 hours (spec). */
export function AppliedWithSparkle({ iso, recent }: { iso: string; recent: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <AppliedDate iso={iso} />
      {recent && (
        <span title="Applied in the last 24 hours" className="text-amber-500">
          <SparklesIcon className="size-4" />
          <span className="sr-only">(applied in the last 24 hours)</span>
        </span>
      )}
    </span>
  );
}

/**
 * View, Schedule interview and Turn down. In a table row they are reached with the arrow keys (`rowControl`: out of the Tab
 * order), on a card with Tab.
 */
export function RowActions({
  candidate,
  onView,
  className,
  rowControl = false,
}: {
  candidate: Candidate;
  onView: () => void;
  className: string;
  rowControl?: boolean;
}) {
  const control = rowControl ? { tabIndex: -1, 'data-row-control': '' } : {};
  return (
    <>
      <Button variant="ghost" size="icon" className={className} aria-label={`View ${candidate.name}`} onClick={onView} {...control}>
        <EyeIcon />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className={className}
        aria-label={`Schedule interview with ${candidate.name}`}
        title="Schedule interview"
        onClick={() => openScheduleInterview(candidate.uid)}
        {...control}
      >
        <CalendarPlusIcon />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className={cn(className, 'text-destructive hover:text-destructive')}
        aria-label={`Turn down ${candidate.name}`}
        disabled={candidate.status === 'rejected'}
        onClick={() => void turnDownCandidate(candidate)}
        {...control}
      >
        <UserXIcon />
      </Button>
    </>
  );
}

/** 'Nov 5, 2024, 10:30 AM PST' as date and time, each kept whole, so a narrow column breaks between them. */
export function AppliedDate({ iso }: { iso: string }) {
  const text = formatPacificDate(iso);
  if (!text) return <>-</>;
  const cut = text.indexOf(', ', text.indexOf(', ') + 2);
  if (cut < 0) return <>{text}</>;
  return (
    <span className="inline-flex flex-wrap gap-x-1">
      <span className="whitespace-nowrap">{text.slice(0, cut + 1)}</span>
      <span className="whitespace-nowrap">{text.slice(cut + 2)}</span>
    </span>
  );
}

const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

/** Marks the row's controls: reached with the arrow keys, not with Tab. */
const ROW_CONTROL = 'data-row-control';

/**
 * A row is one Tab stop (25 rows, 25 stops, not 100): Left and Right move between the row and its
 * controls (status, view, turn down); Up and Down on the row move to the row above or below. Runs in
 * the capture phase, before a control's own keys: a closed select would otherwise take Left and Right
 * as a change of value.
 */
function moveWithinRow(event: KeyboardEvent<HTMLTableRowElement>) {
  const row = event.currentTarget;
  const stops = [row, ...row.querySelectorAll<HTMLElement>(`[${ROW_CONTROL}]:not(:disabled)`)];
  const at = stops.indexOf(event.target as HTMLElement);
  if (at === -1) return;
  let next: Element | null = null;
  if (event.key === 'ArrowRight') next = stops[Math.min(at + 1, stops.length - 1)]!;
  else if (event.key === 'ArrowLeft') next = stops[Math.max(at - 1, 0)]!;
  else if (event.target === row && event.key === 'ArrowDown') next = row.nextElementSibling;
  else if (event.target === row && event.key === 'ArrowUp') next = row.previousElementSibling;
  if (!(next instanceof HTMLElement)) return;
  event.preventDefault();
  event.stopPropagation();
  next.focus();
}

interface CandidateRowProps {
  candidate: Candidate;
  now: Date;
  onOpen: (uid: string) => void;
  selected: boolean;
  /** The row's checkbox: `range` when shift was held (selects from the last clicked row). */
  onSelect: (uid: string, range: boolean) => void;
}

/**
 * One table row: a click or Enter on the row opens the detail dialog; the controls inside do their own
 * job and are reached from the row with the arrow keys (moveWithinRow).
 */
export const CandidateRow = memo(function CandidateRow({ candidate, now, onOpen, selected, onSelect }: CandidateRowProps) {
  const phone = describePhone(candidate.phone);
  const recent = isWithinLast24Hours(candidate.appliedDate, now);
  const open = () => onOpen(candidate.uid);
  return (
    <tr
      tabIndex={0}
      onClick={open}
      onKeyDownCapture={moveWithinRow}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter') open();
        // Space on the row selects it, as on its checkbox.
        if (event.key === ' ') {
          event.preventDefault();
          onSelect(candidate.uid, event.shiftKey);
        }
      }}
      aria-label={`${candidate.name}, open details`}
      aria-selected={selected}
      data-selected={selected || undefined}
      className="cursor-pointer border-b transition-colors last:border-0 hover:bg-muted/50 data-selected:bg-primary/5 focus-visible:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
    >
      <td className="px-2 py-2" onClick={stop} onKeyDown={stop}>
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={selected}
          aria-label={`Select ${candidate.name}`}
          tabIndex={-1}
          data-row-control=""
          onClick={(event) => {
            // The click's shift key decides the range; the checked state follows the store.
            event.preventDefault();
            onSelect(candidate.uid, event.shiftKey);
          }}
          onChange={() => undefined}
        />
      </td>
      <td className="px-2 py-2">
        <div className="truncate font-medium">{candidate.name}</div>
        {/* Below xl the Email and Phone columns are hidden (tablet widths): shown here instead. */}
        <div className="truncate text-xs text-muted-foreground xl:hidden">{candidate.email}</div>
        {!phone.isEmpty && <div className="truncate text-xs text-muted-foreground xl:hidden">{phone.display}</div>}
      </td>
      <td className="hidden truncate px-2 py-2 xl:table-cell">{candidate.email}</td>
      <td className="hidden truncate px-2 py-2 xl:table-cell" title={phone.isEmpty ? undefined : phone.country}>
        {phone.display}
      </td>
      <td className="px-2 py-2" onClick={stop} onKeyDown={stop}>
        <StatusSelect candidate={candidate} onChange={(status) => void changeStatus(candidate, status)} tabIndex={-1} data-row-control="" />
      </td>
      <td className="px-2 py-2">
        <AppliedWithSparkle iso={candidate.appliedDate} recent={recent} />
      </td>
      <td className="px-2 py-2" onClick={stop} onKeyDown={stop}>
        <div className="flex justify-end gap-0.5">
          <RowActions candidate={candidate} onView={open} className="size-8" rowControl />
        </div>
      </td>
    </tr>
  );
});
