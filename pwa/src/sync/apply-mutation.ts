/**
 * Applies one outbox mutation to the device's rows with the shared merge functions — the same rules
 * the server runs — both when a repo writes and when a rebase replays the outbox on top of pulled
 * rows. Deterministic: given the same rows, mutation and context it makes the same result, which is
 * what lets a rebase undo and redo pending changes freely.
 */
import {
  CANDIDATE_LWW_FIELDS,
  type Candidate,
  type CandidateLwwField,
  type InterviewNote,
} from '@shared/schemas/candidate.schema';
import { combineImportRows } from '@shared/sync/combine-import-rows';
import {
  applyAppendNote,
  applyCandidateChanges,
  applyDelete,
  applyInterviewNoteSave,
  applySetStatus,
  createCandidateRecord,
  createInterviewNoteRecord,
  importIntoExisting,
  type MergeResult,
} from '@shared/sync/merge';
import type { MutationArgs, MutationName } from '@shared/sync/protocol.schema';
import { emailKey } from '@/db/database';

/** Batch access to the rows a mutation reads and writes (Dexie in the app, a Map in some tests). */
export interface RowAccess {
  getCandidates(uids: string[]): Promise<Array<Candidate | undefined>>;
  /** Candidates that are not deleted, whose normalised email is one of these. */
  liveCandidatesByEmail(keys: string[]): Promise<Candidate[]>;
  /**
   * Writes candidates. `createdFresh`: uids among them that were made for this write (see
   * ApplyContext.firstWrite), so nothing is stored under them yet and there is nothing to look up.
   */
  putCandidates(rows: Candidate[], createdFresh?: ReadonlySet<string>): Promise<void>;
  getInterviewNote(uid: string): Promise<InterviewNote | undefined>;
  /** The candidate's note for that day that is not deleted (a server-made note may have another uid). */
  liveInterviewNoteFor(candidateUid: string, day: string): Promise<InterviewNote | undefined>;
  putInterviewNote(row: InterviewNote): Promise<void>;
}

export interface ApplyContext {
  /** The write's wall-clock time (ISO): the original write's, on a replay. */
  now: string;
  /** Who creates records: the device's signed-in user. */
  userId: number | null;
  /**
   * The mutation is applied as it is written, never a replay: the uids of an import's rows were just
   * made for it (repos give each row a new uid), so no record carries them and looking them up, one
   * IndexedDB read per row, can be skipped. Replays must look (the server may have the record by then).
   */
  firstWrite?: boolean;
}

export type LocalMutation = {
  [N in MutationName]: { name: N; args: MutationArgs<N>; hlc: string };
}[MutationName];

export interface ApplyOutcome {
  created: number;
  updated: number;
  /** Rows it could not change (missing or deleted record, or an older clock). */
  unchanged: number;
}

const outcome = (created = 0, updated = 0, unchanged = 0): ApplyOutcome => ({ created, updated, unchanged });

async function updateOne(
  rows: RowAccess,
  uid: string,
  change: (record: Candidate) => MergeResult<Candidate>,
): Promise<ApplyOutcome> {
  const [record] = await rows.getCandidates([uid]);
  if (!record) return outcome(0, 0, 1);
  const result = change(record);
  if (!result.changed) return outcome(0, 0, 1);
  await rows.putCandidates([result.record]);
  return outcome(0, 1, 0);
}

/**
 * Among live candidates sharing an email, the one an import updates: the most recently updated, then
 * the highest id, as the server picks (a record not yet on the server counts as newest).
 */
function preferred(a: Candidate, b: Candidate): Candidate {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt > b.updatedAt ? a : b;
  return (a.id ?? Infinity) >= (b.id ?? Infinity) ? a : b;
}

function lwwFieldsOf(args: Partial<Candidate>): Partial<Record<CandidateLwwField, unknown>> {
  const fields: Partial<Record<CandidateLwwField, unknown>> = {};
  for (const field of CANDIDATE_LWW_FIELDS) if (args[field] !== undefined) fields[field] = args[field];
  return fields;
}

/**
 * An import, as the server runs it: rows of the batch sharing a uid or an email are combined first;
 * each row then updates the candidate with its uid, else the live candidate with its email, else
 * creates one. A row whose uid is a deleted candidate changes nothing (deletes win).
 */
async function applyImport(
  rows: RowAccess,
  args: MutationArgs<'candidates.import'>,
  hlc: string,
  ctx: ApplyContext,
): Promise<ApplyOutcome> {
  const result = outcome();
  const combined = combineImportRows(args.rows).rows;
  const byUid = new Map<string, Candidate>();
  if (!ctx.firstWrite) {
    for (const found of await rows.getCandidates(combined.map((row) => row.uid))) if (found) byUid.set(found.uid, found);
  }
  const createdFresh = new Set<string>();
  const byEmail = new Map<string, Candidate>();
  const emails = [...new Set(combined.filter((row) => !byUid.has(row.uid)).map((row) => emailKey(row.email)))];
  for (const found of await rows.liveCandidatesByEmail(emails)) {
    const key = emailKey(found.email);
    const current = byEmail.get(key);
    byEmail.set(key, current ? preferred(current, found) : found);
  }
  const working = new Map<string, Candidate>();
  for (const row of combined) {
    const match = byUid.get(row.uid) ?? byEmail.get(emailKey(row.email));
    if (!match) {
      working.set(row.uid, createCandidateRecord(row, hlc, { id: null, userId: ctx.userId, now: ctx.now }));
      if (ctx.firstWrite) createdFresh.add(row.uid);
      result.created += 1;
      continue;
    }
    const current = working.get(match.uid) ?? match;
    if (current.deletedAt) {
      result.unchanged += 1;
      continue;
    }
    const merged = importIntoExisting(current, { ...row, uid: current.uid }, hlc, ctx.now);
    if (merged.changed) {
      working.set(current.uid, merged.record);
      result.updated += 1;
    } else result.unchanged += 1;
  }
  if (working.size) await rows.putCandidates([...working.values()], createdFresh);
  return result;
}

export async function applyMutation(rows: RowAccess, mutation: LocalMutation, ctx: ApplyContext): Promise<ApplyOutcome> {
  const { hlc } = mutation;
  switch (mutation.name) {
    case 'candidate.create': {
      const [existing] = await rows.getCandidates([mutation.args.uid]);
      // The server treats a create of a known uid as an update of its fields.
      if (existing) return updateOne(rows, existing.uid, (r) => applyCandidateChanges(r, lwwFieldsOf(mutation.args), hlc, ctx.now));
      await rows.putCandidates([createCandidateRecord(mutation.args, hlc, { id: null, userId: ctx.userId, now: ctx.now })]);
      return outcome(1, 0, 0);
    }
    case 'candidate.update':
      return updateOne(rows, mutation.args.uid, (r) => applyCandidateChanges(r, mutation.args.changes, hlc, ctx.now));
    case 'candidate.setStatus':
      return updateOne(rows, mutation.args.uid, (r) =>
        applySetStatus(r, mutation.args.status, mutation.args.noteLine, hlc, ctx.now),
      );
    case 'candidate.appendNote':
      return updateOne(rows, mutation.args.uid, (r) => applyAppendNote(r, mutation.args.line, hlc, ctx.now));
    case 'candidate.delete':
      return updateOne(rows, mutation.args.uid, (r) => applyDelete(r, hlc, ctx.now));
    case 'candidates.import':
      return applyImport(rows, mutation.args, hlc, ctx);
    case 'interviewNote.save': {
      const { args } = mutation;
      const [candidate] = await rows.getCandidates([args.candidateUid]);
      if (!candidate || candidate.deletedAt) return outcome(0, 0, 1);
      const existing = (await rows.getInterviewNote(args.uid)) ?? (await rows.liveInterviewNoteFor(args.candidateUid, args.day));
      if (existing && existing.candidateUid !== args.candidateUid) return outcome(0, 0, 1);
      if (!existing) {
        await rows.putInterviewNote(createInterviewNoteRecord(args, hlc, { id: null, userId: ctx.userId, now: ctx.now }));
        return outcome(1, 0, 0);
      }
      const result = applyInterviewNoteSave(existing, args.note, hlc, ctx.now);
      if (!result.changed) return outcome(0, 0, 1);
      await rows.putInterviewNote(result.record);
      return outcome(0, 1, 0);
    }
  }
}
