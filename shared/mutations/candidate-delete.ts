/**
 * candidate.delete: a tombstone; deletes win over edits. Deleting what is already gone is done, not
 * refused. Only administrators may delete a live candidate (mayDeleteCandidates); candidate.undoDelete
 * takes the tombstone back while it is still this delete's.
 */
import { z } from 'zod';
import { applyDelete } from '../sync/merge';
import { uidSchema } from './args.schema';
import { changeCandidate } from './candidate-writes';
import { applied, mayDeleteCandidates, rejected, REFUSALS, type MutationContext, type MutationOutcome, type MutationStore } from './store';

export const argsSchema = z.object({ uid: uidSchema });
export type Args = z.infer<typeof argsSchema>;

export async function apply(store: MutationStore, { uid }: Args, ctx: MutationContext): Promise<MutationOutcome> {
  if (!mayDeleteCandidates(ctx)) {
    const [record] = await store.getCandidates([uid]);
    if (record && !record.erased && !record.deletedAt) return rejected(REFUSALS.adminOnlyDelete);
  }
  const outcome = await changeCandidate(store, uid, (record) => applyDelete(record, ctx.hlc, ctx.now));
  return outcome.status === 'rejected' && outcome.reason !== REFUSALS.notFound ? applied(0, 0, 1) : outcome;
}
