import { useNavigate } from 'react-router-dom';
import type { PipelineStage } from '@shared/candidates/stats';
import { Button } from '@/ui/Button';

interface PipelinePanelProps {
  stages: readonly PipelineStage[];
  uniqueCount: number;
  duplicatesHidden: number;
}

/** Count and percentage bar per status (one decimal), the unique count and duplicates hidden. */
export function PipelinePanel({ stages, uniqueCount, duplicatesHidden }: PipelinePanelProps) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="dashboard-pipeline-heading" className="grid content-start gap-4 rounded-lg border bg-card p-4 shadow-xs">
      <h2 id="dashboard-pipeline-heading" className="font-semibold">
        Recruitment Pipeline
      </h2>
      <ul className="grid gap-3">
        {stages.map((stage) => (
          <li key={stage.status} className="grid gap-1" data-stage={stage.status}>
            <div className="flex justify-between text-sm">
              <span>{stage.label}</span>
              <span className="tabular-nums text-muted-foreground">
                {stage.count} ({stage.percentLabel})
              </span>
            </div>
            <div
              role="meter"
              aria-label={`${stage.label}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={stage.percent}
              aria-valuetext={stage.percentLabel}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full rounded-full bg-primary" style={{ width: `${stage.percent}%` }} />
            </div>
          </li>
        ))}
      </ul>
      <div className="grid gap-1 border-t pt-3 text-sm">
        <p>
          <span className="font-semibold tabular-nums">{uniqueCount}</span> unique candidates
        </p>
        <p className="text-muted-foreground">
          <span className="tabular-nums">{duplicatesHidden}</span> duplicates hidden
        </p>
      </div>
      <Button variant="outline" onClick={() => navigate('/candidates')}>
        Manage Candidates
      </Button>
    </section>
  );
}
