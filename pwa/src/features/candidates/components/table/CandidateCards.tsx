import { memo } from 'react';
import { describePhone } from '@shared/candidates/phone';
import { isWithinLast24Hours } from '@shared/format/dates';
import type { IndexedCandidate } from '@shared/candidates/candidate-index';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { changeStatus } from '../../candidate-actions';
import { useNow } from '../../hooks/useNow';
import { AppliedWithSparkle, RowActions } from './CandidateRow';
import { StatusSelect } from './StatusSelect';

interface CandidateCardsProps {
  rows: readonly IndexedCandidate<Candidate>[];
  emptyText: string;
  onOpen: (uid: string) => void;
  selected: ReadonlySet<string>;
  onSelect: (uid: string, range: boolean) => void;
}

/**
 * The Candidates table on a phone: one card per candidate with what the row shows (name, contact,
 * status, applied date) and its controls, each at least 44 px to tap. The page's sort and filters apply
 * as in the table (the sort choice stays in the table's headers on wider screens).
 */
export function CandidateCards({ rows, emptyText, onOpen, selected, onSelect }: CandidateCardsProps) {
  const now = useNow();
  if (rows.length === 0) return <p className="rounded-lg border bg-card p-6 text-center text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <ul aria-label="Candidates" className="grid gap-3" data-testid="candidate-cards">
      {rows.map((entry) => (
        <CandidateCard key={entry.candidate.uid} candidate={entry.candidate} now={now} onOpen={onOpen} selected={selected.has(entry.candidate.uid)} onSelect={onSelect} />
      ))}
    </ul>
  );
}

const CandidateCard = memo(function CandidateCard({
  candidate,
  now,
  onOpen,
  selected,
  onSelect,
}: {
  candidate: Candidate;
  now: Date;
  onOpen: (uid: string) => void;
  selected: boolean;
  onSelect: (uid: string, range: boolean) => void;
}) {
  const phone = describePhone(candidate.phone);
  return (
    <li aria-label={candidate.name} data-selected={selected || undefined} className="rounded-lg border bg-card p-3 data-selected:border-primary/50 data-selected:bg-primary/5">
      <div className="flex items-start gap-2">
        <label className="-m-2 flex size-11 shrink-0 items-center justify-center">
          <input type="checkbox" className="size-5 accent-primary" checked={selected} onChange={() => onSelect(candidate.uid, false)} aria-label={`Select ${candidate.name}`} />
        </label>
        <button type="button" onClick={() => onOpen(candidate.uid)} className="min-h-11 min-w-0 flex-1 text-left">
          <span className="block truncate font-medium">{candidate.name}</span>
          <span className="block truncate text-sm text-muted-foreground">{candidate.email}</span>
          {!phone.isEmpty && <span className="block truncate text-sm text-muted-foreground">{phone.display}</span>}
        </button>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <StatusSelect candidate={candidate} onChange={(status) => void changeStatus(candidate, status)} className="h-11 w-full max-w-none" />
        <span className="text-muted-foreground">
          <AppliedWithSparkle iso={candidate.appliedDate} recent={isWithinLast24Hours(candidate.appliedDate, now)} />
        </span>
        <div className="ml-auto flex gap-1">
          <RowActions candidate={candidate} onView={() => onOpen(candidate.uid)} className="size-11" />
        </div>
      </div>
    </li>
  );
});
