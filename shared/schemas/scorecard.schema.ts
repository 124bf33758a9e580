/**
 * Scorecards: the team's criteria (an admin sets them in Settings), each rated 1–4 by the interviewer,
 * and an overall recommendation. A scorecard belongs to one scheduled interview, whose interviewer fills
 * it, so two interviewers' scorecards for the same candidate are two interviews' and stay separate.
 *
 * A criterion keeps its id for life: renaming it keeps its ratings, and removing it only retires it, so
 * past scorecards still name what they rated and their averages stay meaningful.
 */
import { z } from 'zod';

export const SCORE = { min: 1, max: 4 } as const;
export const SCORE_LABELS: Record<number, string> = { 1: 'Poor', 2: 'Weak', 3: 'Good', 4: 'Excellent' };

export const RECOMMENDATIONS = ['strong_no', 'no', 'yes', 'strong_yes'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = { strong_no: 'Strong no', no: 'No', yes: 'Yes', strong_yes: 'Strong yes' };

export const SCORECARD_NOTES_MAX = 10_000;
export const CRITERION_LABEL_MAX = 60;
/** Criteria in use at once; retired ones are kept beyond it. */
export const ACTIVE_CRITERIA_MAX = 12;

export const scoreSchema = z
  .number({ message: `A rating must be a number from ${SCORE.min} to ${SCORE.max}` })
  .int(`A rating must be a whole number from ${SCORE.min} to ${SCORE.max}`)
  .min(SCORE.min, `A rating must be from ${SCORE.min} to ${SCORE.max}`)
  .max(SCORE.max, `A rating must be from ${SCORE.min} to ${SCORE.max}`);

export const recommendationSchema = z.enum(RECOMMENDATIONS, { message: 'The recommendation must be Strong no, No, Yes or Strong yes' });

export const criterionIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Not a criterion id');

export const scorecardCriterionSchema = z.object({
  id: criterionIdSchema,
  label: z
    .string()
    .trim()
    .min(1, 'A criterion needs a name')
    .max(CRITERION_LABEL_MAX, `A criterion's name must be at most ${CRITERION_LABEL_MAX} characters`),
  /** Removed from the scorecard; past ratings keep their name. */
  retired: z.boolean().optional(),
});
export type ScorecardCriterion = z.infer<typeof scorecardCriterionSchema>;

/** The team's criteria (GET and PUT /api/scorecard/criteria): ids unique, active names unique, 1–12 active. */
export const scorecardCriteriaSchema = z
  .array(scorecardCriterionSchema)
  .max(200)
  .superRefine((criteria, ctx) => {
    const ids = new Set<string>();
    const names = new Set<string>();
    criteria.forEach((criterion, index) => {
      if (ids.has(criterion.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'Two criteria share an id' });
      ids.add(criterion.id);
      if (criterion.retired) return;
      const name = criterion.label.trim().toLowerCase();
      if (names.has(name)) ctx.addIssue({ code: 'custom', path: [index, 'label'], message: `"${criterion.label}" is listed twice` });
      names.add(name);
    });
    const active = criteria.filter((criterion) => !criterion.retired).length;
    if (active === 0) ctx.addIssue({ code: 'custom', path: [], message: 'A scorecard needs at least one criterion' });
    if (active > ACTIVE_CRITERIA_MAX) ctx.addIssue({ code: 'custom', path: [], message: `A scorecard has at most ${ACTIVE_CRITERIA_MAX} criteria` });
  });

/** The default for sales hiring (the issue's five). */
export const DEFAULT_SCORECARD_CRITERIA: ScorecardCriterion[] = [
  { id: 'prospecting', label: 'Prospecting' },
  { id: 'discovery', label: 'Discovery' },
  { id: 'objection-handling', label: 'Objection handling' },
  { id: 'closing', label: 'Closing' },
  { id: 'coachability', label: 'Coachability' },
];

/** An id for a new criterion named `label`, unique among `taken` (ids are never reused). */
export function newCriterionId(label: string, taken: readonly ScorecardCriterion[]): string {
  const base =
    label
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'criterion';
  const ids = new Set(taken.map((criterion) => criterion.id));
  if (!ids.has(base)) return base;
  for (let n = 2; ; n++) if (!ids.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** What an admin sends: the criteria in use, in order; a new one has no id yet (the server gives it one). */
export const scorecardCriteriaUpdateSchema = z.object({
  criteria: z
    .array(z.object({ id: criterionIdSchema.optional(), label: scorecardCriterionSchema.shape.label }))
    .min(1, 'A scorecard needs at least one criterion')
    .max(ACTIVE_CRITERIA_MAX, `A scorecard has at most ${ACTIVE_CRITERIA_MAX} criteria`),
});
export type ScorecardCriteriaUpdate = z.infer<typeof scorecardCriteriaUpdateSchema>;

/**
 * The team's criteria after an admin's update: the given ones in order (a new name that matches a
 * retired criterion brings it back under its id, so its past ratings count again; other new names get
 * new ids), then every other criterion the team had, retired.
 */
export function nextScorecardCriteria(current: readonly ScorecardCriterion[], update: ScorecardCriteriaUpdate): ScorecardCriterion[] {
  const known = new Map(current.map((criterion) => [criterion.id, criterion]));
  const byName = new Map(current.map((criterion) => [criterion.label.trim().toLowerCase(), criterion]));
  const taken = [...current];
  const active: ScorecardCriterion[] = update.criteria.map(({ id, label }) => {
    if (id !== undefined && known.has(id)) return { id, label };
    const revived = byName.get(label.trim().toLowerCase());
    if (revived && !update.criteria.some((other) => other.id === revived.id)) return { id: revived.id, label };
    const fresh = { id: newCriterionId(label, taken), label };
    taken.push(fresh);
    return fresh;
  });
  const used = new Set(active.map((criterion) => criterion.id));
  return [...active, ...current.filter((criterion) => !used.has(criterion.id)).map((criterion) => ({ ...criterion, retired: true }))];
}
