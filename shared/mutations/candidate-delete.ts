/** candidate.delete: a tombstone; deletes win over edits. Deleting what is already gone is done, not refused. */
import { z } from 'zod';
import { applyDelete } from '../sync/merge';
import { uidSchema } from './args.schema';
import { changeCandidate } from './candidate-writes';
import { applied, REFUSALS, type MutationContext, type MutationOutcome, type MutationStore } from './store';

export const argsSchema = z.object({ uid: uidSchema });
export type Args = z.infer<typeof argsSchema>;

export async function apply(store: MutationStore, { uid }: Args, ctx: MutationContext): Promise<MutationOutcome> {
  const outcome = await changeCandidate(store, uid, (record) => applyDelete(record, ctx.hlc, ctx.now));
  return outcome.status === 'rejected' && outcome.reason !== REFUSALS.notFound ? applied(0, 0, 1) : outcome;
}
