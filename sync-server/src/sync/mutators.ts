/**
 * The server side of each mutation name: validate its args with the shared schema, then apply it through
 * the same write services REST and integrations use. A mutator never throws for a bad or stale
 * mutation: it answers `rejected` with a reason people can read, so the push records it and moves on.
 */
import type { Knex } from 'knex';
import type { ZodType } from 'zod';
import { mutationArgsSchemas, type MutationArgs, type MutationName } from '@shared/sync/protocol.schema';
import { applyAppendNote, applyCandidateChanges, applyDelete, applySetStatus } from '@shared/sync/merge';
import type { Writer } from '../candidates/candidate-events';
import {
  changeCandidate,
  createCandidate,
  importCandidateRows,
  type WriteOutcome,
} from '../candidates/candidate-writes.service';
import { saveInterviewNote } from '../interview-notes/interview-note-writes.service';

export type MutatorResult = { status: 'applied' } | { status: 'rejected'; reason: string };

const APPLIED: MutatorResult = { status: 'applied' };
const NOT_FOUND: MutatorResult = { status: 'rejected', reason: 'Candidate not found' };
const DELETED: MutatorResult = {
  status: 'rejected',
  reason: 'The candidate was deleted; the change is kept in its history',
};

const ERASED: MutatorResult = { status: 'rejected', reason: 'The candidate was erased for privacy; the change was dropped' };

function fromOutcome(outcome: WriteOutcome): MutatorResult {
  if (outcome.kind === 'missing') return NOT_FOUND;
  if (outcome.kind === 'deleted') return DELETED;
  if (outcome.kind === 'erased') return ERASED;
  return APPLIED;
}

type Mutator<N extends MutationName> = (trx: Knex, writer: Writer, args: MutationArgs<N>, hlc: string) => Promise<MutatorResult>;

const nowIso = () => new Date().toISOString();

const mutators: { [N in MutationName]: Mutator<N> } = {
  'candidate.create': async (trx, writer, args, hlc) => fromOutcome(await createCandidate(trx, writer, args, hlc)),
  'candidate.update': async (trx, writer, { uid, changes }, hlc) =>
    fromOutcome(await changeCandidate(trx, writer, uid, (r) => applyCandidateChanges(r, changes, hlc, nowIso()))),
  'candidate.setStatus': async (trx, writer, { uid, status, noteLine }, hlc) =>
    fromOutcome(await changeCandidate(trx, writer, uid, (r) => applySetStatus(r, status, noteLine, hlc, nowIso()))),
  'candidate.appendNote': async (trx, writer, { uid, line }, hlc) =>
    fromOutcome(await changeCandidate(trx, writer, uid, (r) => applyAppendNote(r, line, hlc, nowIso()))),
  'candidate.delete': async (trx, writer, { uid }, hlc) => {
    const outcome = await changeCandidate(trx, writer, uid, (r) => applyDelete(r, hlc, nowIso()));
    // Deleting what is already deleted (or erased) is done, not refused.
    return outcome.kind === 'missing' ? NOT_FOUND : APPLIED;
  },
  'candidates.import': async (trx, writer, { rows }, hlc) => {
    const outcome = await importCandidateRows(trx, writer, rows, hlc);
    if (outcome.erased === rows.length) return ERASED;
    return outcome.refused + outcome.erased === rows.length ? DELETED : APPLIED;
  },
  'interviewNote.save': async (trx, writer, args, hlc) => {
    const outcome = await saveInterviewNote(trx, writer, args, hlc);
    if (outcome.kind === 'conflict') return { status: 'rejected', reason: outcome.reason };
    return outcome.kind === 'ok' ? APPLIED : fromOutcome(outcome);
  },
};

/** A readable reason from a zod failure: "changes.status: Status must be one of: …". */
function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const first = issues[0];
  if (!first) return 'Invalid arguments';
  const where = first.path.map(String).join('.');
  return where ? `${where}: ${first.message}` : first.message;
}

export type ValidatedMutation = { ok: true; run: (trx: Knex, writer: Writer, hlc: string) => Promise<MutatorResult> } | { ok: false; reason: string };

/** Checks a mutation's name and args; the returned `run` applies it. */
export function validateMutation(name: string, args: unknown): ValidatedMutation {
  if (!Object.hasOwn(mutationArgsSchemas, name)) return { ok: false, reason: `Unknown mutation: ${name}` };
  const mutationName = name as MutationName;
  const parsed = (mutationArgsSchemas[mutationName] as ZodType).safeParse(args);
  if (!parsed.success) return { ok: false, reason: `Invalid ${name}: ${describeIssues(parsed.error.issues)}` };
  const mutator = mutators[mutationName] as Mutator<MutationName>;
  return { ok: true, run: (trx, writer, hlc) => mutator(trx, writer, parsed.data as MutationArgs<MutationName>, hlc) };
}
