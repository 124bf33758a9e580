import { Button } from '@/ui/Button';
import type { LeadSearchJob } from '@shared/schemas/lead.schema';

/** The running search: what it looks for, how far it got (a progress bar), and Cancel. */
export function SearchProgress({ job, onCancel }: { job: LeadSearchJob; onCancel(): void }) {
  const target = job.total_available !== null ? Math.min(job.requested_count, job.total_available) : job.requested_count;
  const percent = target > 0 ? Math.min(100, Math.round((job.processed_count / target) * 100)) : 0;
  const label = `Searching "${job.job_title}" in ${job.location}`;
  return (
    <div className="grid gap-2 rounded-lg border bg-card p-4" data-testid="search-progress">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">
          {job.status === 'queued' ? `Waiting to start: "${job.job_title}" in ${job.location}` : label}
        </p>
        <Button variant="outline" size="sm" onClick={onCancel} disabled={job.cancel_requested}>
          {job.cancel_requested ? 'Cancelling…' : 'Cancel'}
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={target}
        aria-valuenow={job.processed_count}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted-foreground tabular-nums">
        {job.processed_count.toLocaleString('en-US')} of {target.toLocaleString('en-US')} leads saved ({percent}%)
      </p>
    </div>
  );
}
