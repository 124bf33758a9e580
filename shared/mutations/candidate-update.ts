/**
 * candidate.update: the fields that changed, last writer wins per field. A notes edit carries the text it
 * started from (`notesBase`) and merges three ways by line (shared/sync/notes-merge.ts); an edit queued
 * by an older app without a base is last-writer-wins like the other fields.
 */
import { z } from 'zod';
import { NOTES_MAX } from '../schemas/candidate.schema';
import { applyCandidateChanges } from '../sync/merge';
import { candidateChangesSchema, uidSchema } from './args.schema';
import { changeCandidate } from './candidate-writes';
import type { MutationContext, MutationOutcome, MutationStore } from './store';

export const argsSchema = z.object({
  uid: uidSchema,
  changes: candidateChangesSchema,
  /** The notes text the edit started from, when `changes.notes` is set (appended lines may have grown it past NOTES_MAX). */
  notesBase: z.string().max(NOTES_MAX * 2).optional(),
});
export type Args = z.infer<typeof argsSchema>;

export function apply(store: MutationStore, { uid, changes, notesBase }: Args, ctx: MutationContext): Promise<MutationOutcome> {
  return changeCandidate(store, uid, (record) => applyCandidateChanges(record, changes, ctx.hlc, ctx.now, notesBase));
}
