/**
 * What a mutation's `apply` runs against: a small row store, implemented over Dexie on the device
 * (pwa/src/sync/dexie-rows.ts, inside the write transaction), over Knex on the server
 * (sync-server/src/candidates/mutation-store.ts, inside the push or request transaction, rows locked),
 * and over Maps in the tests' fake server. Every merge rule lives in the mutations; a store only reads
 * and writes rows, batched (an import asks for a thousand rows in one call).
 */
import type { ReadonlyStringSet } from '../candidates/string-map';
import type { Candidate, InterviewNote } from '../schemas/candidate.schema';
import type { SavedView } from '../schemas/saved-view.schema';
import type { ScheduledInterview } from '../schemas/scheduled-interview.schema';
import type { Role } from '../schemas/user.schema';
import type { FieldEvent } from '../sync/merge';

/**
 * A stored candidate as a store answers it. `erased`: erased for privacy (only the server has such
 * id-only tombstones; no write may touch them again, and nothing of the write is kept).
 */
export type StoreCandidate = Candidate & { erased?: true };

/** A value a write lost or merged, for the candidate's history (the server keeps it; a device needs none). */
export interface HistoryEvent extends Omit<FieldEvent, 'kind'> {
  kind: FieldEvent['kind'] | 'merged' | 'conflict';
  candidateUid: string;
}

export interface MutationStore {
  /** Candidates by uid, in the order asked; undefined where there is none. */
  getCandidates(uids: readonly string[]): Promise<Array<StoreCandidate | undefined>>;
  /** Live (not deleted) candidates whose normalised email (emailKey) is one of `keys`. */
  liveCandidatesByEmail(keys: readonly string[]): Promise<Candidate[]>;
  /**
   * Writes candidates. `created`: uids among them this mutation creates (nothing is stored under them
   * yet; the server inserts them, a device skips looking them up).
   */
  putCandidates(rows: readonly Candidate[], created: ReadonlyStringSet): Promise<void>;
  getInterviewNote(uid: string): Promise<InterviewNote | undefined>;
  /** The candidate's live note for that day (a note made elsewhere may have another uid). */
  liveInterviewNoteFor(candidateUid: string, day: string): Promise<InterviewNote | undefined>;
  putInterviewNote(row: InterviewNote): Promise<void>;
  /** The candidate's live interview notes (a server-side merge moves them). */
  interviewNotesOf(candidateUid: string): Promise<InterviewNote[]>;
  /** A saved view by uid, whoever owns it (the mutation checks the owner); undefined where there is none. */
  getSavedView(uid: string): Promise<SavedView | undefined>;
  putSavedView(row: SavedView): Promise<void>;
  /** A scheduled interview by uid (cancelled ones too); undefined where there is none. */
  getScheduledInterview(uid: string): Promise<ScheduledInterview | undefined>;
  /** Writes one (possibly moved to another candidate); its candidate was read by the same mutation first. */
  putScheduledInterview(row: ScheduledInterview): Promise<void>;
  /** The candidate's live scheduled interviews (a server-side merge moves them). */
  scheduledInterviewsOf(candidateUid: string): Promise<ScheduledInterview[]>;
  /**
   * Whether a user id is a user of the team (a possible interviewer). The server answers from its users;
   * a device cannot know the team offline and answers true (the server refuses the rest).
   */
  isTeamMember(userId: number): Promise<boolean>;
  /**
   * The ids of every scorecard criterion the team has had (retired ones too). The server answers from
   * its settings; a device may hold an old copy of them and answers null (the server refuses the rest).
   */
  scorecardCriterionIds(): Promise<ReadonlySet<string> | null>;
  /** Values lost, refused or merged, for the history. Kept by the server; a device drops them. */
  recordEvents(events: readonly HistoryEvent[]): void;
}

export interface MutationContext {
  /** The mutation's HLC stamp (a device's, clamped by the server, or the server clock's). */
  hlc: string;
  /** The write's wall-clock time (ISO): the original write's on a device's replay. */
  now: string;
  /** Who creates records: the device's signed-in user, or the server-side writer's user. */
  userId: number | null;
  /**
   * The mutation is applied as it is written, never a replay: the uids of new rows were just made for
   * it, so no record carries them and looking them up (one IndexedDB read per row) can be skipped.
   */
  firstWrite?: boolean;
  /**
   * The writer's role, where the writer's rights are checked: the server sets it for a device's push.
   * Unset for the server's own writers and on a device (its screens offer only what the role may do;
   * the server refuses the rest, and the device then takes the server's rows).
   */
  role?: Role;
}

/** Deleting candidates, and undoing a delete, is for administrators (spec section 6; DECISIONS.md). */
export function mayDeleteCandidates(ctx: MutationContext): boolean {
  return ctx.role === undefined || ctx.role === 'admin';
}

/** Applied (possibly changing nothing: every value older than what is stored), or refused with a reason. */
export interface MutationOutcome {
  status: 'applied' | 'rejected';
  /** Why it was refused, in words people read (the sync indicator lists it). */
  reason?: string;
  created: number;
  updated: number;
  /** Rows it could not change (refused, deleted, or every value older than what is stored). */
  unchanged: number;
  /** Of those, rows dropped because their candidate was erased for privacy (imports). */
  dropped?: number;
}

export const applied = (created = 0, updated = 0, unchanged = 0): MutationOutcome => ({ status: 'applied', created, updated, unchanged });
export const rejected = (reason: string, unchanged = 1): MutationOutcome => ({ status: 'rejected', reason, created: 0, updated: 0, unchanged });

export const REFUSALS = {
  notFound: 'Candidate not found',
  deleted: 'The candidate was deleted; the change is kept in its history',
  erased: 'The candidate was erased for privacy; the change was dropped',
  otherCandidatesNote: 'That interview note belongs to another candidate',
  adminOnlyDelete: 'Only administrators can delete candidates',
  deletedByAnother: 'The candidate was deleted by another change; it stays deleted',
} as const;

/** Attaches a merge function's events to their candidate (`field` renames them, e.g. 'interviewNote:day'). */
export function historyOf(candidateUid: string, events: readonly FieldEvent[] | readonly Omit<HistoryEvent, 'candidateUid'>[], field?: string): HistoryEvent[] {
  return events.map((event) => ({ ...event, field: field ?? event.field, candidateUid }));
}
