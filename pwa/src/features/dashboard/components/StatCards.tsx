import type { ReactNode } from 'react';
import type { CandidateCounts } from '@shared/candidates/stats';
import { CandidatesIcon } from '@/ui/icons';
import { ClockIcon, TrophyIcon, XCircleIcon } from '@/ui/action-icons';
import { cn } from '@/ui/cn';
import { Tooltip } from '@/ui/Tooltip';

function Card({ label, value, icon, className }: { label: string; value: number; icon: ReactNode; className?: string }) {
  return (
    <div className={cn('flex items-center justify-between gap-3 rounded-lg border bg-card p-4 text-left shadow-xs', className)}>
      <div className="grid gap-1">
        <span className="text-sm font-medium text-muted-foreground">{label}</span>{' '}
        <span className="text-3xl font-bold tabular-nums">{value.toLocaleString('en-US')}</span>
      </div>
      <span className="rounded-full bg-muted p-2.5 text-muted-foreground [&_svg]:size-5">{icon}</span>
    </div>
  );
}

/** Total Candidates, Hired (opens the Hired Candidates dialog), In Progress, Rejected. */
export function StatCards({ counts, onOpenHired }: { counts: CandidateCounts; onOpenHired: () => void }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="stat-cards">
      <Card label="Total Candidates" value={counts.total} icon={<CandidatesIcon />} />
      <Tooltip content="Click to view hired candidates">
        <button
          type="button"
          onClick={onOpenHired}
          aria-label={`Hired: ${counts.hired}. View hired candidates`}
          className="w-full rounded-lg transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Card label="Hired" value={counts.hired} icon={<TrophyIcon />} className="hover:border-primary/50" />
        </button>
      </Tooltip>
      <Card label="In Progress" value={counts.inProgress} icon={<ClockIcon />} />
      <Card label="Rejected" value={counts.rejected} icon={<XCircleIcon />} />
    </div>
  );
}
