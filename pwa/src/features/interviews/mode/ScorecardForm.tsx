import { useId } from 'react';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import { RECOMMENDATION_LABELS, RECOMMENDATIONS, SCORE, SCORE_LABELS, type Recommendation, type ScorecardCriterion } from '@shared/schemas/scorecard.schema';
import { cn } from '@/ui/cn';

const scores = Array.from({ length: SCORE.max - SCORE.min + 1 }, (_, i) => SCORE.min + i);

/**
 * The scorecard: each criterion rated 1–4 and the overall recommendation, as groups of native radio
 * buttons drawn as large segments (arrow keys move within a group; big enough for a finger on a
 * tablet). Every choice is saved at once by the caller; Clear takes a rating back.
 */
export function ScorecardForm({
  interview,
  criteria,
  disabled,
  onRate,
  onRecommend,
}: {
  interview: ScheduledInterview;
  criteria: readonly ScorecardCriterion[];
  disabled?: boolean;
  onRate: (criterionId: string, score: number | null) => void;
  onRecommend: (recommendation: Recommendation | null) => void;
}) {
  const name = useId();
  return (
    <div className="grid gap-4">
      {criteria.map((criterion) => {
        const current = interview.scores[criterion.id];
        return (
          <fieldset key={criterion.id} className="grid gap-1.5" disabled={disabled}>
            <div className="flex items-center justify-between gap-2">
              <legend className="text-sm font-medium">{criterion.label}</legend>
              {current !== undefined && !disabled && (
                <button type="button" className="text-xs text-muted-foreground underline-offset-2 hover:underline" onClick={() => onRate(criterion.id, null)} aria-label={`Clear the rating of ${criterion.label}`}>
                  Clear
                </button>
              )}
            </div>
            <div className="grid grid-cols-4 gap-1.5">
              {scores.map((score) => (
                <Segment key={score} name={`${name}-${criterion.id}`} checked={current === score} onSelect={() => onRate(criterion.id, score)} label={`${criterion.label}: ${score} (${SCORE_LABELS[score]})`}>
                  <span className="text-base font-semibold">{score}</span>
                  <span className="text-xs text-muted-foreground">{SCORE_LABELS[score]}</span>
                </Segment>
              ))}
            </div>
          </fieldset>
        );
      })}
      <fieldset className="grid gap-1.5 border-t pt-4" disabled={disabled}>
        <div className="flex items-center justify-between gap-2">
          <legend className="text-sm font-medium">Overall recommendation</legend>
          {interview.recommendation !== null && !disabled && (
            <button type="button" className="text-xs text-muted-foreground underline-offset-2 hover:underline" onClick={() => onRecommend(null)}>
              Clear
            </button>
          )}
        </div>
        <div className="grid grid-cols-2 gap-1.5 sm:grid-cols-4">
          {RECOMMENDATIONS.map((recommendation) => (
            <Segment key={recommendation} name={`${name}-recommendation`} checked={interview.recommendation === recommendation} onSelect={() => onRecommend(recommendation)} label={RECOMMENDATION_LABELS[recommendation]}>
              <span className="text-sm font-semibold">{RECOMMENDATION_LABELS[recommendation]}</span>
            </Segment>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

function Segment({ name, checked, onSelect, label, children }: { name: string; checked: boolean; onSelect: () => void; label: string; children: React.ReactNode }) {
  return (
    <label
      className={cn(
        'grid min-h-12 cursor-pointer place-items-center rounded-md border px-2 py-1.5 text-center transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40',
        'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
        checked ? 'border-primary bg-primary text-primary-foreground [&_.text-muted-foreground]:text-primary-foreground/80' : 'hover:bg-accent',
      )}
    >
      <input type="radio" className="sr-only" name={name} checked={checked} onChange={onSelect} aria-label={label} />
      {children}
    </label>
  );
}
