/**
 * candidate.arrive — the server's own writers only (Zapier, web forms): a candidate arriving from an
 * integration. A known email (the live candidate an import would update) is updated with what the
 * arrival carries, except its source: the first source stays, and the arrival's is named in the dated
 * line "Candidate reapplied via {source}". An unknown email creates the candidate.
 */
import { z } from 'zod';
import { formatNoteLine, reappliedNote } from '../candidates/notes';
import { applyAppendNote, createCandidateRecord, importIntoExisting } from '../sync/merge';
import { importRowSchema } from './args.schema';
import { liveMatchesByEmail } from './candidates-import';
import { changeCandidate } from './candidate-writes';
import { applied, type MutationContext, type MutationOutcome, type MutationStore } from './store';
import { normalizeEmail } from '../candidates/email';

export const argsSchema = importRowSchema.extend({
  /** The integration's name ('Zapier', a form tool's): the source when the arrival names none. */
  via: z.string().trim().min(1).max(100),
});
export type Args = z.infer<typeof argsSchema>;

/** The source an arrival brings: its own, else the integration's name. */
export const arrivalSource = (args: Pick<Args, 'source' | 'via'>) => args.source?.trim() || args.via;

export async function apply(store: MutationStore, args: Args, ctx: MutationContext): Promise<MutationOutcome> {
  const { via, ...row } = args;
  const existing = (await liveMatchesByEmail(store, [row.email])).get(normalizeEmail(row.email));
  if (!existing) {
    const record = createCandidateRecord({ ...row, source: arrivalSource(args) }, ctx.hlc, { id: null, userId: ctx.userId, now: ctx.now });
    await store.putCandidates([record], new Set([record.uid]));
    return applied(1, 0, 0);
  }
  const line = formatNoteLine(ctx.now, reappliedNote(arrivalSource(args)));
  return changeCandidate(store, existing.uid, (current) => {
    const merged = importIntoExisting(current, { ...row, source: undefined, uid: current.uid }, ctx.hlc, ctx.now);
    const appended = applyAppendNote(merged.record, line, ctx.hlc, ctx.now);
    return { record: appended.record, events: [...merged.events, ...appended.events], changed: true };
  });
}
