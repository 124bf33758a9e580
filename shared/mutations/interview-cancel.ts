/** interview.cancel: a tombstone on a scheduled interview; a cancel wins over later schedules. */
import { z } from 'zod';
import { uidSchema } from './args.schema';
import { INTERVIEW_REFUSALS } from './interview-schedule';
import { applied, rejected, REFUSALS, type MutationContext, type MutationOutcome, type MutationStore } from './store';

export const argsSchema = z.object({ uid: uidSchema, candidateUid: uidSchema });
export type Args = z.infer<typeof argsSchema>;

export async function apply(store: MutationStore, args: Args, ctx: MutationContext): Promise<MutationOutcome> {
  const [candidate] = await store.getCandidates([args.candidateUid]);
  if (candidate?.erased) return rejected(REFUSALS.erased);
  const current = await store.getScheduledInterview(args.uid);
  if (!current) return rejected(INTERVIEW_REFUSALS.notFound);
  if (current.candidateUid !== args.candidateUid) return rejected(INTERVIEW_REFUSALS.otherCandidate);
  if (current.deletedAt) return applied(0, 0, 1);
  await store.putScheduledInterview({ ...current, deletedAt: ctx.now, updatedAt: ctx.now });
  return applied(0, 1);
}
