/**
 * Pull: the rows of candidates, experiences, interview notes and scheduled interviews changed since a
 * device's cursor, tombstones included, in pages — and the signed-in user's own saved views (never
 * another user's).
 *
 * The cursor is built on each row's `xid` (the id of the transaction that last wrote it, set by a
 * trigger), not on updated_at or ids, which lose rows when transactions commit out of order. A pull
 * returns rows with (xid, id) above the cursor's position and xid below the pull's horizon, the xmin of
 * the current snapshot: every transaction below it has ended, so no row can later appear below a
 * position already passed. An open transaction only delays rows, never hides them.
 *
 * includedThrough is this client's highest mutation whose transaction is below the same horizon and none
 * of whose rows was written again at or above it: its effects are in what the pull returned, so the
 * device may drop those outbox entries. A mutation whose row another writer changed again after the
 * horizon (while an older transaction held the horizon back) stops the count before it: the row the
 * device holds does not show that mutation yet, and dropping it would show the old value until the
 * next pull. Only the final page says it (a device rebases at the end of a pull).
 *
 * Own writes: a device that asks for it (confirmOwn) gets a short confirmation instead of a candidate
 * whose every write since the version the device holds came from its own mutations (after an import:
 * all of them). The row tracks its latest run of one device's writes (the own_writes migration); the
 * cursor's `k` says which versions the device holds: the run's base was written below the horizon of
 * the device's last finished pull, and the run started after that pull's last read, so the base was
 * what that pull saw; a row the run created needs only that no pull sent it (CONFIRMABLE). A device
 * that has not finished a pull yet (no `k`: signed in and offline before its first sync ended; not a
 * reset after a restore) gets confirmations for the rows its runs created — a pull could have sent
 * such a row only in a page the device stored, and the device takes a page in full when a
 * confirmation is not about the row it holds — and rows it changed in full. Any other writer in
 * between ends the run, and the row goes out in full.
 *
 * Shared clocks: a device that asks for it (sharedClocks) gets a candidate's field clocks as the one
 * stamp they share, when they do (shared/sync/shared-clocks.ts), instead of ten copies of it: half of
 * a pulled candidate's JSON.
 */
import type { Knex } from 'knex';
import { PULL_PAGE_SIZE, SYNC_PROTOCOL_VERSION, type LegacyPullResponse, type PullQuery, type PullResponse } from '@shared/sync/protocol.schema';
import type { UserModel } from '../db/user.model';
import { JsonText } from '../http/route';
import { ownRowConfirmationJson } from '../db/row-json.sql';
import { candidateJson } from '../candidates/candidate.store';
import { experienceJson } from '../candidates/experience-rows';
import { interviewNoteJson } from '../candidates/interview-note-rows';
import { savedViewJson } from '../saved-views/saved-view.store';
import { scheduledInterviewJson } from '../scheduled-interviews/scheduled-interview.store';
import { readClient } from './push.service';
import { getSyncEpoch } from './epoch';
import { legacyPullResponse } from './legacy-protocol';
import {
  SYNCED_TABLES,
  cursorXids,
  decodeCursor,
  encodeCursor,
  initialCursor,
  type Cursor,
  type Position,
  type SyncedTable,
} from './cursor';

/**
 * One changed row: its position and its JSON, rendered by PostgreSQL (TABLES) — or, for a
 * candidate erased for privacy, only its uid (`erased`; the row holds nothing else to send).
 */
interface ChangedRow {
  id: number;
  x: string;
  j: string | null;
  erased: string | null;
  /** A candidate's own-writes confirmation, instead of `j`. */
  c?: string | null;
}

/** Which rows a page confirms rather than sends: the pulling client's own writes over what it holds. */
export interface OwnWrites {
  clientId: string;
  /** The cursor's `k`; null before the device's first finished pull. */
  known: [string, string] | null;
}

/** What the pulling device asked a page's rows to come as. */
export interface PageForm {
  /** Rows to confirm rather than send (confirmOwn); null: every row in full. */
  ownWrites: OwnWrites | null;
  /** Candidates' clocks as the one stamp they share, when they do (sharedClocks). */
  sharedClocks: boolean;
}

/**
 * Per table: its rows, their JSON (and a candidate's with shared clocks), when a row is an erased
 * candidate's tombstone, and whether only the pulling user's rows go out (`own`: the table's
 * user_id column).
 */
const TABLES: Record<SyncedTable, { from: string; json: string; sharedClocksJson?: string; erased: string; own?: true }> = {
  candidates: { from: 'candidates t', json: candidateJson('t'), sharedClocksJson: candidateJson('t', { sharedClocks: true }), erased: 't.erased_at IS NOT NULL' },
  experiences: { from: 'experiences t JOIN candidates c ON c.id = t.candidate_id', json: experienceJson('t', 'c'), erased: 'false' },
  interviewNotes: {
    from: 'interview_notes t JOIN candidates c ON c.id = t.candidate_id',
    json: interviewNoteJson('t', 'c'),
    erased: 'false',
  },
  savedViews: { from: 'saved_views t', json: savedViewJson('t'), erased: 'false', own: true },
  scheduledInterviews: {
    from: 'scheduled_interviews t JOIN candidates c ON c.id = t.candidate_id',
    json: scheduledInterviewJson('t', 'c'),
    erased: 'false',
  },
};

/**
 * The current snapshot's bounds, and whether the cursor holds an xid this database has not reached: it
 * went back in time (a restore). One round trip for both, as every page of a pull asks.
 */
async function readSnapshot(db: Knex, cursor: Cursor | undefined): Promise<{ xmin: string; xmax: string; fromTheFuture: boolean }> {
  const { rows } = await db.raw(
    `SELECT pg_snapshot_xmin(s)::text AS xmin, pg_snapshot_xmax(s)::text AS xmax,
            coalesce((SELECT bool_or(x::xid8 > pg_snapshot_xmax(s)) FROM unnest(?::text[]) AS x), false) AS ahead
       FROM pg_current_snapshot() AS s`,
    [cursor ? cursorXids(cursor) : []],
  );
  return { xmin: rows[0].xmin, xmax: rows[0].xmax, fromTheFuture: rows[0].ahead === true };
}

/**
 * Which rows are confirmed (see the module comment), with the cursor's `k` = [horizon, xmax] of the
 * device's last finished pull:
 * - a row the run changed (own_base set): the run started after that pull's last read (own_start ≥
 *   xmax) and its base was below that pull's horizon, so the device holds the base;
 * - a row the run created (own_base NULL): no version of it was below that pull's horizon when the
 *   run began (own_start ≥ horizon), so no pull ever sent it and the device holds only its own. A row
 *   made while a pull ran (the device pushing as it imports) is confirmed by the next pull, not sent.
 * coalesce: a row without a run (own_client NULL) must be false here, not NULL, or it would go out as neither.
 * Without a `k` (see the module comment): the rows the run created.
 */
const CONFIRMABLE = `coalesce(t.own_client = ?::uuid
  AND CASE WHEN t.own_base IS NULL THEN t.own_start >= ?::xid8 ELSE t.own_start >= ?::xid8 AND t.own_base < ?::xid8 END, false)`;
const CONFIRMABLE_BEFORE_FIRST_PULL = `coalesce(t.own_client = ?::uuid AND t.own_base IS NULL, false)`;

/** A page's query of one table: its rows after `from` and below the horizon, in the order of its (xid, id) index. */
export function changedRowsQuery(
  table: SyncedTable,
  userId: number,
  from: Position,
  horizon: string,
  limit: number,
  { ownWrites, sharedClocks }: PageForm,
): { sql: string; bindings: Array<string | number> } {
  const { from: source, erased, own } = TABLES[table];
  const json = (sharedClocks && TABLES[table].sharedClocksJson) || TABLES[table].json;
  const confirm = ownWrites !== null && table === 'candidates';
  const known = confirm ? ownWrites.known : null;
  const confirmable = confirm ? `NOT (${erased}) AND ${known ? CONFIRMABLE : CONFIRMABLE_BEFORE_FIRST_PULL}` : 'false';
  const confirmArgs = confirm ? (known ? [ownWrites.clientId, known[0], known[1], known[0]] : [ownWrites.clientId]) : [];
  return {
    sql: `SELECT t.id, t.xid::text AS x, CASE WHEN ${erased} THEN t.uid::text END AS erased,
            ${confirm ? `CASE WHEN ${confirmable} THEN ${ownRowConfirmationJson('t')}::text END` : 'NULL'} AS c,
            CASE WHEN NOT (${erased}) AND NOT (${confirmable}) THEN ${json}::text END AS j
       FROM ${source}
      WHERE (t.xid, t.id) > (?::xid8, ?) AND t.xid < ?::xid8 ${own ? 'AND t.user_id = ?' : ''}
      ORDER BY t.xid, t.id LIMIT ?`,
    bindings: [...confirmArgs, ...confirmArgs, from[0], from[1], horizon, ...(own ? [userId] : []), limit],
  };
}

/**
 * Runs a page's reads in one transaction planned to walk each table's (xid, id) index in order, never
 * to sort: a page is the next `limit` rows of that index, which the index scan reads and nothing else.
 * Left to its statistics, PostgreSQL sorted instead right after a large write — an import of 100,000
 * rows, not yet analyzed (autovacuum's analyze comes a minute later at best): it took a fifth of the
 * rows to match, scanned all of them and sorted them on disk, 170–235 ms for a page of 10,000 own-row
 * confirmations against 66 ms in the index's order (bench:import's online run, 27 November 2026).
 * Sorting stays possible where nothing else can order the rows; it is only never preferred.
 */
export function inIndexOrder<T>(db: Knex, read: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    await trx.raw('SET LOCAL enable_sort = off');
    return read(trx);
  });
}

/** The xmax of a snapshot taken now: every transaction with an xid at or above it started after this. */
async function snapshotXmax(db: Knex): Promise<string> {
  const { rows } = await db.raw('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax');
  return rows[0].xmax;
}

async function lastMutationBelow(db: Knex, clientId: string, horizon: string): Promise<number> {
  const row = await db('applied_mutations')
    .where({ clientId })
    .whereRaw('xid < ?::xid8', [horizon])
    .orderBy('mutationId', 'desc')
    .first('mutationId');
  return row ? Number(row.mutationId) : 0;
}

/**
 * The first of this client's mutations after `after` (below the horizon) that wrote a candidate whose
 * row, interview notes or scheduled interviews were written again at or above the horizon; null when none did. The rows
 * written above the horizon are few (those committed while an older transaction holds it back), so
 * they are listed first and matched against each mutation's touched uids.
 */
async function firstOverwrittenMutation(db: Knex, clientId: string, after: number, horizon: string): Promise<number | null> {
  const { rows } = await db.raw(
    `WITH recent AS (
       SELECT uid FROM candidates WHERE xid >= ?::xid8
       UNION SELECT c.uid FROM interview_notes n JOIN candidates c ON c.id = n.candidate_id WHERE n.xid >= ?::xid8
       UNION SELECT c.uid FROM scheduled_interviews s JOIN candidates c ON c.id = s.candidate_id WHERE s.xid >= ?::xid8
     )
     SELECT min(a.mutation_id) AS first FROM applied_mutations a
      WHERE a.client_id = ? AND a.mutation_id > ? AND a.xid < ?::xid8 AND a.touched IS NOT NULL
        AND a.touched && ARRAY(SELECT uid FROM recent)`,
    [horizon, horizon, horizon, clientId, after, horizon],
  );
  const first = rows[0]?.first;
  return first === null || first === undefined ? null : Number(first);
}

async function includedMutation(db: Knex, query: PullQuery, horizon: string, finalPage: boolean): Promise<number> {
  const below = await lastMutationBelow(db, query.clientId, horizon);
  if (!finalPage || below <= (query.includedThrough ?? 0)) return below;
  const overwritten = await firstOverwrittenMutation(db, query.clientId, query.includedThrough ?? 0, horizon);
  return overwritten === null ? below : Math.min(below, overwritten - 1);
}

/** One page: at most `limit` rows across the tables, taken in order, and where each table got to. */
function readPage(db: Knex, userId: number, from: Cursor['p'], horizon: string, limit: number, form: PageForm) {
  return inIndexOrder(db, (trx) => readPageIn(trx, userId, from, horizon, limit, form));
}

async function readPageIn(db: Knex, userId: number, from: Cursor['p'], horizon: string, limit: number, form: PageForm) {
  const positions = { ...from };
  const rows: Record<SyncedTable, ChangedRow[]> = { candidates: [], experiences: [], interviewNotes: [], savedViews: [], scheduledInterviews: [] };
  let budget = limit;
  let done = true;
  for (const table of SYNCED_TABLES) {
    if (budget === 0) {
      done = false;
      break;
    }
    const { sql, bindings } = changedRowsQuery(table, userId, positions[table], horizon, budget, form);
    const page = (await db.raw(sql, bindings)).rows as ChangedRow[];
    rows[table] = page;
    budget -= page.length;
    if (page.length > 0) {
      const last = page[page.length - 1]!;
      positions[table] = [last.x, Number(last.id)];
    }
    if (budget === 0) done = false;
  }
  return { rows, positions, done };
}

/** A pull page's JSON, and its cursor and whether it is the last, which the route sends as headers too. */
export interface PulledPage {
  page: JsonText<PullResponse | LegacyPullResponse>;
  cursor: string;
  done: boolean;
}

export async function pull(db: Knex, user: UserModel, query: PullQuery): Promise<PulledPage> {
  const client = await readClient(db, query.clientId, user.id);
  let cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const [epoch, snapshot] = await Promise.all([getSyncEpoch(db), readSnapshot(db, cursor)]);
  let reset = false;
  if (cursor && (cursor.e !== epoch || snapshot.fromTheFuture)) {
    cursor = undefined;
    reset = true;
  }
  const start = cursor ?? initialCursor(epoch);
  const horizon = start.h ?? snapshot.xmin;
  // A reset (the device's cursor is from before a restore) sends everything in full: the restored rows'
  // runs are not what the device's own runs were.
  const ownWrites = query.confirmOwn === '1' && !reset ? { clientId: query.clientId, known: start.k ?? null } : null;
  const form = { ownWrites, sharedClocks: query.sharedClocks === '1' };
  const { rows, positions, done } = await readPage(db, user.id, start.p, horizon, query.limit ?? PULL_PAGE_SIZE, form);
  const includedThrough = await includedMutation(db, query, horizon, done);
  // A finished pull moves every table to the horizon: all rows below it have been returned. What the
  // device then holds (`k`) is bounded by a snapshot taken after the last read.
  const next: Cursor = done
    ? {
        v: 1,
        e: epoch,
        k: [horizon, await snapshotXmax(db)],
        p: Object.fromEntries(SYNCED_TABLES.map((table) => [table, [horizon, 0]])) as Cursor['p'],
      }
    : { v: 1, e: epoch, h: horizon, ...(start.k ? { k: start.k } : {}), p: positions };

  const current = {
    cursor: encodeCursor(next),
    done,
    reset,
    includedThrough,
    processedThrough: Number(client?.processedThrough ?? 0),
  };
  const head = query.protocol === SYNC_PROTOCOL_VERSION ? current : legacyPullResponse(current);
  const list = (page: ChangedRow[]) => `[${page.flatMap((row) => (row.j === null ? [] : [row.j])).join(',')}]`;
  const erased = rows.candidates.flatMap((row) => (row.erased === null ? [] : [row.erased]));
  const confirmed = `[${rows.candidates.flatMap((row) => (row.c ? [row.c] : [])).join(',')}]`;
  const page = new JsonText<PullResponse | LegacyPullResponse>(
    `${JSON.stringify({ ...head, erased }).slice(0, -1)},"candidates":${list(rows.candidates)},"confirmed":${confirmed},"experiences":${list(rows.experiences)},"interviewNotes":${list(rows.interviewNotes)},"savedViews":${list(rows.savedViews)},"scheduledInterviews":${list(rows.scheduledInterviews)}}`,
  );
  return { page, cursor: current.cursor, done };
}
