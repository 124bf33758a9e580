/**
 * candidate.undoStatus: the Undo of a status change (the toast's Undo after a row's dropdown, the kanban,
 * Turn Down): the previous status back, with the time it began, and the change's dated note line taken
 * out again. Its own mutation, so it works offline, syncs, and shows in the history like any change.
 */
import { z } from 'zod';
import { statusSchema } from '../schemas/candidate.schema';
import { applyUndoStatus } from '../sync/merge';
import { noteLineSchema, uidSchema } from './args.schema';
import { changeCandidate } from './candidate-writes';
import type { MutationContext, MutationOutcome, MutationStore } from './store';

export const argsSchema = z.object({
  uid: uidSchema,
  /** The status to bring back. */
  status: statusSchema,
  /** When that status began (the candidate's statusChangedAt before the change). */
  statusChangedAt: z.iso.datetime({ offset: true }).optional(),
  /** The dated line the undone change appended, to take out of the notes. */
  noteLine: noteLineSchema.optional(),
});
export type Args = z.infer<typeof argsSchema>;

export function apply(store: MutationStore, { uid, status, statusChangedAt, noteLine }: Args, ctx: MutationContext): Promise<MutationOutcome> {
  return changeCandidate(store, uid, (record) => applyUndoStatus(record, status, statusChangedAt, noteLine, ctx.hlc, ctx.now));
}
