/**
 * Own-row confirmations kept as pages (the `confirmations` table), not written into the rows at once.
 *
 * A pull that confirms rows this device wrote itself (pull.ts) used to rewrite each one with its server
 * id and timestamps: about 100 µs a row in Chromium, as long as the import had spent writing it, so a
 * 100,000-row import took twice as long to show "Synced" as to import. The pull now keeps each page of
 * confirmations in a few records (keepConfirmations), and the round gives them to their rows once it
 * is synced and nothing waits to be sent (`settleConfirmations`, round.ts), 2,000 rows per transaction,
 * stopping for a change written meanwhile (the next round gives the rest).
 *
 * Meanwhile a row reads as confirmed when a kept confirmation holds for it — the row still carries
 * exactly the run of own writes it confirms (`holds`) — and every reader that decides by a row's id,
 * `localOnly` or run reads it so: the mutations' store (dexie-rows.ts), the rebase (rebase.ts), the
 * pull's email collision check (pull.ts) and the candidate repo's getCandidate (the detail dialog).
 * The candidate list in memory shows the rows as stored until they are given their ids.
 * A write since (an edit, a rebase's revert, a row pulled in full) leaves the row with another run or
 * none, so a confirmation can never be applied to a row it was not about.
 */
import { StringMap, StringSet, type ReadonlyStringMap } from '@shared/candidates/string-map';
import type { OwnRowConfirmation } from '@shared/sync/protocol.schema';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { compactClocks, emailKey, type ConfirmationPage, type LocalCandidate, type OwnWrites, type RepHireDb } from '@/db/database';
import { getMeta } from '@/db/meta';
import { holdersOfRun, ownRunKey } from '@/db/own-writes-index';
import { inInterviewKey } from '@/db/stored-candidate';
import { candidateWriteSlices, putCandidatesInSlices } from '@/db/write-slices';

/** Whether `confirmation` is about `row` as it is: the row holds exactly the confirmed run of own writes. */
export function holds(row: LocalCandidate | undefined, confirmation: OwnRowConfirmation | undefined): row is LocalCandidate {
  return !!row?.ownWrites && confirms(confirmation, row.ownWrites);
}

/** Whether `confirmation` is about exactly this run of own writes. */
export function confirms(confirmation: OwnRowConfirmation | undefined, run: OwnWrites): boolean {
  return !!confirmation && run.from === confirmation.from && run.through === confirmation.through && run.count === confirmation.count;
}

/**
 * A confirmed row: the device's, with the server's id and timestamps and without its run (nor
 * `localOnly`).
 */
export function confirmedRow(row: LocalCandidate, confirmation: OwnRowConfirmation): LocalCandidate {
  return confirmedFields(row, row.fieldClocks, row.emailKey, confirmation);
}

/**
 * The same for a candidate as the candidate mirror holds it, whose stored row holds the confirmed run
 * (confirmedFromMirror): what confirmedRow makes of that stored row, without making the stored row first.
 * After a 100,000-row import that row was two objects more per row, garbage at once.
 */
export function confirmedCandidate(candidate: Candidate, confirmation: OwnRowConfirmation): LocalCandidate {
  return confirmedFields(candidate, compactClocks(candidate.fieldClocks), emailKey(candidate.email), confirmation);
}

/**
 * An object literal naming every field, as fromLocalCandidate builds (database.ts): the rest of a
 * destructuring made a hash-table object about three times the size, and the id settle after a
 * 100,000-row import makes one per row, each kept until its transaction commits and the mirror has
 * taken it in: part of what the old generation collects in the settle's pauses (130–440 ms seen).
 * A row in interview gets its index key after the literal, as toLocalCandidate gives it (database.ts).
 */
function confirmedFields(
  row: Omit<LocalCandidate, 'fieldClocks' | 'emailKey'>,
  fieldClocks: LocalCandidate['fieldClocks'],
  key: string,
  { id, createdAt, updatedAt, deletedAt }: OwnRowConfirmation,
): LocalCandidate {
  const local: LocalCandidate = {
    id,
    uid: row.uid,
    name: row.name,
    email: row.email,
    phone: row.phone,
    location: row.location,
    status: row.status,
    appliedDate: row.appliedDate,
    statusChangedAt: row.statusChangedAt,
    source: row.source,
    experience: row.experience,
    skills: row.skills,
    notes: row.notes,
    userId: row.userId,
    fieldClocks,
    createdAt,
    updatedAt,
    deletedAt,
    emailKey: key,
  };
  if (inInterviewKey(row.status)) local.inInterview = 1;
  return local;
}

/**
 * Each confirmation's run as one text (ownRunKey joined), made once for each stretch of confirmations
 * of the same run: an import's confirmations come a few runs in all, one after another.
 */
export function runIdsOf(confirmations: readonly OwnRowConfirmation[]): string[] {
  let last: OwnRowConfirmation | undefined;
  let id = '';
  return confirmations.map((confirmation) => {
    if (!last || !confirms(last, confirmation)) id = ownRunKey(confirmation).join();
    last = confirmation;
    return id;
  });
}

/**
 * What one pull found of the runs of own writes it checked through the run index (runsHold), by run
 * (ownRunKey joined): the rows holding the run that none of its pages has confirmed yet. A row takes a
 * run only when the run's last mutation writes it, and the pull asks for runs already sent, so no row
 * joins a run once it is checked: a run whose set ends empty has every row it holds confirmed. The
 * rebase at the end of the pull reads only the rest (rebase.ts, includedLeftTraces).
 */
export type CheckedRuns = Map<string, StringSet>;

/**
 * Whether every confirmation holds for the row the table keeps, checked through the run index: one
 * request per run, sent together (an import's confirmations share a few runs: one per mutation). When
 * all hold, notes in `checked` which rows of each run are still unconfirmed.
 */
export async function runsHold(db: RepHireDb, confirmations: readonly OwnRowConfirmation[], checked?: CheckedRuns): Promise<boolean> {
  const runs = new Map<string, { run: OwnRowConfirmation; uids: string[] }>();
  const runIds = runIdsOf(confirmations);
  for (const [i, confirmation] of confirmations.entries()) {
    const id = runIds[i]!;
    const run = runs.get(id) ?? runs.set(id, { run: confirmation, uids: [] }).get(id)!;
    run.uids.push(confirmation.uid);
  }
  const each = [...runs.entries()];
  const holders = await Promise.all(each.map(async ([, { run }]) => new StringSet(await holdersOfRun(db, run))));
  if (!each.every(([, { uids }], i) => uids.every((uid) => holders[i]!.has(uid)))) return false;
  each.forEach(([id, { uids }], i) => {
    const open = checked?.get(id) ?? holders[i]!;
    for (const uid of uids) open.delete(uid);
    checked?.set(id, open);
  });
  return true;
}

/**
 * Confirmations per kept record: a pull's page of 10,000 stored as one record was one task of 70–75 ms
 * (CPU) writing it (bench:import's online run, 27 November 2026); four records of 2,500 go one per task.
 */
const KEPT_PER_RECORD = 2500;

/** Keeps a pulled page's confirmations, in order, inside the pull's rw transaction over confirmations. */
export async function keepConfirmations(db: RepHireDb, confirmed: readonly OwnRowConfirmation[]): Promise<void> {
  for (let from = 0; from < confirmed.length; from += KEPT_PER_RECORD) {
    await db.confirmations.add({ confirmations: confirmed.slice(from, from + KEPT_PER_RECORD) });
  }
}

/**
 * Confirmations by uid, a later page's replacing an earlier one's. Keyed without V8's hash tables: a
 * pull's 100,000 uids would join the string table while kept (string-map.ts).
 */
export type KeptConfirmations = ReadonlyStringMap<OwnRowConfirmation>;

function byUid(pages: ConfirmationPage[]): StringMap<OwnRowConfirmation> {
  const found = new StringMap<OwnRowConfirmation>();
  for (const page of [...pages].sort((a, b) => a.seq! - b.seq!)) for (const confirmation of page.confirmations) found.set(confirmation.uid, confirmation);
  return found;
}

/**
 * Whether any confirmation is kept (one request; almost always none). A Dexie promise, which a caller
 * may keep and await later in its transaction (a native one awaited so loses the transaction).
 */
export function keepsConfirmations(db: RepHireDb): Promise<boolean> {
  return db.confirmations
    .limit(1)
    .primaryKeys()
    .then((keys) => keys.length > 0);
}

/** The kept pages' confirmations by uid, as last read, per database: read again when the pages change. */
const lastRead = new WeakMap<RepHireDb, { seqs: string; confirmations: KeptConfirmations }>();

/**
 * Every kept confirmation. The pages are few (a 100,000-row import keeps a dozen) and have no index on
 * their uids — Dexie's change tracking of 10,000 index keys a page cost the pull a third of its time —
 * so they are read whole, once for each set of pages kept (one request tells whether it changed).
 */
export async function allKeptConfirmations(db: RepHireDb): Promise<KeptConfirmations> {
  const keys = await db.confirmations.toCollection().primaryKeys();
  const seqs = keys.join();
  if (!seqs) {
    lastRead.delete(db);
    return new StringMap();
  }
  const known = lastRead.get(db);
  if (known?.seqs === seqs) return known.confirmations;
  // A page per request, each taken in as it comes (the keys come in seq order): one answer holding
  // every page, or one pass over all of them, was one long task (100,000 confirmations: 70–150 ms).
  const confirmations = new StringMap<OwnRowConfirmation>();
  for (const seq of keys) {
    const page = await db.confirmations.get(seq);
    for (const confirmation of page?.confirmations ?? []) confirmations.set(confirmation.uid, confirmation);
  }
  lastRead.set(db, { seqs, confirmations });
  return confirmations;
}

/**
 * Stored rows as they read (see the module comment): each with its kept confirmation applied when it
 * holds. `keeping`: whether confirmations are kept, when the caller knows it already.
 */
export async function readAsConfirmed<T extends LocalCandidate | undefined>(db: RepHireDb, rows: T[], keeping = keepsConfirmations(db)): Promise<T[]> {
  if (!(await keeping)) return rows;
  const kept = await allKeptConfirmations(db);
  return rows.map((row) => {
    const confirmation = row && kept.get(row.uid);
    return holds(row, confirmation) ? (confirmedRow(row, confirmation!) as T) : row;
  });
}

/**
 * The rows `confirmations` are about, each confirmed (confirmedRow) where the confirmation holds for
 * it, else undefined; from the candidate mirror, inside the caller's rw transaction before it writes a
 * candidate; null when the mirror cannot tell (not loaded, or not at the write version read here: as
 * for email lookups, dexie-rows.ts). A row the run index lists under exactly the confirmed run holds it
 * (keys only: one request per run, an import's confirmations share a few), and its fields are the
 * mirror's; a row the mirror does not hold (deleted) is read from the table. Read from the table, one
 * get per row, a 100,000-row import's ids took 100,000 requests and as many rows brought back into the
 * page, each one garbage after.
 */
async function confirmedFromMirror(db: RepHireDb, confirmations: readonly OwnRowConfirmation[]): Promise<Array<LocalCandidate | undefined> | null> {
  const mirror = db.candidateMirror;
  if (!mirror.ready) return null;
  const live = mirror.liveCandidatesByUid(
    confirmations.map((confirmation) => confirmation.uid),
    await getMeta(db, 'candidatesVersion'),
  );
  if (!live) return null;
  const runIds = runIdsOf(confirmations);
  const runs = new Map<string, OwnRowConfirmation>();
  confirmations.forEach((confirmation, i) => runs.set(runIds[i]!, confirmation));
  const holders = new Map(await Promise.all([...runs].map(async ([id, run]) => [id, new StringSet(await holdersOfRun(db, run))] as const)));
  const holding = confirmations.map((confirmation, i) => holders.get(runIds[i]!)!.has(confirmation.uid));
  const rows = confirmations.map((confirmation, i): LocalCandidate | undefined => {
    const candidate = live[i];
    return candidate && holding[i] ? confirmedCandidate(candidate, confirmation) : undefined;
  });
  const unread = confirmations.flatMap((_, i) => (!live[i] && holding[i] ? [i] : []));
  if (unread.length) {
    const read = await db.candidates.bulkGet(unread.map((i) => confirmations[i]!.uid));
    unread.forEach((at, i) => {
      const row = read[i];
      if (holds(row, confirmations[at])) rows[at] = confirmedRow(row, confirmations[at]!);
    });
  }
  return rows;
}

/**
 * Gives each confirmation to its row where it still holds, inside the caller's rw transaction, a
 * slice per request as the page's candidate writes are sized (write-slices.ts: no task writes more);
 * answers how many took theirs. The rows come from the candidate mirror when it can tell
 * (confirmedFromMirror), else are read a slice at a time.
 */
async function give(db: RepHireDb, confirmations: readonly OwnRowConfirmation[]): Promise<number> {
  const fromMirror = await confirmedFromMirror(db, confirmations);
  let given = 0;
  for (let from = 0; from < confirmations.length; ) {
    const slice = confirmations.slice(from, from + candidateWriteSlices.rows);
    const confirmed = fromMirror
      ? fromMirror.slice(from, from + slice.length).filter((row) => row !== undefined)
      : confirmedRows(slice, await db.candidates.bulkGet(slice.map((c) => c.uid)));
    from += slice.length;
    await putCandidatesInSlices(db, confirmed, (row) => row);
    given += confirmed.length;
  }
  return given;
}

/** The rows the confirmations hold for, confirmed (`rows`: as stored, in the confirmations' order). */
function confirmedRows(confirmations: readonly OwnRowConfirmation[], rows: ReadonlyArray<LocalCandidate | undefined>): LocalCandidate[] {
  return confirmations.flatMap((confirmation, i) => {
    const row = rows[i];
    return holds(row, confirmation) ? [confirmedRow(row, confirmation)] : [];
  });
}

/**
 * Gives `pages`' confirmations to their rows and forgets the pages, inside the caller's rw transaction
 * over candidates and confirmations (the rebase's). Answers how many rows took theirs.
 */
export async function giveConfirmations(db: RepHireDb, pages: ConfirmationPage[]): Promise<number> {
  const given = await give(db, [...byUid(pages).values()]);
  await db.confirmations.bulkDelete(pages.map((page) => page.seq!));
  return given;
}

/**
 * Rows given their ids per transaction by settleConfirmations: each commit has the screens recount
 * (the list in memory, the dashboard), so fewer commits cost less — and a page of 10,000 in one would
 * have them take it in at once.
 */
const SETTLE_ROWS = 2000;

export interface SettleOptions {
  /**
   * Asked at the start of each transaction, inside it (over candidates, confirmations, meta and
   * outbox): true leaves the rest for later (round.ts: a change waits to be sent).
   */
  stopWhen?: () => Promise<boolean>;
  /** Rows given their ids per transaction (tests use a few). */
  rowsPerTransaction?: number;
}

/**
 * Gives every kept confirmation to its row, page by page in the order kept, SETTLE_ROWS per
 * transaction (a page holds up to MAX_PULL_PAGE_SIZE), until `stopWhen` says to stop. A page
 * is forgotten with its last slice; one left part-way is given again, where it still holds. The round
 * runs it once synced, under the sync lock, so no pull keeps more meanwhile. Answers how many rows
 * took theirs.
 */
export async function settleConfirmations(db: RepHireDb, { stopWhen, rowsPerTransaction = SETTLE_ROWS }: SettleOptions = {}): Promise<number> {
  let given = 0;
  for (;;) {
    const page = await db.confirmations.orderBy('seq').first();
    if (!page) return given;
    const { confirmations } = page;
    for (let from = 0; from < confirmations.length || from === 0; from += rowsPerTransaction) {
      const last = from + rowsPerTransaction >= confirmations.length;
      // The candidate mirror takes in the last transaction's rows first: it tells the next one's (give).
      await db.candidateMirror.applied();
      const took = await db.transaction('rw', db.candidates, db.confirmations, db.meta, db.outbox, async () => {
        if (await stopWhen?.()) return null;
        const rows = await give(db, confirmations.slice(from, from + rowsPerTransaction));
        if (last) await db.confirmations.delete(page.seq!);
        return rows;
      });
      if (took === null) return given;
      given += took;
    }
  }
}
