import type { SelectHTMLAttributes } from 'react';
import { capitalizeStatus } from '@shared/candidates/status-labels';
import { ROW_STATUS_LABELS, type Candidate, type CandidateStatus } from '@shared/schemas/candidate.schema';
import { cn } from '@/ui/cn';

const ROW_OPTIONS = Object.entries(ROW_STATUS_LABELS) as Array<[CandidateStatus, string]>;

/**
 * The row's status dropdown: new (All Candidates), interview (Interviewed), hired (Hired), rejected
 * (Turned Down). A candidate in another stage (e.g. screening, set in the detail dialog) shows that
 * stage as a disabled choice so the control never lies about it. A native select: cheap to render on
 * every row and fully keyboard operable.
 */
export function StatusSelect({
  candidate,
  onChange,
  className,
  ...rest
}: {
  candidate: Pick<Candidate, 'name' | 'status'>;
  onChange: (status: CandidateStatus) => void;
  className?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>) {
  const offList = !Object.hasOwn(ROW_STATUS_LABELS, candidate.status);
  return (
    <select
      {...rest}
      value={candidate.status}
      onChange={(event) => onChange(event.target.value as CandidateStatus)}
      aria-label={`Status of ${candidate.name}`}
      className={cn('h-8 w-full max-w-40 rounded-md border border-input bg-background px-2 text-sm', className)}
    >
      {offList && (
        <option value={candidate.status} disabled>
          {capitalizeStatus(candidate.status)}
        </option>
      )}
      {ROW_OPTIONS.map(([status, label]) => (
        <option key={status} value={status}>
          {label}
        </option>
      ))}
    </select>
  );
}
