/**
 * interview.score: the interviewer fills the interview's scorecard — a rating per criterion (null
 * clears one), the overall recommendation (null clears it) and notes. Interview mode saves on every
 * change, so a call usually carries one field. Ratings and the recommendation are each last-writer-wins
 * by clock; the notes carry the text they started from (`notesBase`) and merge three ways by line like
 * a candidate's notes, so an interviewer writing on two devices offline loses no line.
 *
 * Refused: an interview that is unknown, cancelled or another candidate's; a candidate deleted or
 * erased; a writer who is not the interview's interviewer (checked where the writer's role is known:
 * the server); a criterion the team never had (the server knows the criteria; a device answers null).
 */
import { z } from 'zod';
import { mergeNotes } from '../sync/notes-merge';
import { criterionIdSchema, recommendationSchema, SCORECARD_NOTES_MAX, scoreSchema } from '../schemas/scorecard.schema';
import type { ScheduledInterview } from '../schemas/scheduled-interview.schema';
import { storableString } from '../schemas/candidate.schema';
import { uidSchema } from './args.schema';
import { INTERVIEW_REFUSALS } from './interview-schedule';
import { applied, historyOf, rejected, REFUSALS, type MutationContext, type MutationOutcome, type MutationStore } from './store';

export const SCORE_REFUSALS = {
  notInterviewer: "Only the interview's interviewer can fill its scorecard",
  unknownCriterion: (id: string) => `"${id}" is not one of the team's scorecard criteria`,
} as const;

const notesSchema = storableString().max(SCORECARD_NOTES_MAX, `Notes must be at most ${SCORECARD_NOTES_MAX.toLocaleString('en-US')} characters`);

export const argsSchema = z
  .object({
    uid: uidSchema,
    candidateUid: uidSchema,
    scores: z.record(criterionIdSchema, scoreSchema.nullable()).optional(),
    recommendation: recommendationSchema.nullable().optional(),
    notes: notesSchema.optional(),
    /** The notes as the edit started from them (required with `notes`). */
    notesBase: z.string().max(SCORECARD_NOTES_MAX * 2).optional(),
  })
  .refine((args) => (args.notes === undefined) === (args.notesBase === undefined), { message: 'Notes travel with the text they started from', path: ['notesBase'] })
  .refine((args) => Object.keys(args.scores ?? {}).length > 0 || args.recommendation !== undefined || args.notes !== undefined, 'A scorecard change must set something');
export type Args = z.infer<typeof argsSchema>;

/** The clock key of a criterion's rating in the interview's field clocks. */
export const scoreClockKey = (criterionId: string) => `score:${criterionId}`;

export async function apply(store: MutationStore, args: Args, ctx: MutationContext): Promise<MutationOutcome> {
  const [candidate] = await store.getCandidates([args.candidateUid]);
  if (!candidate) return rejected(REFUSALS.notFound);
  if (candidate.erased) return rejected(REFUSALS.erased);
  if (candidate.deletedAt) return rejected(REFUSALS.deleted);
  const current = await store.getScheduledInterview(args.uid);
  if (!current) return rejected(INTERVIEW_REFUSALS.notFound);
  if (current.candidateUid !== args.candidateUid) return rejected(INTERVIEW_REFUSALS.otherCandidate);
  if (current.deletedAt) return rejected(INTERVIEW_REFUSALS.cancelled);
  if (ctx.role !== undefined && ctx.userId !== current.interviewerId) return rejected(SCORE_REFUSALS.notInterviewer);
  const criteria = await store.scorecardCriterionIds();
  const unknown = criteria && Object.keys(args.scores ?? {}).find((id) => !criteria.has(id));
  if (unknown) return rejected(SCORE_REFUSALS.unknownCriterion(unknown));

  const next: ScheduledInterview = { ...current, scores: { ...(current.scores ?? {}) }, fieldClocks: { ...current.fieldClocks } };
  let changed = false;
  const newer = (key: string) => ctx.hlc > (current.fieldClocks[key] ?? '');
  for (const [id, score] of Object.entries(args.scores ?? {})) {
    if (!newer(scoreClockKey(id))) continue;
    if (score === null) delete next.scores[id];
    else next.scores[id] = score;
    next.fieldClocks[scoreClockKey(id)] = ctx.hlc;
    changed = true;
  }
  if (args.recommendation !== undefined && newer('recommendation')) {
    next.recommendation = args.recommendation;
    next.fieldClocks.recommendation = ctx.hlc;
    changed = true;
  }
  if (args.notes !== undefined) {
    const stored = current.scorecardNotes ?? '';
    const merged = mergeNotes(args.notesBase ?? '', stored, args.notes);
    if (merged.text !== stored) {
      next.scorecardNotes = merged.text;
      next.fieldClocks.scorecardNotes = ctx.hlc > (current.fieldClocks.scorecardNotes ?? '') ? ctx.hlc : current.fieldClocks.scorecardNotes!;
      changed = true;
    }
    if (merged.conflict) {
      store.recordEvents(
        historyOf(current.candidateUid, [{ field: 'interview:scorecardNotes', kind: 'conflict', value: args.notes, clock: ctx.hlc }]),
      );
    }
  }
  if (!changed) return applied(0, 0, 1);
  await store.putScheduledInterview({ ...next, updatedAt: ctx.now });
  return applied(0, 1);
}
