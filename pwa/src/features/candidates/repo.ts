/**
 * Candidates on the device: every write changes the rows and queues its outbox mutation in one Dexie
 * transaction (sync/outbox.ts), applied with the same merge rules the server uses, then nudges the
 * sync engine. Reads return plain promises, for `useLiveQuery`; the rows in memory are the database's
 * candidate mirror (db/candidate-mirror/).
 * Input is validated with the shared schemas before anything is written; a refused write throws
 * ValidationError/RecordNotFoundError and leaves nothing behind.
 */
import {
  CANDIDATE_LWW_FIELDS,
  candidateFieldsSchema,
  type Candidate,
  type CandidateFieldsInput,
  type CandidateStatus,
  type Experience,
} from '@shared/schemas/candidate.schema';
import { newUid } from '@shared/sync/ids';
import { mutationArgsSchemas, candidateChangesSchema, type CandidateChanges } from '@shared/sync/protocol.schema';
import { appDb } from '@/db/app-db';
import type { LoadedCandidates } from '@/db/candidate-mirror/candidate-mirror';
import { readCandidates, readLiveCandidates } from '@/db/candidate-mirror/database-source';
import { fromLocalCandidate, emailKey, rowTables, type RepHireDb } from '@/db/database';
import { notifyLocalWrite } from '@/db/local-writes';
import { RecordNotFoundError, parseOrThrow } from '@/db/repo-errors';
import { readAsConfirmed } from '@/sync/confirmations';
import { writeMutation, type PreparedMutation } from '@/sync/outbox';
import type { ImportRow, MutationName } from '@shared/sync/protocol.schema';
import { MAX_BULK_ITEMS, type BulkItem } from '@shared/mutations/candidates-bulk';
import { yieldToMain } from '@/lib/yield-to-main';
import { changeLabels } from './change-labels';
import { importCandidateRows, storeCheckedImportRows, type ImportOptions, type ImportResult } from './import-rows';

/** One chunk of a bulk as written: its items and its mutation's stamp (an Undo of a delete names it). */
export interface BulkWrite {
  items: readonly BulkItem[];
  hlc: string;
}

/** Every live candidate, in uid order, and the write version they were read at. */
/** Email keys looked up per index read (one main-thread task each). */
const EMAIL_LOOKUP_KEYS = 2000;

export interface UpdateResult {
  /** The fields that differed from the stored values (only those were queued). */
  changedFields: string[];
}

function sameValue(field: string, current: unknown, next: unknown): boolean {
  if (field === 'appliedDate' && typeof next === 'string' && typeof current === 'string') {
    return new Date(next).toISOString() === new Date(current).toISOString();
  }
  if (field === 'skills' || field === 'notes') return (current ?? '') === (next ?? '');
  return (current ?? null) === (next ?? null);
}

export function createCandidatesRepo(db: RepHireDb) {
  async function liveCandidate(uid: string): Promise<Candidate> {
    const row = await db.candidates.get(uid);
    if (!row || row.deletedAt) throw new RecordNotFoundError('Candidate not found');
    return fromLocalCandidate(row);
  }

  async function write<N extends MutationName>(prepare: () => Promise<PreparedMutation<N> | null>) {
    const result = await writeMutation(db, prepare);
    if (result) notifyLocalWrite(db);
    return result;
  }

  return {
    async createCandidate(input: CandidateFieldsInput): Promise<Candidate> {
      const fields = parseOrThrow(candidateFieldsSchema, input);
      const args = parseOrThrow(mutationArgsSchemas['candidate.create'], { ...fields, uid: newUid() });
      // Read back inside the write's transaction, so the caller has the record the moment it commits:
      // its confirmation ('Candidate Added') comes before the lists' update and their arrival notice.
      return db.transaction('rw', rowTables(db), async () => {
        await write(async () => ({ name: 'candidate.create', args, label: changeLabels.create(args.name) }));
        return liveCandidate(args.uid);
      });
    },

    /**
     * Queues only the fields that differ from the stored candidate; nothing when none do. A notes edit
     * names the text it started from (`notesBase`, default: the stored text), so lines added underneath
     * it meanwhile — here or on another device — are merged, not lost (shared/sync/notes-merge.ts).
     */
    async updateCandidate(uid: string, changes: Partial<CandidateFieldsInput>, { notesBase }: { notesBase?: string } = {}): Promise<UpdateResult> {
      const parsed: CandidateChanges = parseOrThrow(candidateChangesSchema, changes);
      let changedFields: string[] = [];
      await write(async () => {
        const current = await liveCandidate(uid);
        const diff = Object.fromEntries(
          Object.entries(parsed).filter(
            ([field, value]) =>
              (CANDIDATE_LWW_FIELDS as readonly string[]).includes(field) &&
              !sameValue(field, current[field as keyof Candidate], value),
          ),
        ) as CandidateChanges;
        changedFields = Object.keys(diff);
        if (!changedFields.length) return null;
        return {
          name: 'candidate.update',
          args: { uid, changes: diff, ...(diff.notes === undefined ? {} : { notesBase: notesBase ?? current.notes }) },
          label: changeLabels.update(current.name, changedFields),
        };
      });
      return { changedFields };
    },

    /** A status change, with the dated note line the table's dropdown and Turn Down append. */
    async setStatus(uid: string, status: CandidateStatus, noteLine?: string): Promise<void> {
      const args = parseOrThrow(mutationArgsSchemas['candidate.setStatus'], { uid, status, noteLine });
      await write(async () => {
        const current = await liveCandidate(uid);
        if (current.status === args.status && !args.noteLine) return null;
        return { name: 'candidate.setStatus', args, label: changeLabels.setStatus(current.name, args.status) };
      });
    },

    /** Undo of a status change: the status (and its start time) it replaced, and its note line taken out. */
    async undoStatus(uid: string, previous: { status: CandidateStatus; statusChangedAt?: string; noteLine?: string }): Promise<void> {
      const args = parseOrThrow(mutationArgsSchemas['candidate.undoStatus'], { uid, ...previous });
      await write(async () => {
        const current = await liveCandidate(uid);
        return { name: 'candidate.undoStatus', args, label: changeLabels.undoStatus(current.name, args.status) };
      });
    },

    /**
     * One change to many candidates (bulk actions and their Undo): chunks of MAX_BULK_ITEMS, each one
     * candidates.bulk mutation in its own short transaction, with a turn for the browser between them
     * so the page stays responsive through 10,000 rows. `onProgress` hears how many items are done.
     */
    async bulk(items: readonly BulkItem[], label: (count: number) => string, onProgress?: (done: number) => void): Promise<BulkWrite[]> {
      const written: BulkWrite[] = [];
      for (let from = 0; from < items.length; from += MAX_BULK_ITEMS) {
        const chunk = items.slice(from, from + MAX_BULK_ITEMS);
        const args = parseOrThrow(mutationArgsSchemas['candidates.bulk'], { items: chunk });
        const result = await write(async () => ({ name: 'candidates.bulk', args, label: label(chunk.length) }));
        if (result) written.push({ items: chunk, hlc: result.hlc });
        onProgress?.(from + chunk.length);
        await yieldToMain();
      }
      return written;
    },

    async appendNote(uid: string, line: string): Promise<void> {
      const args = parseOrThrow(mutationArgsSchemas['candidate.appendNote'], { uid, line });
      await write(async () => {
        const current = await liveCandidate(uid);
        return { name: 'candidate.appendNote', args, label: changeLabels.appendNote(current.name) };
      });
    },

    /** Deletes a candidate; resolves with the delete's stamp, which its Undo names. */
    async deleteCandidate(uid: string): Promise<string> {
      const args = parseOrThrow(mutationArgsSchemas['candidate.delete'], { uid });
      const result = await write(async () => {
        const current = await liveCandidate(uid);
        return { name: 'candidate.delete', args, label: changeLabels.delete(current.name) };
      });
      return result!.hlc;
    },

    /** Undo of a delete: the candidate back as it was, while the tombstone is still that delete's. */
    async undoDelete(uid: string, deleteHlc: string): Promise<void> {
      const args = parseOrThrow(mutationArgsSchemas['candidate.undoDelete'], { uid, deleteHlc });
      await write(async () => {
        const row = await db.candidates.get(uid);
        if (!row) throw new RecordNotFoundError('Candidate not found');
        return { name: 'candidate.undoDelete', args, label: changeLabels.undoDelete(row.name) };
      });
    },

    /**
     * Imports rows (as parsed from a file): invalid rows are skipped and reported; valid ones are
     * upserted by normalised email as `candidates.import` mutations of at most 1,000 rows, all of one
     * call in one transaction (import-rows.ts); the dialog calls it once per batch the worker reads.
     */
    async importCandidates(rows: readonly unknown[], options: ImportOptions = {}): Promise<ImportResult> {
      return importCandidateRows(db, rows, options, () => notifyLocalWrite(db, 'batch'));
    },

    /** The same for rows that passed checkImportRow already (the spreadsheet worker's batches). */
    async importCheckedRows(rows: readonly ImportRow[], options: ImportOptions = {}): Promise<ImportResult> {
      return storeCheckedImportRows(db, rows, options, () => notifyLocalWrite(db, 'batch'));
    },

    // Reads (for useLiveQuery): deleted candidates are never returned.

    /** With its server id as soon as a pull confirmed it (sync/confirmations.ts; inside a transaction, one over that table too). */
    async getCandidate(uid: string): Promise<Candidate | undefined> {
      const [row] = await readAsConfirmed(db, [await db.candidates.get(uid)]);
      return row && !row.deletedAt ? fromLocalCandidate(row) : undefined;
    },

    /** Several candidates at once, in the order asked; undefined for a missing or deleted one. */
    getCandidates(uids: readonly string[]): Promise<Array<Candidate | undefined>> {
      return readCandidates(db, uids);
    },

    async listCandidates(): Promise<Candidate[]> {
      return (await readLiveCandidates(db)).candidates;
    },

    /** Every live candidate in uid order, and the write version (meta.candidatesVersion) they are at. */
    loadCandidates: (): Promise<LoadedCandidates> => readLiveCandidates(db),

    async findByEmail(email: string): Promise<Candidate[]> {
      const rows = await db.candidates.where('emailKey').equals(emailKey(email)).toArray();
      return rows.filter((row) => !row.deletedAt).map(fromLocalCandidate);
    },

    /** How many of these (distinct, normalised) email keys a live candidate has, read from the email index. */
    async countKnownEmails(keys: readonly string[]): Promise<number> {
      const known = new Set<string>();
      for (let i = 0; i < keys.length; i += EMAIL_LOOKUP_KEYS) {
        const rows = await db.candidates.where('emailKey').anyOf(keys.slice(i, i + EMAIL_LOOKUP_KEYS)).toArray();
        for (const row of rows) if (!row.deletedAt) known.add(row.emailKey);
        await yieldToMain();
      }
      return known.size;
    },

    async countCandidates(): Promise<number> {
      let count = 0;
      for (const row of await db.candidates.toArray()) if (!row.deletedAt) count += 1;
      return count;
    },

    async experiencesFor(candidateUid: string): Promise<Experience[]> {
      const rows = await db.experiences.where('candidateUid').equals(candidateUid).toArray();
      return rows.filter((row) => !row.deletedAt);
    },
  };
}

export type CandidatesRepo = ReturnType<typeof createCandidatesRepo>;

/** The app's repo, over the app's device database. */
export const candidatesRepo: CandidatesRepo = createCandidatesRepo(appDb);
