import { criteriaShown, criterionAverages, formatAverage, hasScorecard, recommendationLabel } from '@shared/interviews/scorecard';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import type { ScorecardCriterion } from '@shared/schemas/scorecard.schema';
import { cn } from '@/ui/cn';

const RECOMMENDATION_TONE: Record<NonNullable<ScheduledInterview['recommendation']>, string> = {
  strong_no: 'bg-destructive/15 text-destructive',
  no: 'bg-destructive/10 text-destructive',
  yes: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  strong_yes: 'bg-emerald-500/25 text-emerald-800 dark:text-emerald-200',
};

export function RecommendationBadge({ recommendation }: { recommendation: ScheduledInterview['recommendation'] }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', recommendation ? RECOMMENDATION_TONE[recommendation] : 'bg-muted text-muted-foreground')}>
      {recommendationLabel(recommendation)}
    </span>
  );
}

/** One interview's scorecard as read back: the recommendation, each shown criterion's rating, the notes. */
export function ScorecardSummary({ interview, criteria }: { interview: ScheduledInterview; criteria: readonly ScorecardCriterion[] }) {
  if (!hasScorecard(interview)) return <p className="text-sm text-muted-foreground">No scorecard yet.</p>;
  const shown = criteriaShown(criteria, [interview]).filter((criterion) => interview.scores[criterion.id] !== undefined);
  return (
    <div className="grid gap-2 text-sm">
      <p className="flex items-center gap-2">
        <span className="text-muted-foreground">Recommendation:</span> <RecommendationBadge recommendation={interview.recommendation} />
      </p>
      {shown.length > 0 && (
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto]" aria-label="Ratings">
          {shown.map((criterion) => (
            <div key={criterion.id} className="contents">
              <dt className="truncate text-muted-foreground">{criterion.label}</dt>
              <dd className="font-medium tabular-nums">{interview.scores[criterion.id]} / 4</dd>
            </div>
          ))}
        </dl>
      )}
      {interview.scorecardNotes.trim() !== '' && <p className="whitespace-pre-wrap">{interview.scorecardNotes}</p>}
    </div>
  );
}

/** The average rating per criterion across a candidate's interviews (only when some were rated). */
export function CriterionAverages({ interviews, criteria, candidateName }: { interviews: readonly ScheduledInterview[]; criteria: readonly ScorecardCriterion[]; candidateName: string }) {
  const averages = criterionAverages(criteria, interviews);
  if (!averages.some((average) => average.count > 0)) return null;
  return (
    <table className="w-full text-sm" aria-label={`Average scores of ${candidateName}`}>
      <thead>
        <tr className="text-left text-xs text-muted-foreground">
          <th className="font-medium">Criterion</th>
          <th className="text-right font-medium">Average</th>
          <th className="text-right font-medium">Interviews</th>
        </tr>
      </thead>
      <tbody>
        {averages.map(({ criterion, average, count }) => (
          <tr key={criterion.id} className="border-t">
            <td className="py-1">{criterion.label}</td>
            <td className="py-1 text-right font-medium tabular-nums">{formatAverage(average)}</td>
            <td className="py-1 text-right tabular-nums text-muted-foreground">{count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
