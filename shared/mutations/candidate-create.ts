/**
 * candidate.create: a new candidate with the uid its writer made. A create of a uid that exists already
 * (a retried or raced create) sets every field the create would have set, by clock, and merges its notes
 * as an edit that started from nothing — so two creates of one uid give the same record in either order,
 * and neither's notes are lost.
 */
import { CANDIDATE_LWW_FIELDS, type CandidateLwwField } from '../schemas/candidate.schema';
import { applyCandidateChanges, createCandidateRecord } from '../sync/merge';
import { candidateCreateArgsSchema, type CandidateCreateArgs } from './args.schema';
import { changeCandidate } from './candidate-writes';
import { applied, type MutationContext, type MutationOutcome, type MutationStore } from './store';

export const argsSchema = candidateCreateArgsSchema;

export async function apply(store: MutationStore, args: CandidateCreateArgs, ctx: MutationContext): Promise<MutationOutcome> {
  const record = createCandidateRecord(args, ctx.hlc, { id: null, userId: ctx.userId, now: ctx.now });
  const [existing] = await store.getCandidates([args.uid]);
  if (!existing) {
    await store.putCandidates([record], new Set([args.uid]));
    return applied(1, 0, 0);
  }
  const fields: Partial<Record<CandidateLwwField, unknown>> = {};
  for (const field of CANDIDATE_LWW_FIELDS) fields[field] = record[field];
  return changeCandidate(store, args.uid, (current) => applyCandidateChanges(current, fields, ctx.hlc, ctx.now, ''));
}
