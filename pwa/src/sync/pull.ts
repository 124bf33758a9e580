/**
 * Pull: fetches rows changed since the stored cursor, page by page, each page written in its own short
 * transaction (IndexedDB commits a transaction at the first await of anything that is not IndexedDB,
 * so a transaction can never span a network request). A pulled row that pending changes touch updates
 * only its server copy (serverRows); the screens keep showing it with those changes until the rebase
 * at the end (rebase.ts), which also drops acknowledged outbox entries.
 *
 * `reset: true` (the server's database is another epoch, e.g. a restored backup): that page starts a
 * full pull from nothing; rows already on the device stay visible while it runs, and those the full
 * pull does not return are removed at its end. The cursor is saved only at the end of such a pull, and the
 * `resyncing` flag makes an interrupted one start over.
 *
 * A page's `erased` uids (candidates erased for privacy) are forgotten in the page's transaction,
 * pending changes about them included (erasure.ts).
 *
 * Own writes: the device asks for `confirmed` candidates — rows only its own mutations wrote since the
 * version it holds (after an import: all of them) — instead of the rows. A confirmation holds when the
 * device's row was written by exactly the same run of its mutations (`ownWrites`, dexie-rows.ts): the
 * row then is the server's but for its id and timestamps. The page's confirmations are kept as one
 * record, not written into each row (confirmations.ts: the round gives them to the rows once synced);
 * the rows' pending changes stay in the outbox until includedThrough drops them, as for a pulled row.
 * When any confirmation of a page does not hold, nothing of it is written and the page is asked for
 * again with every row in full.
 */
import Dexie from 'dexie';
import { StringSet } from '@shared/candidates/string-map';
import { announceArrivals, countNew, hasArrivalListeners } from './arrivals';
import type { Candidate, InterviewNote } from '@shared/schemas/candidate.schema';
import type { SavedView } from '@shared/schemas/saved-view.schema';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import { MAX_PULL_PAGE_SIZE, PULL_PAGE_SIZE, type OwnRowConfirmation, type PullResponse } from '@shared/sync/protocol.schema';
import { PUT_SLICE_ROWS, emailKey, toLocalCandidate, type RepHireDb, type RowKind, type ServerRow } from '@/db/database';
import { madeHere } from '@/db/own-writes-index';
import { PULLED_KEYS_PER_TASK, uidsWithEmailKeys } from '@/db/email-lookups';
import { putCandidatesInSlices } from '@/db/write-slices';
import { ensureClientId, getMeta, setMeta } from '@/db/meta';
import { holds, keepConfirmations, readAsConfirmed, runIdsOf, runsHold, type CheckedRuns } from './confirmations';
import { erasureTables, forgetErased } from './erasure';
import { emptySeenRows, rebase, type RebaseResult, type SeenRows } from './rebase';
import { SyncError, type PullHead, type SyncTransport } from './transport';

export interface PullSummary extends RebaseResult {
  pages: number;
  rows: number;
  reset: boolean;
}

function latestStamp(page: PullResponse): string | null {
  let latest: string | null = null;
  for (const row of [...page.candidates, ...page.interviewNotes, ...page.savedViews, ...page.scheduledInterviews]) {
    for (const stamp of Object.values(row.fieldClocks)) if (latest === null || stamp > latest) latest = stamp;
  }
  return latest;
}

async function splitTouched<T extends Candidate | InterviewNote | SavedView | ScheduledInterview>(
  db: RepHireDb,
  kind: RowKind,
  rows: T[],
): Promise<{ untouched: T[]; copies: ServerRow[] }> {
  const touched = await touchedAmong(db, kind, rows);
  const untouched: T[] = [];
  const copies: ServerRow[] = [];
  for (const row of rows) {
    if (touched.has(row.uid)) copies.push({ kind, uid: row.uid, row });
    else untouched.push(row);
  }
  return { untouched, copies };
}

/** The server copies kept of rows of `kind` (their keys are [kind, uid]). */
const serverCopiesOf = (db: RepHireDb, kind: RowKind) => db.serverRows.where(':id').between([kind, Dexie.minKey], [kind, Dexie.maxKey]);

/** Their keys: one request. */
const copyKeysOf = async (db: RepHireDb, kind: RowKind) => (await serverCopiesOf(db, kind).primaryKeys()) as Array<[RowKind, string]>;

/**
 * Which of `rows` the device keeps a server copy of (rows its pending changes touch). The copies are
 * few as a rule: none (one request says so), or listed, keys only, when no more than the rows; else
 * looked up a slice at a time. Looked up all at once, a pulled page of 10,000 was 10,000 requests sent
 * in one task: 250–260 ms of the main thread's CPU (bench:import, a device that pulled another's
 * 100,000 candidates after its own import, 28 November 2026).
 */
async function touchedAmong(db: RepHireDb, kind: RowKind, rows: ReadonlyArray<{ uid: string }>): Promise<StringSet> {
  // Keyed without V8's hash tables: the candidate mirror keeps the pulled rows' uids (string-map.ts).
  const touched = new StringSet();
  if (!rows.length) return touched;
  const copies = await serverCopiesOf(db, kind).count();
  if (copies === 0) return touched;
  if (copies <= rows.length) {
    for (const [, uid] of await copyKeysOf(db, kind)) touched.add(uid);
    return touched;
  }
  for (let from = 0; from < rows.length; from += PUT_SLICE_ROWS) {
    const slice = rows.slice(from, from + PUT_SLICE_ROWS);
    const markers = await db.serverRows.bulkGet(slice.map((row) => [kind, row.uid] as [RowKind, string]));
    slice.forEach((row, i) => markers[i] && touched.add(row.uid));
  }
  return touched;
}

/**
 * Whether a pulled candidate shares its email with a row pending changes touch or made (a candidate
 * made here): replaying a pending import must then merge into the pulled one (upsert by email) rather
 * than keep its own record. The page's emails are taken PULLED_KEYS_PER_TASK at a time: the email index
 * is asked for their uids only, rows are read only for the uids the page does not bring, and the first
 * one that collides ends the search. Read whole, the rows holding a page's emails were 10,000 rows
 * brought into the page for each page a device pulled after its own import of the same people (4.6 s
 * of getAll in a CPU profile of bench:import's XLSX sync, and garbage for the collector); asked for
 * all 10,000 emails' uids at once, they were 6.0 s of getAllKeys in the next one, where the first
 * 500 answered the question.
 */
async function collidesWithTouched(db: RepHireDb, rows: Candidate[]): Promise<boolean> {
  if (!rows.length) return false;
  const [touched, made] = await Promise.all([db.serverRows.count(), madeHere(db).count()]);
  if (touched === 0 && made === 0) return false;
  const pulled = new StringSet(rows.map((r) => r.uid));
  const keys = [...new StringSet(rows.map((r) => emailKey(r.email)))];
  for (let from = 0; from < keys.length; from += PULLED_KEYS_PER_TASK) {
    const holders = await uidsWithEmailKeys(db, keys.slice(from, from + PULLED_KEYS_PER_TASK), PULLED_KEYS_PER_TASK);
    if (await anyTouchedOrMade(db, holders.filter((uid) => !pulled.has(uid)), touched > 0, made > 0)) return true;
  }
  return false;
}

/** Whether any of these candidates has a server copy (`touched`) or was made here (`made`), read a slice at a time. */
async function anyTouchedOrMade(db: RepHireDb, uids: string[], touched: boolean, made: boolean): Promise<boolean> {
  for (let from = 0; from < uids.length; from += PUT_SLICE_ROWS) {
    const slice = uids.slice(from, from + PUT_SLICE_ROWS);
    if (touched) {
      const markers = await db.serverRows.bulkGet(slice.map((uid) => ['candidate', uid] as [RowKind, string]));
      if (markers.some(Boolean)) return true;
    }
    if (made) {
      // A row a kept confirmation confirms is the server's already (confirmations.ts).
      const others = await readAsConfirmed(db, await db.candidates.bulkGet(slice));
      if (others.some((row) => row?.localOnly)) return true;
    }
  }
  return false;
}

/** Runs per confirmation, at most, for a page to be checked through the run index rather than row by row. */
const RUNS_PER_ROW_FOR_INDEX = 0.1;

/**
 * Whether every confirmation of a page holds for the row the device keeps (confirmations.ts): through
 * the run index when the page has few runs (an import's), else by reading the rows, a slice at a time.
 */
async function confirmationsHold(db: RepHireDb, confirmed: OwnRowConfirmation[], checked?: CheckedRuns): Promise<boolean> {
  if (!confirmed.length) return true;
  const runs = new Set(runIdsOf(confirmed));
  if (runs.size <= Math.max(1, confirmed.length * RUNS_PER_ROW_FOR_INDEX)) return runsHold(db, confirmed, checked);
  for (let from = 0; from < confirmed.length; from += PUT_SLICE_ROWS) {
    const slice = confirmed.slice(from, from + PUT_SLICE_ROWS);
    const stored = await db.candidates.bulkGet(slice.map((c) => c.uid));
    if (!slice.every((confirmation, i) => holds(stored[i], confirmation))) return false;
  }
  return true;
}

/**
 * Forgets the server copies of confirmed rows (a row pulled before, or made here and written again,
 * has one). The copies are few next to a page of confirmations: they are listed, not looked up.
 */
async function forgetCopies(db: RepHireDb, uids: string[]): Promise<void> {
  if (!uids.length) return;
  const markers = await copyKeysOf(db, 'candidate');
  if (!markers.length) return;
  const confirmed = new StringSet(uids);
  await db.serverRows.bulkDelete(markers.filter(([, uid]) => confirmed.has(uid)));
}

/**
 * Writes one page; answers false, writing nothing, when a confirmation in it does not hold (the page
 * must then come in full). When it changes what pending changes were applied to (a touched row's
 * server copy, or a row an import replay would merge into), it flags `needsRebase` for the rebase at
 * the end. `checked`: the pull's runs checked so far (confirmations.ts, CheckedRuns), which it adds to.
 */
export async function applyPulledPage(db: RepHireDb, page: PullResponse, saveCursor: boolean, checked?: CheckedRuns): Promise<boolean> {
  const tables = [...erasureTables(db), db.savedViews, db.meta, db.confirmations];
  let arrived = 0;
  const applied = await db.transaction('rw', tables, async () => {
    if (!(await confirmationsHold(db, page.confirmed, checked))) return false;
    // Confirmed rows are this device's own version of the server's: their server copies are the rows,
    // which take their ids from the page kept here once the round is synced (confirmations.ts).
    await keepConfirmations(db, page.confirmed);
    await forgetCopies(db, page.confirmed.map((c) => c.uid));
    const candidates = await splitTouched(db, 'candidate', page.candidates);
    // Live rows this device did not hold: arrivals from elsewhere (counted only when someone listens).
    if (hasArrivalListeners(db)) arrived = await countNew(db, candidates.untouched.filter((row) => !row.deletedAt).map((row) => row.uid));
    // Once a page has flagged the rebase, the pages after it need not look (only the rebase clears it).
    const collides = !(await getMeta(db, 'needsRebase')) && (await collidesWithTouched(db, candidates.untouched));
    const notes = await splitTouched(db, 'interviewNote', page.interviewNotes);
    const views = await splitTouched(db, 'savedView', page.savedViews);
    const interviews = await splitTouched(db, 'scheduledInterview', page.scheduledInterviews);
    await putCandidatesInSlices(db, candidates.untouched, toLocalCandidate, { growSteps: true });
    await db.interviewNotes.bulkPut(notes.untouched);
    await db.experiences.bulkPut(page.experiences);
    await db.savedViews.bulkPut(views.untouched);
    await db.scheduledInterviews.bulkPut(interviews.untouched);
    await db.serverRows.bulkPut([...candidates.copies, ...notes.copies, ...views.copies, ...interviews.copies]);
    // The clock moves past every stamp seen, so this device's next write wins over what it has seen.
    const stamp = latestStamp(page);
    const known = await getMeta(db, 'hlc');
    if (stamp && (!known || stamp > known)) await setMeta(db, 'hlc', stamp);
    if (saveCursor) await setMeta(db, 'cursor', page.cursor);
    const rewritten = await forgetErased(db, page.erased);
    if (rewritten || collides || candidates.copies.length + notes.copies.length + views.copies.length + interviews.copies.length > 0) await setMeta(db, 'needsRebase', true);
    return true;
  });
  if (applied) announceArrivals(db, arrived);
  return applied;
}

/**
 * The size to ask the page after `page` for: doubled, up to MAX_PULL_PAGE_SIZE, while pages come as
 * confirmations (after an import: short records the device keeps as one, so a page costs it little
 * beyond its round trip), and `pageSize` again once rows come in full.
 */
function nextPageSize(page: PullResponse, asked: number, pageSize: number): number {
  const full = page.candidates.length + page.interviewNotes.length + page.experiences.length + page.savedViews.length + page.scheduledInterviews.length;
  return page.confirmed.length >= asked / 2 && full <= asked / 10 ? grown(asked) : pageSize;
}

/** The size after `asked` while pages come as confirmations (nextPageSize). */
const grown = (asked: number) => Math.min(MAX_PULL_PAGE_SIZE, asked * 2);

function remember(seen: SeenRows, page: PullResponse) {
  for (const row of page.candidates) seen.candidates.add(row.uid);
  for (const row of page.confirmed) seen.candidates.add(row.uid);
  for (const row of page.interviewNotes) seen.interviewNotes.add(row.uid);
  for (const row of page.experiences) seen.experiences.add(row.uid);
  for (const row of page.savedViews) seen.savedViews.add(row.uid);
  for (const row of page.scheduledInterviews) seen.scheduledInterviews.add(row.uid);
}

/** Rows a pull has taken in so far (it cannot know how many more the server holds). */
export interface PullProgress {
  received: number;
  startedAt: number;
}

/**
 * A request already on its way, awaited later: a failure is kept for whoever awaits it, and is not
 * reported as unhandled when nobody does (the pull stopped first).
 */
function inFlight<T>(request: Promise<T>): Promise<T> {
  request.catch(() => {});
  return request;
}

/**
 * What a pull starts from, read in ONE transaction: during an import each transaction waits its turn
 * behind one of the import's batches (about 0.7 s at 5,000 rows), so four reads waited for four.
 */
function pullStart(db: RepHireDb) {
  return db.transaction('rw', db.meta, async () => {
    const [clientId, resyncing, cursor, includedThrough] = await Promise.all([
      ensureClientId(db),
      getMeta(db, 'resyncing'),
      getMeta(db, 'cursor'),
      getMeta(db, 'includedThrough'),
    ]);
    return { clientId, resyncing, cursor, includedThrough };
  });
}

/**
 * The size to ask a pull's first page for when this device has just pushed `records` (PushSummary): its
 * own rows, which come back as confirmations (see nextPageSize), as many as it pushed up to
 * MAX_PULL_PAGE_SIZE. Starting from `pageSize` and doubling, an import's 100,000 took three more round
 * trips before the pages reached that size: 0.4 s of the 3.4 s between "Import Complete" and "Synced"
 * (bench:import's online run, 28 November 2026).
 */
export function firstPageSize(records: number, pageSize = PULL_PAGE_SIZE): number {
  return Math.min(MAX_PULL_PAGE_SIZE, Math.max(pageSize, records));
}

/** A page asked for: its cursor and size, its answer, and its head once read (PullHead). */
interface AskedPage {
  cursor: string | null;
  limit: number;
  page: Promise<PullResponse>;
  head: PullHead | null;
  /** Told of the head when it arrives, while the pull waits for this page. */
  onHead: ((head: PullHead) => void) | null;
}

/**
 * Pulls every page, each written as it comes, and ends with the rebase. The next page is asked for while
 * the one before it is written, and as soon as that one's head (its cursor) arrives where the transport
 * reads it (httpTransport: the response's headers), before its body is read, parsed and checked: on a
 * pull of 100,000 confirmations each next page waited 30–80 ms for that (bench:import's online run,
 * 28 November 2026).
 * Asked that early, its size is guessed from the page before (nextPageSize); a wrong guess is asked
 * again at the right size once the page is parsed. Never more than one page is asked ahead.
 */
export async function pullAll(
  db: RepHireDb,
  transport: SyncTransport,
  pageSize = PULL_PAGE_SIZE,
  onProgress?: (progress: PullProgress) => void,
  firstLimit = pageSize,
): Promise<PullSummary> {
  const startedAt = Date.now();
  const start = await pullStart(db);
  const { clientId, includedThrough } = start;
  let seen: SeenRows | null = start.resyncing ? emptySeenRows() : null;
  let cursor = seen ? null : start.cursor;
  // Candidates' clocks as the one stamp they share (shared-clocks.ts): half a pulled row's JSON.
  const ask = (from: string | null, limit = pageSize) => ({ clientId, cursor: from ?? undefined, limit, includedThrough, sharedClocks: '1' as const });
  const request = (from: string | null, limit: number): AskedPage => {
    const heard: Pick<AskedPage, 'head' | 'onHead'> = { head: null, onHead: null };
    const page = transport.pull({ ...ask(from, limit), confirmOwn: '1' }, (head) => {
      heard.head = head;
      heard.onHead?.(head);
    });
    return Object.assign(heard, { cursor: from, limit, page: inFlight(page) });
  };
  let pages = 0;
  let rows = 0;
  let resets = 0;
  /** The next page, asked for while the one before it is read and written (the server and the device work at once). */
  let ahead: AskedPage | null = null;
  const checked: CheckedRuns = new Map();
  for (let first = true; ; first = false) {
    const current: AskedPage = ahead?.cursor === cursor ? ahead : request(cursor, first ? firstLimit : (ahead?.limit ?? pageSize));
    ahead = null;
    const query = ask(cursor, current.limit);
    // Asked larger than the usual size, this page follows confirmations (or a push): so, likely, will the next.
    const guess = current.limit > pageSize ? grown(current.limit) : pageSize;
    const askNext = (head: PullHead) => {
      if (!head.done && !ahead) ahead = request(head.cursor, guess);
    };
    if (current.head) askNext(current.head);
    else current.onHead = askNext;
    let page: PullResponse = await current.page;
    current.onHead = null;
    if (page.reset) {
      // Our cursor is from another epoch (a restored database): this page starts a full pull from nothing.
      if (++resets > 1) throw new SyncError('server', 'The server keeps asking for a full resync');
      await db.transaction('rw', db.meta, () => setMeta(db, 'resyncing', true));
      seen = emptySeenRows();
    }
    if (page.done) ahead = null;
    else {
      const limit = nextPageSize(page, current.limit, pageSize);
      // Asked at its head with the wrong size (or not at all): asked again as the page says.
      const early = ahead as AskedPage | null; // (set by askNext meanwhile)
      if (early?.cursor !== page.cursor || early.limit !== limit) ahead = request(page.cursor, limit);
    }
    if (seen) remember(seen, page);
    if (!(await applyPulledPage(db, page, seen === null, checked))) {
      // A row confirmed as this device's own is not what the device holds: the same rows, in full (at
      // most a page of the usual size: full rows are several times a confirmation's bytes).
      page = await transport.pull({ ...query, limit: pageSize });
      if (page.reset) throw new SyncError('server', 'The server restarted its history during a pull');
      if (seen) remember(seen, page);
      await applyPulledPage(db, page, seen === null, checked);
    }
    pages += 1;
    rows += page.candidates.length + page.confirmed.length + page.interviewNotes.length + page.experiences.length + page.savedViews.length + page.scheduledInterviews.length;
    cursor = page.cursor;
    if (!page.done) onProgress?.({ received: rows, startedAt });
    if (page.done) {
      const result = await rebase(db, { includedThrough: page.includedThrough, processedThrough: page.processedThrough, cursor, seen, checked });
      return { ...result, pages, rows, reset: seen !== null };
    }
  }
}
