import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import { describePhone } from '@shared/candidates/phone';
import { formatPacificDate, isWithinLast24Hours } from '@shared/format/dates';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { EyeIcon, SparklesIcon, UserXIcon } from '@/ui/action-icons';
import { Button } from '@/ui/Button';
import { changeStatus, turnDownCandidate } from '../../candidate-actions';
import { StatusSelect } from './StatusSelect';

/** 'Nov 5, 2024, 10:30 AM PST' as date and time, each kept whole, so a narrow column breaks between them. */
function AppliedDate({ iso }: { iso: string }) {
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

interface CandidateRowProps {
  candidate: Candidate;
  now: Date;
  onOpen: (uid: string) => void;
}

/** One table row: a click or Enter on the row opens the detail dialog; the controls inside do their own job. */
export const CandidateRow = memo(function CandidateRow({ candidate, now, onOpen }: CandidateRowProps) {
  const phone = describePhone(candidate.phone);
  const recent = isWithinLast24Hours(candidate.appliedDate, now);
  const open = () => onOpen(candidate.uid);
  return (
    <tr
      tabIndex={0}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) open();
      }}
      aria-label={`${candidate.name}, open details`}
      className="cursor-pointer border-b transition-colors last:border-0 hover:bg-muted/50 focus-visible:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
    >
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
        <StatusSelect candidate={candidate} onChange={(status) => void changeStatus(candidate, status)} />
      </td>
      <td className="px-2 py-2">
        <span className="inline-flex items-center gap-1.5">
          <AppliedDate iso={candidate.appliedDate} />
          {recent && (
            <span title="Applied in the last 24 hours" className="text-amber-500">
              <SparklesIcon className="size-4" />
              <span className="sr-only">(applied in the last 24 hours)</span>
            </span>
          )}
        </span>
      </td>
      <td className="px-2 py-2" onClick={stop} onKeyDown={stop}>
        <div className="flex justify-end gap-0.5">
          <Button variant="ghost" size="icon" className="size-8" aria-label={`View ${candidate.name}`} onClick={open}>
            <EyeIcon />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-destructive hover:text-destructive"
            aria-label={`Turn down ${candidate.name}`}
            disabled={candidate.status === 'rejected'}
            onClick={() => void turnDownCandidate(candidate)}
          >
            <UserXIcon />
          </Button>
        </div>
      </td>
    </tr>
  );
});
