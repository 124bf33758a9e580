/**
 * Every mutation, defined once (ARCHITECTURE.md, "Write path"): a module per mutation with its argument
 * schema and one `apply(store, args, ctx)`. The device runs them on its Dexie rows when a repo writes and
 * when a rebase replays the outbox; the server runs them on PostgreSQL rows for a device's push and for
 * its own writers (REST, imports, integrations); the tests' fake server runs them on Maps.
 */
import type { z } from 'zod';
import * as candidateAppendNote from './candidate-append-note';
import * as candidateArrive from './candidate-arrive';
import * as candidateCreate from './candidate-create';
import * as candidateDelete from './candidate-delete';
import * as candidateSetStatus from './candidate-set-status';
import * as candidateUndoDelete from './candidate-undo-delete';
import * as candidateUndoStatus from './candidate-undo-status';
import * as candidateUpdate from './candidate-update';
import * as candidatesBulk from './candidates-bulk';
import * as candidatesImport from './candidates-import';
import * as candidatesMerge from './candidates-merge';
import * as candidatesUndoImport from './candidates-undo-import';
import * as interviewCancel from './interview-cancel';
import * as interviewNoteSave from './interview-note-save';
import * as interviewSchedule from './interview-schedule';
import * as interviewScore from './interview-score';
import * as savedViewDelete from './saved-view-delete';
import * as savedViewSave from './saved-view-save';
import type { MutationContext, MutationOutcome, MutationStore } from './store';

/** What a device may queue and push. */
export const deviceMutations = {
  'candidate.create': candidateCreate,
  'candidate.update': candidateUpdate,
  'candidate.setStatus': candidateSetStatus,
  'candidate.appendNote': candidateAppendNote,
  'candidate.undoStatus': candidateUndoStatus,
  'candidate.delete': candidateDelete,
  'candidate.undoDelete': candidateUndoDelete,
  'candidates.import': candidatesImport,
  'candidates.bulk': candidatesBulk,
  'candidates.undoImport': candidatesUndoImport,
  'interviewNote.save': interviewNoteSave,
  'savedView.save': savedViewSave,
  'savedView.delete': savedViewDelete,
  'interview.schedule': interviewSchedule,
  'interview.cancel': interviewCancel,
  'interview.score': interviewScore,
} as const;

/** What the server applies: the devices' mutations and those of its own writers. */
export const serverMutations = { ...deviceMutations, 'candidate.arrive': candidateArrive, 'candidates.merge': candidatesMerge } as const;

export type MutationName = keyof typeof deviceMutations;
export type ServerMutationName = keyof typeof serverMutations;
export type MutationArgs<N extends ServerMutationName> = z.infer<(typeof serverMutations)[N]['argsSchema']>;

export const MUTATION_NAMES = Object.keys(deviceMutations) as MutationName[];

/** Each device mutation's argument schema, by name. */
export const mutationArgsSchemas = Object.fromEntries(MUTATION_NAMES.map((name) => [name, deviceMutations[name].argsSchema])) as {
  [N in MutationName]: (typeof deviceMutations)[N]['argsSchema'];
};

export type AnyMutation<N extends ServerMutationName = ServerMutationName> = {
  [K in N]: { name: K; args: MutationArgs<K> };
}[N];

/** A device's queued mutation: its name, validated args and stamp. */
export type LocalMutation = AnyMutation<MutationName> & { hlc: string };

type Apply = (store: MutationStore, args: unknown, ctx: MutationContext) => Promise<MutationOutcome>;

/** Applies one validated mutation. */
export function applyMutation(store: MutationStore, mutation: AnyMutation, ctx: MutationContext): Promise<MutationOutcome> {
  return (serverMutations[mutation.name].apply as Apply)(store, mutation.args, ctx);
}

/**
 * A readable reason from a zod failure: "changes.status: Status must be one of: …"; an import's row is
 * named by its place in the batch ("row 3 of the batch: name: Name must be at most 200 characters").
 */
export function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const first = issues[0];
  if (!first) return 'Invalid arguments';
  const [head, index, ...rest] = first.path;
  if (head === 'rows' && typeof index === 'number') {
    return [`row ${index + 1} of the batch`, ...(rest.length ? [rest.map(String).join('.')] : []), first.message].join(': ');
  }
  const where = first.path.map(String).join('.');
  return where ? `${where}: ${first.message}` : first.message;
}

export type ParsedMutation = { ok: true; mutation: AnyMutation<MutationName> } | { ok: false; reason: string };

/** Checks a pushed mutation's name (a device mutation) and args. */
export function parseDeviceMutation(name: string, args: unknown): ParsedMutation {
  if (!Object.hasOwn(deviceMutations, name)) return { ok: false, reason: `Unknown mutation: ${name}` };
  const parsed = (deviceMutations[name as MutationName].argsSchema as z.ZodType).safeParse(args);
  if (!parsed.success) return { ok: false, reason: `Invalid ${name}: ${describeIssues(parsed.error.issues)}` };
  return { ok: true, mutation: { name, args: parsed.data } as AnyMutation<MutationName> };
}

export type { MutationContext, MutationOutcome, MutationStore, HistoryEvent, StoreCandidate } from './store';
export { REFUSALS, mayDeleteCandidates } from './store';
export { interviewNoteField } from './interview-note-save';
