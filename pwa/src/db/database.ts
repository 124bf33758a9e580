/**
 * The device database (IndexedDB through Dexie): the synced rows the screens read, and the sync
 * engine's own state.
 *
 * - `candidates`, `experiences`, `interviewNotes`: what the screens show — the server's rows with this
 *   device's pending changes applied on top.
 * - `serverRows`: for every row with a server version that a pending change touches, that server
 *   version. Its presence marks the row as touched; a rebase puts these back and replays the outbox on
 *   top (see sync/rebase.ts).
 * - A candidate the server has never sent (`id` null: created on this device) carries `localOnly: 1`:
 *   its server version is "none", so a rebase removes it (and the replay makes it again while its
 *   creating change is pending) — an index key instead of a serverRows marker per row, which halved
 *   what a 100,000-row import writes. Interview notes made here still get a marker. Stored, it shares
 *   one index entry with the row's run of own writes (OWN_RUN_INDEX, stored-candidate.ts).
 * - Candidates are stored in a smaller form than LocalCandidate (short names, implied values left out)
 *   and read back whole by a layer below Dexie (stored-candidate.ts): code above it never sees that form.
 * - `outbox`: pending mutations, keyed by their per-client id (1, 2, 3…), indexed with their record
 *   counts and by the row they write. Only a pull's `includedThrough` removes an entry (or the server
 *   rejecting it, which moves it to `rejected`).
 * - `rejected`: mutations the server refused, with its reason, until the user dismisses them.
 * - `savedViews`: the signed-in user's saved views of the Candidates page (synced like the rows above:
 *   a pending change keeps the server's version in serverRows, kind 'savedView').
 * - `scheduledInterviews`: the team's scheduled interviews (synced like the rows above, kind
 *   'scheduledInterview'), indexed by candidate and by date (the date in the zone it was scheduled in).
 * - `meta`: key/value state of this device (client id, clocks, cursor, signed-in user…; see meta.ts).
 * - `confirmations`: a pull's page of own-row confirmations, kept in records of 2,500 instead of rewriting
 *   each confirmed row, until the end of the sync round gives the rows their server ids
 *   (sync/confirmations.ts). While one is kept, a row it confirms reads as confirmed.
 *
 * Versions are append-only (STYLE rule 11): add `this.version(n + 1).stores({...}).upgrade(...)` below,
 * never edit a landed one. `outbox`, `rejected` and `meta` are never dropped or renamed, and an upgrade
 * that changes a mutation's shape rewrites the outbox entries in its `upgrade` callback, so pending
 * changes survive every schema change.
 */
import Dexie, { type Table } from 'dexie';
import type { Candidate, Experience, InterviewNote } from '@shared/schemas/candidate.schema';
import type { SavedView } from '@shared/schemas/saved-view.schema';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import type { UndoImportItem } from '@shared/mutations/candidates-undo-import';
import type { MutationName, OwnRowConfirmation } from '@shared/sync/protocol.schema';
import { normalizeEmail } from '@shared/candidates/email';
import { clocksOfStamp, sharedStamp } from '@shared/sync/shared-clocks';
import { RecentText, TextPool } from '@shared/candidates/text-pool';
import type { CandidateMirror } from './candidate-mirror/candidate-mirror';
import { mirrorOf } from './candidate-mirror/database-source';
import { candidateChangesMiddleware } from './candidate-mirror/change-feed';
import { IN_INTERVIEW_INDEX, candidateStorageMiddleware, inInterviewKey } from './stored-candidate';
import { BLOCKS_TABLE, candidateBlocksMiddleware } from './candidate-blocks';
import type { MetaKey } from './meta';
import { OWN_RUN_INDEX } from './own-writes-index';

/**
 * A candidate as the device stores it: the shared shape plus its index fields — its normalised email,
 * and `localOnly: 1` while the server has never sent it (see the module comment) — with its field
 * clocks as one stamp when one write stamped every field (a created or imported row: a third of the
 * row's size, which every write and read of it pays for).
 */
export type LocalCandidate = Omit<Candidate, 'fieldClocks'> & {
  fieldClocks: Candidate['fieldClocks'] | string;
  emailKey: string;
  localOnly?: 1;
  /** The pending mutations that wrote the row on top of its server version (sync/dexie-rows.ts). */
  ownWrites?: OwnWrites;
  /** 1 while the candidate's status is interview, else absent: the sparse index the Interviews page reads (IN_INTERVIEW_INDEX). */
  inInterview?: 1;
};

/**
 * The run of this device's mutations that wrote a row since its server version: the first and last
 * mutation ids and how many (count 0: written by something that gave no id, never confirmed). A pull
 * confirms a row (instead of sending it) when the server saw the same run (sync/pull.ts).
 */
export interface OwnWrites {
  from: number;
  through: number;
  count: number;
}

/**
 * The candidates table's keys, as the latest version declares them. Only what reads query: the list
 * screens filter and sort in memory (candidate-mirror/), and every index costs each write. Two are
 * sparse, a row without their key having no entry: the run of own writes (OWN_RUN_INDEX) and the
 * interview status (IN_INTERVIEW_INDEX), so a pulled row outside interview costs its uid and email.
 */
export const CANDIDATE_INDEXES = `uid, emailKey, ${OWN_RUN_INDEX}, ${IN_INTERVIEW_INDEX}`;
/** Version 13's: the interview index beside the status index, which its upgrade reads. */
const CANDIDATE_INDEXES_V13 = `uid, emailKey, status, ${OWN_RUN_INDEX}, ${IN_INTERVIEW_INDEX}`;
/** Version 12's: localOnly and the run of own writes one key (OWN_RUN_INDEX), every row's status indexed (the stored-row bench compares). */
export const CANDIDATE_INDEXES_V12 = `uid, emailKey, status, ${OWN_RUN_INDEX}`;
/** Version 8's, which versions 9–11 kept: localOnly and the run of own writes apart (the stored-row bench compares). */
export const CANDIDATE_INDEXES_V8 = 'uid, emailKey, status, localOnly, [ownWrites.from+ownWrites.through+ownWrites.count]';
/** Version 2's, as it landed (versions are append-only). */
const CANDIDATE_INDEXES_V2 = 'uid, emailKey, status, localOnly';
/** Version 7's. */
const CANDIDATE_INDEXES_V7 = 'uid, emailKey, status, localOnly, ownWrites.from';
/** The outbox's entries by id with their record counts (OutboxEntry.count): keys only, no values read. */
export const OUTBOX_RECORDS_INDEX = '[id+count]';

/** The outbox's entries by the uid their arguments name (`args.uid`: the row a single-row change writes). */
export const OUTBOX_SUBJECT_INDEX = 'args.uid';

/** The records of the outbox entries after id `after` through id `through`, from OUTBOX_RECORDS_INDEX's keys. */
export async function outboxRecordsBetween(db: RepHireDb, after: number, through: number): Promise<number> {
  if (through <= after) return 0;
  const keys = (await db.outbox.where(OUTBOX_RECORDS_INDEX).between([after + 1, -Infinity], [through, Infinity], true, true).keys()) as unknown as Array<[number, number]>;
  return keys.reduce((sum, [, count]) => sum + count, 0);
}

/** Rows one bulk write sends at once, at most (one main-thread task, about 30 ms here; write-slices.ts sends fewer while writes are slow). */
export const PUT_SLICE_ROWS = 500;

export type RowKind = 'candidate' | 'interviewNote' | 'savedView' | 'scheduledInterview';

/** The server's version of a row that pending changes touch (see the module comment). */
export interface ServerRow {
  kind: RowKind;
  uid: string;
  row: Candidate | InterviewNote | SavedView | ScheduledInterview | null;
}

export interface OutboxEntry {
  /** The per-client mutation id: 1, 2, 3… in write order. */
  id: number;
  name: MutationName;
  args: unknown;
  /** The HLC stamp of the write. */
  hlc: string;
  /** When it was written here (ISO); replays use it as "now" so a rebase is deterministic. */
  createdAt: string;
  /** What a person reads in the pending list, e.g. "Edit Ann Lee (phone)". */
  label: string;
  /** How many records it carries (an import chunk: its rows), for progress. */
  count: number;
}

export interface RejectedEntry extends OutboxEntry {
  /** The server's reason. */
  reason: string;
  rejectedAt: string;
}

/** One import run of the dialog on this device (its files), for the Recent imports list and its Undo. */
export interface ImportRecord {
  /** A uid made when the run starts. */
  id: string;
  /** When the run started (ISO). */
  startedAt: string;
  /** The files' names, in the order imported. */
  files: string[];
  created: number;
  updated: number;
  /** The stamps of the run's candidates.import mutations. */
  stamps: string[];
  /** When it was undone here (ISO), or null. */
  undoneAt: string | null;
  /** What its Undo changed, and what it kept because it was changed since (names and fields, the first ones). */
  undo: { removed: number; restored: number; kept: Array<{ uid: string; name: string; fields: string[] }>; keptCount: number } | null;
}

/** What one transaction of an import did to candidates (features/import/import-history.ts). */
export interface ImportBatch {
  importId: string;
  seq: number;
  items: UndoImportItem[];
}

/** A page of own-row confirmations not yet given to its rows (sync/confirmations.ts). */
export interface ConfirmationPage {
  /** Recorded in order: a later page's confirmation of a uid replaces an earlier one's. */
  seq?: number;
  confirmations: OwnRowConfirmation[];
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export const DEFAULT_DB_NAME = 'rephire';
/** The newest schema version declared below (a later app version appends the next one). */
export const LATEST_DB_VERSION = 15;

/** The first version's tables, as it landed (the upgrade test opens a device at this version). */
export const VERSION_1_STORES = {
  candidates: 'uid, emailKey, status, appliedDate, updatedAt',
  experiences: 'uid, candidateUid',
  interviewNotes: 'uid, [candidateUid+day], day',
  serverRows: '[kind+uid]',
  outbox: 'id',
  rejected: 'id',
  meta: 'key',
} as const;

/**
 * Writes rows an upgrade read back as they are, PUT_SLICE_ROWS at a time, so that the stored form
 * (stored-candidate.ts) gives them what the version adds.
 */
async function rewriteInSlices(candidates: Table<LocalCandidate, string>, rows: LocalCandidate[]): Promise<void> {
  for (let from = 0; from < rows.length; from += PUT_SLICE_ROWS) await candidates.bulkPut(rows.slice(from, from + PUT_SLICE_ROWS));
}

export class RepHireDb extends Dexie {
  candidates!: Table<LocalCandidate, string>;
  experiences!: Table<Experience, string>;
  interviewNotes!: Table<InterviewNote, string>;
  savedViews!: Table<SavedView, string>;
  scheduledInterviews!: Table<ScheduledInterview, string>;
  imports!: Table<ImportRecord, string>;
  importBatches!: Table<ImportBatch, [string, number]>;
  serverRows!: Table<ServerRow, [RowKind, string]>;
  outbox!: Table<OutboxEntry, number>;
  rejected!: Table<RejectedEntry, number>;
  meta!: Table<MetaRow, string>;
  confirmations!: Table<ConfirmationPage, number>;
  /** Candidates in blocks, read only through `candidates` (candidate-blocks.ts). */
  candidateBlocks!: Table<{ n: number }, number>;
  /** The candidates in memory, kept in step with the table (candidate-mirror/); loaded when first opened. */
  readonly candidateMirror: CandidateMirror;

  constructor(name = DEFAULT_DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    // Announces committed candidate writes to the mirror, here and in other tabs (candidate-mirror/change-feed.ts).
    this.use(candidateChangesMiddleware);
    // Keeps candidates in a smaller stored form, below every other layer (stored-candidate.ts).
    this.use(candidateStorageMiddleware);
    // Keeps the rows a new device pulls in blocks, read as rows of the candidates table (candidate-blocks.ts).
    this.use(candidateBlocksMiddleware);
    this.candidateMirror = mirrorOf(this);
    this.version(1).stores(VERSION_1_STORES);
    // appliedDate and updatedAt indexes dropped (nothing queries them); candidates made here get localOnly.
    this.version(2)
      .stores({ candidates: CANDIDATE_INDEXES_V2 })
      .upgrade((tx) =>
        tx
          .table<LocalCandidate>('candidates')
          .toCollection()
          .modify((row) => {
            if (row.id === null || row.id === undefined) row.localOnly = 1;
          }),
      );
    // Saved views of the Candidates page.
    this.version(3).stores({ savedViews: 'uid' });
    // The device's recent imports and what each did, for their Undo (features/import/import-history.ts).
    this.version(4).stores({ imports: 'id, startedAt', importBatches: '[importId+seq]' });
    // Scheduled interviews.
    this.version(5).stores({ scheduledInterviews: 'uid, candidateUid, date' });
    // The sync counters' meta keys take the protocol's names, keeping their values (without
    // processedThrough the device would send its whole outbox again).
    this.version(6)
      .stores({})
      .upgrade(async (tx) => {
        const meta = tx.table<MetaRow, string>('meta');
        const renamed: Array<[string, MetaKey]> = [
          ['pushedThrough', 'processedThrough'],
          ['lastMutationId', 'includedThrough'],
        ];
        for (const [from, to] of renamed) {
          const row = await meta.get(from);
          if (!row) continue;
          await meta.put({ key: to, value: row.value });
          await meta.delete(from);
        }
      });
    // The first mutation of each candidate's run of pending own writes (dexie-rows.ts), so the rebase
    // finds a row an included change wrote and the pull did not confirm without reading every row still
    // being sent (sync/rebase.ts).
    this.version(7).stores({ candidates: CANDIDATE_INDEXES_V7 });
    // The whole run instead of its first mutation: the pull checks confirmations by it.
    this.version(8).stores({ candidates: CANDIDATE_INDEXES_V8 });
    // Pages of own-row confirmations, until the round that pulled them gives them to their rows.
    this.version(9).stores({ confirmations: '++seq' });
    // Each entry's id with its record count (OUTBOX_RECORDS_INDEX): the push counts what it will send
    // from the index's keys instead of reading every entry (an import's carry 1,000 rows each). And the
    // uid its arguments name (OUTBOX_SUBJECT_INDEX): interview mode asks for its interview's entries.
    this.version(10).stores({ outbox: `id, ${OUTBOX_RECORDS_INDEX}, ${OUTBOX_SUBJECT_INDEX}` });
    // Candidates in their stored form (stored-candidate.ts). Nothing to rewrite: rows stored in full are
    // read as they are. The version closes the database in a tab still running an earlier version
    // (versionchange: sync/engine.ts), whose code would take a row in the stored form for a broken one.
    this.version(11).stores({});
    // localOnly and the run of own writes share one index entry, the stored row's `r` (OWN_RUN_INDEX).
    // Rows stored with either before (in full, or in version 11's form) are written again to get it.
    this.version(12)
      .stores({ candidates: CANDIDATE_INDEXES_V12 })
      .upgrade(async (tx) => {
        const candidates = tx.table<LocalCandidate, string>('candidates');
        await rewriteInSlices(candidates, await candidates.filter((row) => row.localOnly === 1 || row.ownWrites !== undefined).toArray());
      });
    // The Interviews page's candidates by a sparse index (IN_INTERVIEW_INDEX) instead of every row's
    // status: the status index held an entry for each row, a tenth to a fifth more of the backend's CPU
    // to write a pulled row (bench:stored-row), for one query. The rows in interview are written again,
    // found by the status index, which version 14 then drops (Dexie drops an index before the upgrade
    // runs).
    this.version(13)
      .stores({ candidates: CANDIDATE_INDEXES_V13 })
      .upgrade(async (tx) => {
        const candidates = tx.table<LocalCandidate, string>('candidates');
        await rewriteInSlices(candidates, await candidates.where('status').equals('interview').toArray());
      });
    this.version(14).stores({ candidates: CANDIDATE_INDEXES });
    // Pulled candidates kept in blocks (candidate-blocks.ts): nothing to move, rows stored a record each
    // stay where they are and are read as before.
    this.version(LATEST_DB_VERSION).stores({ [BLOCKS_TABLE]: 'n' });
  }
}

/** The tables a synced-row write touches (repos and rebase take all of them in one transaction). */
export function rowTables(db: RepHireDb) {
  return [db.candidates, db.interviewNotes, db.savedViews, db.scheduledInterviews, db.serverRows, db.outbox, db.meta, db.imports, db.importBatches, db.confirmations] as const;
}

/** Every table: used to wipe the device. */
export function allTables(db: RepHireDb) {
  return [
    db.candidates,
    db.experiences,
    db.interviewNotes,
    db.savedViews,
    db.scheduledInterviews,
    db.serverRows,
    db.outbox,
    db.rejected,
    db.meta,
    db.imports,
    db.importBatches,
    db.confirmations,
  ] as const;
}

/** The indexed email: two candidates are the same person when these are equal (DECISIONS, Candidates). */
export const emailKey = normalizeEmail;

/** Every field's clock as the one stamp they share, when they do (shared/sync/shared-clocks.ts); else the clocks. */
export function compactClocks(clocks: Candidate['fieldClocks']): Candidate['fieldClocks'] | string {
  return sharedStamp(clocks) ?? clocks;
}

/** A stored row's clocks as the record's (see fromLocalCandidate): a stamp is every LWW field's clock. */
const expandClocks = (clocks: LocalCandidate['fieldClocks']): Candidate['fieldClocks'] => (typeof clocks === 'string' ? clocksOfStamp(clocks) : clocks);

export function toLocalCandidate(candidate: Candidate): LocalCandidate {
  const local: LocalCandidate = { ...candidate, fieldClocks: compactClocks(candidate.fieldClocks), emailKey: emailKey(candidate.email) };
  if (candidate.id === null) local.localOnly = 1;
  // Stored rows get it from their status anyway (stored-candidate.ts); here it tells Dexie's live
  // queries which index entries a write changes, so the Interviews page sees a candidate move in.
  if (inInterviewKey(candidate.status)) local.inInterview = 1;
  return local;
}

/** The texts fromLocalCandidate shares (text-pool.ts). */
const fieldTexts = new TextPool();
const appliedDates = new TextPool();
const statusTimes = new RecentText();
const createdTimes = new RecentText();
const updatedTimes = new RecentText();

/**
 * The shared shape, without the device's index fields. Built as an object literal naming every field:
 * the candidate mirror keeps one per row, and V8 stores a literal's properties in place, where the rest
 * of a destructuring (the way this was written before) made a hash-table object. Measured in Node for
 * 100,000 rows (`--expose-gc`, heap used): 848 bytes per candidate that way, 296 this way, so a mirror of
 * 200,000 rows holds about 110 MB less for each garbage collection to go through. The fields with few
 * distinct values and the timestamps share one copy of each text (text-pool.ts).
 */
export function fromLocalCandidate(local: LocalCandidate): Candidate {
  const candidate: Candidate = {
    id: local.id,
    uid: local.uid,
    name: local.name,
    email: local.email,
    phone: local.phone,
    location: fieldTexts.share(local.location),
    status: fieldTexts.share(local.status),
    appliedDate: appliedDates.share(local.appliedDate),
    statusChangedAt: statusTimes.share(local.statusChangedAt),
    source: fieldTexts.share(local.source),
    experience: fieldTexts.share(local.experience),
    skills: fieldTexts.share(local.skills),
    notes: local.notes,
    userId: local.userId,
    fieldClocks: expandClocks(local.fieldClocks),
    createdAt: createdTimes.share(local.createdAt),
    updatedAt: updatedTimes.share(local.updatedAt),
    deletedAt: local.deletedAt,
  };
  return candidate;
}

/**
 * fromLocalCandidate for a new version of `earlier`: each of the texts a candidate holds alone (uid,
 * name, email, phone, notes) that reads the same is earlier's string, not the copy the read made, so
 * the copy dies young and the strings held in memory stay the ones already there.
 */
export function fromLocalCandidateAfter(local: LocalCandidate, earlier: Candidate): Candidate {
  const candidate = fromLocalCandidate(local);
  if (candidate.uid === earlier.uid) candidate.uid = earlier.uid;
  if (candidate.name === earlier.name) candidate.name = earlier.name;
  if (candidate.email === earlier.email) candidate.email = earlier.email;
  if (candidate.phone === earlier.phone) candidate.phone = earlier.phone;
  if (candidate.notes === earlier.notes) candidate.notes = earlier.notes;
  return candidate;
}
