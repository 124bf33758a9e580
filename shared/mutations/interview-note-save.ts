/**
 * interviewNote.save: the note text of (candidate, day), one live note per candidate per day. The note
 * found by uid, else the candidate's live note for that day (another device may have derived another
 * uid), else a new one; the text is last-writer-wins, and an overwritten or refused text lands in the
 * candidate's history as 'interviewNote:yyyy-MM-dd'.
 */
import { z } from 'zod';
import { applyInterviewNoteSave, createInterviewNoteRecord } from '../sync/merge';
import { storableString } from '../schemas/candidate.schema';
import { daySchema, INTERVIEW_NOTE_MAX, uidSchema } from './args.schema';
import { applied, historyOf, rejected, REFUSALS, type MutationContext, type MutationOutcome, type MutationStore } from './store';

export const argsSchema = z.object({
  uid: uidSchema,
  candidateUid: uidSchema,
  day: daySchema,
  note: storableString().max(INTERVIEW_NOTE_MAX, `Must be at most ${INTERVIEW_NOTE_MAX} characters`),
});
export type Args = z.infer<typeof argsSchema>;

/** The history field of a day's interview note. */
export const interviewNoteField = (day: string) => `interviewNote:${day}`;

export async function apply(store: MutationStore, args: Args, ctx: MutationContext): Promise<MutationOutcome> {
  const [candidate] = await store.getCandidates([args.candidateUid]);
  if (!candidate) return rejected(REFUSALS.notFound);
  // Erased for privacy: nothing about it is stored again, not even in its history.
  if (candidate.erased) return rejected(REFUSALS.erased);
  const existing = (await store.getInterviewNote(args.uid)) ?? (await store.liveInterviewNoteFor(args.candidateUid, args.day));
  if (existing && existing.candidateUid !== args.candidateUid) return rejected(REFUSALS.otherCandidatesNote);
  if (candidate.deletedAt) {
    store.recordEvents(historyOf(candidate.uid, [{ field: 'note', kind: 'rejected', value: args.note, clock: ctx.hlc }], interviewNoteField(args.day)));
    return rejected(REFUSALS.deleted);
  }
  if (!existing) {
    await store.putInterviewNote(createInterviewNoteRecord(args, ctx.hlc, { id: null, userId: ctx.userId, now: ctx.now }));
    return applied(1, 0, 0);
  }
  const result = applyInterviewNoteSave(existing, args.note, ctx.hlc, ctx.now);
  store.recordEvents(historyOf(candidate.uid, result.events, interviewNoteField(existing.day)));
  if (!result.changed) return applied(0, 0, 1);
  await store.putInterviewNote(result.record);
  return applied(0, 1, 0);
}
