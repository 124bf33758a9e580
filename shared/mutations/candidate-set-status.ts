/**
 * candidate.setStatus: the status, last writer wins, with its dated note line (the table's dropdown, the
 * kanban, Turn Down, the detail dialog), appended even when a newer status wins.
 */
import { z } from 'zod';
import { statusSchema } from '../schemas/candidate.schema';
import { applySetStatus } from '../sync/merge';
import { noteLineSchema, uidSchema } from './args.schema';
import { changeCandidate } from './candidate-writes';
import type { MutationContext, MutationOutcome, MutationStore } from './store';

export const argsSchema = z.object({
  uid: uidSchema,
  status: statusSchema,
  /** A dated note line to append with the change. */
  noteLine: noteLineSchema.optional(),
});
export type Args = z.infer<typeof argsSchema>;

export function apply(store: MutationStore, { uid, status, noteLine }: Args, ctx: MutationContext): Promise<MutationOutcome> {
  return changeCandidate(store, uid, (record) => applySetStatus(record, status, noteLine, ctx.hlc, ctx.now));
}
