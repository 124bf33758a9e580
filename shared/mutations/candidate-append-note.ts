/** candidate.appendNote: a line added at the end of the notes, whatever the clocks say. */
import { z } from 'zod';
import { applyAppendNote } from '../sync/merge';
import { noteLineSchema, uidSchema } from './args.schema';
import { changeCandidate } from './candidate-writes';
import type { MutationContext, MutationOutcome, MutationStore } from './store';

export const argsSchema = z.object({ uid: uidSchema, line: noteLineSchema });
export type Args = z.infer<typeof argsSchema>;

export function apply(store: MutationStore, { uid, line }: Args, ctx: MutationContext): Promise<MutationOutcome> {
  return changeCandidate(store, uid, (record) => applyAppendNote(record, line, ctx.hlc, ctx.now));
}
