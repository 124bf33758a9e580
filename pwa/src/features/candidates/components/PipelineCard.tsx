import { memo } from 'react';
import { ROW_STATUS_LABELS, type CandidateStatus } from '@shared/schemas/candidate.schema';
import { cn } from '@/ui/cn';
import { useCandidatesView } from '../candidates-view-store';
import type { PipelineSummary } from '../pipeline-summary';

const STAGES = Object.entries(ROW_STATUS_LABELS) as Array<[CandidateStatus, string]>;

/** The Recruitment Pipeline card: unique and total counts, and the four stage buttons that toggle a status filter. */
function PipelineCardView({ summary }: { summary: PipelineSummary }) {
  const active = useCandidatesView((state) => state.filters.status);
  const updateFilters = useCandidatesView((state) => state.updateFilters);
  const toggle = (status: CandidateStatus) =>
    updateFilters((filters) => ({ ...filters, status: filters.status === status ? null : status }));

  return (
    <section aria-labelledby="pipeline-heading" className="rounded-lg border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="pipeline-heading" className="font-semibold">
          Recruitment Pipeline
        </h2>
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground tabular-nums">{summary.unique}</span> unique candidates (
          <span className="tabular-nums">{summary.total}</span> total)
        </p>
      </div>
      <div className="mt-3 grid grid-cols-2 gap-2 md:grid-cols-4">
        {STAGES.map(([status, label]) => (
          <button
            key={status}
            type="button"
            aria-pressed={active === status}
            onClick={() => toggle(status)}
            className={cn(
              'flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-left text-sm font-medium transition-colors',
              active === status ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
            )}
          >
            <span>{label}</span>
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs tabular-nums',
                active === status ? 'bg-primary-foreground/20' : 'bg-muted text-muted-foreground',
              )}
            >
              {summary.counts[status]}
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}

// Memoised: the page re-renders on each sort, filter or page change; this only when its props or store slice change.
export const PipelineCard = memo(PipelineCardView);
