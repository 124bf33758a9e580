/**
 * Rebase: the end of a pull. In ONE Dexie transaction it
 *   1. (after a reset) forgets rows the full pull did not return,
 *   2. gives the rows the pull confirmed their server ids (confirmations.ts), puts the server's version
 *      back on every row pending changes touched (serverRows), and removes
 *      the rows the server has none of (candidates made here, `localOnly`; notes whose copy is "none")
 *      — a record created here whose creating mutation the server merged into another record (an
 *      import row with a known email) disappears this way,
 *   3. drops the outbox entries the pull says are included in server truth (id ≤ includedThrough),
 *   4. replays the remaining entries, in order, with the shared merge functions.
 * Steps 2 and 4 run only when they could change a row: a pulled row or an erasure touched pending
 * changes (`needsRebase`), a reset, or an included change left a trace the pull did not clear
 * (includedLeftTraces).
 * Screens see one change, never a state without their pending edits. Entries the server rejected were
 * already moved out of the outbox, so step 2 removes their optimistic effect and step 4 skips them.
 */
import { StringSet } from '@shared/candidates/string-map';
import type { Candidate, InterviewNote } from '@shared/schemas/candidate.schema';
import type { SavedView } from '@shared/schemas/saved-view.schema';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import { rowTables, toLocalCandidate, type RepHireDb, type RowKind, type ServerRow } from '@/db/database';
import { holdersOfRun, madeHere, ownRunKey, runsStartedBy } from '@/db/own-writes-index';
import { getMeta, setMeta } from '@/db/meta';
import { allKeptConfirmations, confirms, giveConfirmations, type CheckedRuns } from './confirmations';
import { replayOutbox } from './outbox';

/**
 * Uids a full pull returned (after `reset: true`): StringSets, as every uid of the device goes in and
 * the stored rows keep them (a Set would put them in V8's string table: string-map.ts).
 */
export interface SeenRows {
  candidates: StringSet;
  interviewNotes: StringSet;
  experiences: StringSet;
  savedViews: StringSet;
  scheduledInterviews: StringSet;
}

export function emptySeenRows(): SeenRows {
  return { candidates: new StringSet(), interviewNotes: new StringSet(), experiences: new StringSet(), savedViews: new StringSet(), scheduledInterviews: new StringSet() };
}

export interface RebaseInput {
  /** The pull's includedThrough. */
  includedThrough: number;
  /** The pull's processedThrough. */
  processedThrough: number;
  /** The cursor to keep, saved with the result (null keeps the stored one). */
  cursor: string | null;
  /** Set after a reset: every row not in it is gone from the server. */
  seen: SeenRows | null;
  /** The runs of own writes the pull checked, and their rows it did not confirm (confirmations.ts, CheckedRuns). */
  checked?: CheckedRuns;
}

export interface RebaseResult {
  dropped: number;
  replayed: number;
  /** False when nothing could have changed, so the rows were left alone. */
  rebased: boolean;
}

async function forgetUnseen(db: RepHireDb, seen: SeenRows): Promise<void> {
  const goneCandidates = (await db.candidates.toCollection().primaryKeys()).filter((uid) => !seen.candidates.has(uid));
  const goneNotes = (await db.interviewNotes.toCollection().primaryKeys()).filter((uid) => !seen.interviewNotes.has(uid));
  const goneExperiences = (await db.experiences.toCollection().primaryKeys()).filter((uid) => !seen.experiences.has(uid));
  await db.candidates.bulkDelete(goneCandidates);
  await db.interviewNotes.bulkDelete(goneNotes);
  await db.experiences.bulkDelete(goneExperiences);
  await db.savedViews.bulkDelete((await db.savedViews.toCollection().primaryKeys()).filter((uid) => !seen.savedViews.has(uid)));
  await db.scheduledInterviews.bulkDelete((await db.scheduledInterviews.toCollection().primaryKeys()).filter((uid) => !seen.scheduledInterviews.has(uid)));
  // Touched rows the server no longer has: their server copy is now "none".
  await db.serverRows
    .filter((marker) => !seen[SEEN_OF[marker.kind]].has(marker.uid))
    .modify({ row: null });
}

const SEEN_OF = { candidate: 'candidates', interviewNote: 'interviewNotes', savedView: 'savedViews', scheduledInterview: 'scheduledInterviews' } as const;

const BATCH = 2000;

/**
 * Removes the candidates the server never sent, puts the server's versions back on every touched row
 * and forgets the copies — in batches inside the caller's transaction, so a huge import's worth of
 * copies never sits in memory at once.
 */
async function revertToServer(db: RepHireDb): Promise<void> {
  // First: a copy below may be the server's version of such a row (the server sent it meanwhile).
  await db.candidates.bulkDelete(await madeHere(db).primaryKeys());
  let after: [RowKind, string] | null = null;
  for (;;) {
    const page: ServerRow[] = await (after ? db.serverRows.where(':id').above(after) : db.serverRows.toCollection())
      .limit(BATCH)
      .toArray();
    if (!page.length) break;
    const candidates = page.filter((m) => m.kind === 'candidate');
    const notes = page.filter((m) => m.kind === 'interviewNote');
    await db.candidates.bulkDelete(candidates.filter((m) => !m.row).map((m) => m.uid));
    await db.candidates.bulkPut(candidates.filter((m) => m.row).map((m) => toLocalCandidate(m.row as Candidate)));
    await db.interviewNotes.bulkDelete(notes.filter((m) => !m.row).map((m) => m.uid));
    await db.interviewNotes.bulkPut(notes.filter((m) => m.row).map((m) => m.row as InterviewNote));
    const views = page.filter((m) => m.kind === 'savedView');
    await db.savedViews.bulkDelete(views.filter((m) => !m.row).map((m) => m.uid));
    await db.savedViews.bulkPut(views.filter((m) => m.row).map((m) => m.row as SavedView));
    const interviews = page.filter((m) => m.kind === 'scheduledInterview');
    await db.scheduledInterviews.bulkDelete(interviews.filter((m) => !m.row).map((m) => m.uid));
    await db.scheduledInterviews.bulkPut(interviews.filter((m) => m.row).map((m) => m.row as ScheduledInterview));
    const last: ServerRow = page[page.length - 1]!;
    after = [last.kind, last.uid];
  }
  await db.serverRows.clear();
}

/**
 * Whether a change the pull says is included left anything on the device that is still only the
 * device's: a touched row other than a candidate (interview notes, saved views and scheduled interviews
 * record no writer, so any is taken as one), or a candidate an included mutation wrote (its run of own
 * writes starts at or before includedThrough) that the pull neither confirmed nor sent in full — the
 * server merged it into another record, or found nothing to change. A confirmed candidate holds its
 * kept confirmation (confirmations.ts) and has lost its server copy; one sent in full has lost its run
 * and flagged `needsRebase` already. Runs are indexed by their first mutation (OWN_RUN_INDEX), so rows
 * still being sent are not read.
 *
 * Of a run the pull checked (`checked`), only the rows it did not confirm are looked up: after an
 * import, none, where reading every kept confirmation and every run's rows took 0.6 s between the
 * last page and "Synced" (bench:import's online run, 27 November 2026). A row confirmed by an earlier
 * pull, not yet given its id, is among them and found in the kept confirmations.
 */
async function includedLeftTraces(db: RepHireDb, includedThrough: number, checked: CheckedRuns | undefined): Promise<boolean> {
  const markers = (await db.serverRows.toCollection().primaryKeys()) as Array<[RowKind, string]>;
  if (markers.some(([kind]) => kind !== 'candidate')) return true;
  // The runs first (one step per run: an import's rows share one per mutation), then each one's rows.
  const runs = (await runsStartedBy(db, includedThrough))
    .map((run) => ({ run, open: checked?.get(ownRunKey(run).join()) }))
    .filter(({ open }) => open === undefined || open.size > 0);
  if (!runs.length) return false;
  // Each run's rows are checked as their answer comes, each in a task of its own: all of them at once
  // (100,000 rows after an import) were one task of 150–250 ms.
  const kept = await allKeptConfirmations(db);
  const left = await Promise.all(
    runs.map(({ run, open }) => holdersOfRun(db, run).then((uids) => uids.some((uid) => (!open || open.has(uid)) && !confirms(kept.get(uid), run)))),
  );
  return left.includes(true);
}

export async function rebase(db: RepHireDb, input: RebaseInput): Promise<RebaseResult> {
  return db.transaction('rw', [...rowTables(db), db.experiences], async () => {
    const acknowledged = await db.outbox.where('id').belowOrEqual(input.includedThrough).count();
    const needsRebase = await getMeta(db, 'needsRebase');
    // Otherwise undoing and replaying would give the same rows: skip the work. Pending entries of an
    // import still being sent are many; replaying them after every pull would write their rows again.
    const rebased = needsRebase || input.seen !== null || (acknowledged > 0 && (await includedLeftTraces(db, input.includedThrough, input.checked)));
    await db.outbox.where('id').belowOrEqual(input.includedThrough).delete();
    let replayed = 0;
    if (rebased) {
      if (input.seen) await forgetUnseen(db, input.seen);
      // Confirmed rows first take their server ids: the revert would take one without for a row made here.
      await giveConfirmations(db, await db.confirmations.toArray());
      await revertToServer(db);
      // Replayed in id order, a few entries at a time (an import entry carries up to 1,000 rows).
      let after = input.includedThrough;
      for (;;) {
        const entries = await db.outbox.where('id').above(after).limit(50).toArray();
        if (!entries.length) break;
        await replayOutbox(db, entries);
        replayed += entries.length;
        after = entries[entries.length - 1]!.id;
      }
    }
    if (input.cursor !== null) await setMeta(db, 'cursor', input.cursor);
    await setMeta(db, 'includedThrough', input.includedThrough);
    // Pushes resume after what the server says it has processed — not merely included, which lags while
    // a long transaction holds the horizon back (everything would be pushed again on every sync) — and
    // a restored server that lost some gets them again.
    await setMeta(db, 'processedThrough', Math.max(input.includedThrough, input.processedThrough));
    await setMeta(db, 'needsRebase', false);
    await setMeta(db, 'resyncing', false);
    return { dropped: acknowledged, replayed, rebased };
  });
}
