/**
 * Reading scorecards: which criteria an interview's scorecard shows, and a candidate's average per
 * criterion across their interviews (the detail dialog's record, interview mode's past interviews).
 */
import type { ScheduledInterview } from '../schemas/scheduled-interview.schema';
import { RECOMMENDATION_LABELS, type ScorecardCriterion } from '../schemas/scorecard.schema';

/** Whether the interviewer has rated, recommended or written anything yet. */
export function hasScorecard(interview: Pick<ScheduledInterview, 'scores' | 'recommendation' | 'scorecardNotes'>): boolean {
  return Object.keys(interview.scores ?? {}).length > 0 || (interview.recommendation ?? null) !== null || (interview.scorecardNotes ?? '').trim() !== '';
}

/**
 * The criteria to show for the given scorecards: those in use, in the team's order, then retired ones
 * only where one of the scorecards rated them; a rating under an id the device does not know yet (the
 * criteria changed elsewhere) is shown under its id.
 */
export function criteriaShown(criteria: readonly ScorecardCriterion[], scorecards: ReadonlyArray<Pick<ScheduledInterview, 'scores'>>): ScorecardCriterion[] {
  const rated = new Set(scorecards.flatMap((card) => Object.keys(card.scores ?? {})));
  const shown = criteria.filter((criterion) => !criterion.retired || rated.has(criterion.id));
  const known = new Set(criteria.map((criterion) => criterion.id));
  for (const id of rated) if (!known.has(id)) shown.push({ id, label: id, retired: true });
  return shown;
}

export interface CriterionAverage {
  criterion: ScorecardCriterion;
  /** Mean rating, or null when no interview rated it. */
  average: number | null;
  /** How many interviews rated it. */
  count: number;
}

/** The average rating per shown criterion across the candidate's live interviews. */
export function criterionAverages(criteria: readonly ScorecardCriterion[], interviews: ReadonlyArray<Pick<ScheduledInterview, 'scores' | 'deletedAt'>>): CriterionAverage[] {
  const live = interviews.filter((interview) => !interview.deletedAt);
  return criteriaShown(criteria, live).map((criterion) => {
    const ratings = live.map((interview) => interview.scores?.[criterion.id]).filter((score): score is number => typeof score === 'number');
    return { criterion, average: ratings.length ? ratings.reduce((sum, score) => sum + score, 0) / ratings.length : null, count: ratings.length };
  });
}

/** An average as people read it: one decimal ("3.5"), or an en dash when nothing was rated. */
export const formatAverage = (average: number | null) => (average === null ? '–' : average.toFixed(1));

export const recommendationLabel = (recommendation: ScheduledInterview['recommendation']) =>
  recommendation ? RECOMMENDATION_LABELS[recommendation] : 'No recommendation';
