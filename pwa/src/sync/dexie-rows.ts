/**
 * The Dexie side of the mutations' store (shared/mutations/store.ts). Every write first keeps the server's version of a row the first time a
 * pending change touches it (a `serverRows` entry; `row: null` for a row made here), so a rebase can
 * put server truth back and replay the outbox on top. A candidate the write itself creates gets no
 * entry: it is stored `localOnly`, which the rebase removes anyway, and a pulled version of it (the
 * server applied its creation, the only change pending on it) can replace it at once. An interview
 * note, saved view or scheduled interview made here still gets a "none" entry. Must run inside a rw transaction over
 * candidates, interviewNotes, savedViews, scheduledInterviews and serverRows.
 *
 * Email lookups: before the transaction writes any candidate, the database's candidate mirror answers
 * them when it holds exactly what the table holds (db/candidate-mirror/: the write version read here
 * is the one it is at); otherwise the emailKey index is read, one request per email, sent together (a
 * cursor over the index would wait for each step in turn). A candidate write the transaction made
 * before (through another path: a rebase's revert) has counted itself in that version by the time it
 * resolved, so the mirror, a version behind, declines. Answers are remembered for the rest of the
 * transaction and kept true as it writes candidates through this access, so an import's default-source
 * rule and its merge share one lookup.
 *
 * Own writes: each candidate written here records the run of pending mutations that wrote it on top of
 * its server version (`ownWrites`: first and last mutation id, how many), for the pull to check a
 * confirmation against (pull.ts). The caller says which mutation writes (`writing`); a write without
 * one marks the run as never confirmable. A server version put back (rebase) or pulled carries no run.
 * A stored row reads as confirmed while a kept confirmation holds for it (confirmations.ts): its server
 * copy is then the row itself, and its next write starts a new run.
 */
import type { Table } from 'dexie';
import { StringMap, StringSet } from '@shared/candidates/string-map';
import type { Candidate, InterviewNote } from '@shared/schemas/candidate.schema';
import type { SavedView } from '@shared/schemas/saved-view.schema';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import { emailKey, fromLocalCandidate, toLocalCandidate, type LocalCandidate, type OwnWrites, type RepHireDb, type RowKind } from '@/db/database';
import { indexedEmailKeys } from '@/db/email-lookups';
import { getMeta } from '@/db/meta';
import { candidateWriteSlices } from '@/db/write-slices';
import type { MutationStore } from '@shared/mutations/store';
import { keepsConfirmations, readAsConfirmed } from './confirmations';

async function keepServerCopies<T>(
  db: RepHireDb,
  kind: RowKind,
  uids: string[],
  read: Table<T, string> | ((uids: string[]) => Array<T | undefined>),
  serverVersion: (row: T | undefined) => Candidate | InterviewNote | SavedView | ScheduledInterview | null | undefined,
): Promise<void> {
  const markers = await db.serverRows.bulkGet(uids.map((uid) => [kind, uid] as [RowKind, string]));
  const untouched = uids.filter((_, i) => !markers[i]);
  if (!untouched.length) return;
  const current = typeof read === 'function' ? read(untouched) : await read.bulkGet(untouched);
  const copies = untouched.flatMap((uid, i) => {
    const row = serverVersion(current[i]);
    return row === undefined ? [] : [{ kind, uid, row }];
  });
  if (copies.length) await db.serverRows.bulkAdd(copies);
}

/**
 * The server version to keep for a stored candidate a write changes: the row as pulled, or "none" for
 * a row made here; nothing for a row this write creates.
 */
const candidateServerVersion = (row: LocalCandidate | undefined) => (row ? (row.id === null ? null : fromLocalCandidate(row)) : undefined);
/** An interview note's: "none" (null) when it is new here, so the rebase removes it. */
const noteServerVersion = (row: InterviewNote | undefined) => row ?? null;
/** A saved view's likewise. */
const viewServerVersion = (row: SavedView | undefined) => row ?? null;
/** A scheduled interview's likewise. */
const interviewServerVersion = (row: ScheduledInterview | undefined) => row ?? null;

/** The live ones of stored rows, in the shared shape. */
function live(rows: Array<LocalCandidate | undefined>): Candidate[] {
  return rows.flatMap((row) => (row && !row.deletedAt ? [fromLocalCandidate(row)] : []));
}

/** Where the candidate `uid` is in an email's list, or -1. */
const indexOfUid = (list: readonly Candidate[], uid: string) => list.findIndex((other) => other.uid === uid);

/**
 * Live candidates by email key, as known in this transaction (see the module comment); keyed without
 * V8's hash tables, as the candidate mirror keeps these uids and emails (string-map.ts). Each email
 * looked up holds a plain array of its candidates (nearly always none or one): a StringMap per email
 * was six objects more for each of an import's 1,000 rows per mutation, most of them kept past a
 * collection by the transaction they served.
 */
class EmailMemo {
  private readonly byKey = new StringMap<Candidate[]>();
  private readonly keyOf = new StringMap<string>();

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** What a lookup found for `keys` (every one of them gets an entry, empty when none). */
  remember(keys: readonly string[], found: readonly Candidate[]) {
    for (const key of keys) if (!this.byKey.has(key)) this.byKey.set(key, []);
    for (const candidate of found) this.place(candidate);
  }

  /** A written row: out of the entry it was in, into its email's entry when known and live. */
  written(candidate: Candidate) {
    const before = this.keyOf.get(candidate.uid);
    if (before !== undefined) {
      const list = this.byKey.get(before)!;
      const at = indexOfUid(list, candidate.uid);
      if (at >= 0) list.splice(at, 1);
    }
    this.keyOf.delete(candidate.uid);
    if (!candidate.deletedAt && this.byKey.has(emailKey(candidate.email))) this.place(candidate);
  }

  get(keys: readonly string[]): Candidate[] {
    return [...new StringSet(keys)].flatMap((key) => this.byKey.get(key) ?? []);
  }

  /** Into its email's list: in the place of the version there before, else last. */
  private place(candidate: Candidate) {
    const key = emailKey(candidate.email);
    const list = this.byKey.get(key)!;
    const at = indexOfUid(list, candidate.uid);
    if (at >= 0) list[at] = candidate;
    else list.push(candidate);
    this.keyOf.set(candidate.uid, key);
  }
}

/** The next run of own writes after `run` when mutation `mutationId` writes the row (see the module comment). */
export function nextOwnWrites(run: OwnWrites | undefined, mutationId: number | undefined): OwnWrites {
  if (mutationId === undefined) return { from: 0, through: 0, count: 0 };
  if (!run) return { from: mutationId, through: mutationId, count: 1 };
  if (run.through === mutationId) return run;
  return { from: run.from, through: mutationId, count: run.count + 1 };
}

export interface DexieRows extends MutationStore {
  /** The outbox id of the mutation whose writes follow (for the rows' own writes). */
  writing(mutationId: number): void;
  /**
   * Resolves when every candidate put so far is written (rejects with the first failure). putCandidates
   * returns with its last slice still on its way; reads in the transaction see it all the same
   * (IndexedDB answers a transaction's requests in order), but the writer must settle before it ends.
   */
  settle(): Promise<void>;
}

export function dexieRows(db: RepHireDb): DexieRows {
  const memo = new EmailMemo();
  let mutationId: number | undefined;
  /** Whether this access wrote a candidate yet (the mirror knows only what is committed). */
  let wrote = false;
  /** The last slice of candidates sent and not yet known to be written, and the first write that failed. */
  let writes: Promise<void> | null = null;
  let failure: unknown;
  async function settle(): Promise<void> {
    await writes;
    writes = null;
    if (failure !== undefined) throw failure;
  }
  /**
   * When a read of candidates last answered the mutation (performance.now()): it goes on from there in
   * the same task, so its writes' first slice counts the work done since (putCandidates).
   */
  let resumedAt: number | undefined;
  /** Whether own-row confirmations are kept (read once: the transaction's scope holds their table). */
  let keeping: Promise<boolean> | undefined;

  /** Stored rows as they read, confirmed where a kept confirmation holds (confirmations.ts). */
  const asStored = <T extends LocalCandidate | undefined>(rows: T[]) => readAsConfirmed(db, rows, (keeping ??= keepsConfirmations(db)));

  async function lookUp(keys: string[]): Promise<Candidate[]> {
    // A mirror not loaded cannot answer: the version is not worth reading then.
    if (!wrote && db.candidateMirror.ready) {
      const found = db.candidateMirror.liveCandidatesByEmail(keys, await getMeta(db, 'candidatesVersion'));
      // It holds the rows as stored: while confirmations are kept, the few it finds are read as they read.
      if (found && (!found.length || !(await (keeping ??= keepsConfirmations(db))))) return found;
      if (found) return live(await asStored(await db.candidates.bulkGet(found.map((row) => row.uid))));
    }
    const present = await indexedEmailKeys(db, keys);
    return live(present.length ? await asStored(await db.candidates.where('emailKey').anyOf(present).toArray()) : []);
  }

  return {
    writing(id) {
      mutationId = id;
    },
    settle,
    async getCandidates(uids) {
      const rows = (await asStored(await db.candidates.bulkGet([...uids]))).map((row) => row && fromLocalCandidate(row));
      resumedAt = performance.now();
      return rows;
    },
    async liveCandidatesByEmail(keys) {
      const unknown = [...new StringSet(keys.filter((key) => !memo.has(key)))];
      if (unknown.length) memo.remember(unknown, await lookUp(unknown));
      resumedAt = performance.now();
      return memo.get(keys);
    },
    async putCandidates(rows, created) {
      wrote = true;
      // A uid the mutation creates has no stored row to keep a copy of: nothing to read.
      const others = created.size ? rows.filter((row) => !created.has(row.uid)) : rows;
      // Server copies and the runs of own writes are read before the rows change.
      const stored = new StringMap<LocalCandidate | undefined>();
      if (others.length) {
        const uids = others.map((row) => row.uid);
        (await asStored(await db.candidates.bulkGet(uids))).forEach((row, i) => stored.set(uids[i]!, row));
        await keepServerCopies(db, 'candidate', uids, (wanted) => wanted.map((uid) => stored.get(uid)), candidateServerVersion);
      }
      const local = (row: Candidate): LocalCandidate => ({ ...toLocalCandidate(row), ownWrites: nextOwnWrites(stored.get(row.uid)?.ownWrites, mutationId) });
      // A slice per task (the browser may render between them), ended when its time is up
      // (write-slices.ts). Each slice waits for the one before it only: the database always has the
      // next one queued. The task's earlier work counts against a slice's time: with nothing read
      // here, the task began where the mutation last heard from this store (an import's batch of
      // 1,000 merged in it: 25–50 ms), and the second slice goes out in the first one's task.
      let taskStartedAt = others.length ? performance.now() : resumedAt;
      for (let from = 0; from < rows.length; ) {
        const { to, written } = candidateWriteSlices.send(rows, from, (step) => db.candidates.bulkPut(step.map(local)), taskStartedAt);
        from = to;
        const waits = writes !== null;
        await settle();
        if (waits) taskStartedAt = performance.now(); // the slice before answered: a task of its own
        writes = written.then(
          () => {},
          (error: unknown) => void (failure ??= error),
        );
      }
      for (const row of rows) memo.written(row);
    },
    getInterviewNote(uid) {
      return db.interviewNotes.get(uid);
    },
    async liveInterviewNoteFor(candidateUid, day) {
      const notes = await db.interviewNotes.where('[candidateUid+day]').equals([candidateUid, day]).toArray();
      return notes.find((note) => !note.deletedAt);
    },
    async putInterviewNote(row) {
      await keepServerCopies(db, 'interviewNote', [row.uid], db.interviewNotes, noteServerVersion);
      await db.interviewNotes.put(row);
    },
    async interviewNotesOf(candidateUid) {
      return (await db.interviewNotes.where('candidateUid').equals(candidateUid).toArray()).filter((note) => !note.deletedAt);
    },
    getSavedView(uid) {
      return db.savedViews.get(uid);
    },
    async putSavedView(row) {
      await keepServerCopies(db, 'savedView', [row.uid], db.savedViews, viewServerVersion);
      await db.savedViews.put(row);
    },
    getScheduledInterview(uid) {
      return db.scheduledInterviews.get(uid);
    },
    async putScheduledInterview(row) {
      await keepServerCopies(db, 'scheduledInterview', [row.uid], db.scheduledInterviews, interviewServerVersion);
      await db.scheduledInterviews.put(row);
    },
    async scheduledInterviewsOf(candidateUid) {
      return (await db.scheduledInterviews.where('candidateUid').equals(candidateUid).toArray()).filter((row) => !row.deletedAt);
    },
    // The team is the server's to know: offline, the form offers the team it last fetched.
    async isTeamMember() {
      return true;
    },
    // So are the scorecard's criteria: the device's copy may be older than the server's.
    async scorecardCriterionIds() {
      return null;
    },
    // The history is the server's (candidate_events): a device keeps none.
    recordEvents() {},
  };
}
