/**
 * candidate.undoDelete: the Undo of a delete (the toast's Undo after a delete or a bulk delete). The
 * candidate comes back exactly as it was deleted, but only while its tombstone is still the one that
 * delete made (`deleteHlc`, the delete's stamp): a candidate deleted by another change stays deleted,
 * and one erased for privacy never comes back. Its own mutation, so it works offline, syncs, and shows
 * in the history ('restored'). Administrators only, like the delete.
 */
import { z } from 'zod';
import { applyUndoDelete } from '../sync/merge';
import { hlcSchema, uidSchema } from './args.schema';
import { NOTHING_CREATED } from './candidate-writes';
import { applied, historyOf, mayDeleteCandidates, rejected, REFUSALS, type MutationContext, type MutationOutcome, type MutationStore } from './store';

export const argsSchema = z.object({
  uid: uidSchema,
  /** The stamp of the delete to undo (its mutation's HLC). */
  deleteHlc: hlcSchema,
});
export type Args = z.infer<typeof argsSchema>;

export async function apply(store: MutationStore, { uid, deleteHlc }: Args, ctx: MutationContext): Promise<MutationOutcome> {
  const [record] = await store.getCandidates([uid]);
  if (!record) return rejected(REFUSALS.notFound);
  if (record.erased) return rejected(REFUSALS.erased);
  if (!mayDeleteCandidates(ctx)) return rejected(REFUSALS.adminOnlyDelete);
  const result = applyUndoDelete(record, deleteHlc, ctx.now);
  if (!result.changed) return record.deletedAt ? rejected(REFUSALS.deletedByAnother) : applied(0, 0, 1);
  store.recordEvents(historyOf(record.uid, result.events));
  await store.putCandidates([result.record], NOTHING_CREATED);
  return applied(0, 1, 0);
}
