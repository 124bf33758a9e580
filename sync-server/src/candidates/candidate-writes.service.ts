/**
 * Every write to candidates, whoever makes it (a device's mutation, REST, an integration, an import):
 * load the row(s) locked, map to the shared record, apply the shared merge function, write the row(s)
 * and the lost values (candidate_events) in the caller's transaction. Callers pick the clock stamp: a
 * device's (clamped) stamp for mutations, the server clock for server-side writers.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Candidate, CandidateLwwField } from '@shared/schemas/candidate.schema';
import { CANDIDATE_LWW_FIELDS } from '@shared/schemas/candidate.schema';
import type { CandidateArrival } from '@shared/schemas/candidate-api.schema';
import type { CandidateCreateArgs, ImportRow } from '@shared/sync/protocol.schema';
import {
  applyAppendNote,
  applyCandidateChanges,
  createCandidateRecord,
  importIntoExisting,
  type FieldEvent,
  type MergeResult,
} from '@shared/sync/merge';
import { serverClock } from '../sync/server-clock';
import { eventsFor, recordEvents, type PendingEvent, type Writer } from './candidate-events';
import {
  findCandidateByUid,
  findImportMatches,
  findLiveCandidatesByEmails,
  insertCandidates,
  lockEmails,
  updateCandidates,
  type StoredCandidate,
} from './candidate.store';
import { normalizeEmail } from '@shared/candidates/email';
import { formatNoteLine, reappliedNote } from '@shared/candidates/notes';
import { combineImportRows } from '@shared/sync/combine-import-rows';
import { insertArrival } from './arrival-batcher';

/**
 * - ok: the write applied (possibly losing some fields to newer ones; those are in the history).
 * - deleted: the candidate was deleted before; deletes win, the write's values went to the history.
 * - erased: the candidate was erased for privacy; the write is dropped, and nothing of it is kept.
 * - missing: no candidate with that uid.
 */
export type WriteOutcome =
  | { kind: 'ok'; candidate: StoredCandidate; created: boolean }
  | { kind: 'deleted'; candidate: StoredCandidate }
  | { kind: 'erased' }
  | { kind: 'missing' };

const nowIso = () => new Date().toISOString();

function lwwFieldsOf(args: Partial<Candidate>): Partial<Record<CandidateLwwField, unknown>> {
  const fields: Partial<Record<CandidateLwwField, unknown>> = {};
  for (const field of CANDIDATE_LWW_FIELDS) if (args[field] !== undefined) fields[field] = args[field];
  return fields;
}

/** Loads a candidate by uid (locked), applies a shared merge function, writes it and its lost values. */
export async function changeCandidate(
  trx: Knex,
  writer: Writer,
  uid: string,
  apply: (record: StoredCandidate) => MergeResult<Candidate>,
): Promise<WriteOutcome> {
  const record = await findCandidateByUid(trx, uid, true);
  if (!record) return { kind: 'missing' };
  if (record.erased) return { kind: 'erased' };
  const result = apply(record);
  const next = { ...result.record, id: record.id };
  if (result.changed) await updateCandidates(trx, [next]);
  await recordEvents(trx, writer, eventsFor(record, result.events));
  return record.deletedAt ? { kind: 'deleted', candidate: record } : { kind: 'ok', candidate: next, created: false };
}

/** candidate.create: a new record, or — for a uid the server already has — its fields merged in. */
export async function createCandidate(trx: Knex, writer: Writer, args: CandidateCreateArgs, hlc: string): Promise<WriteOutcome> {
  const now = nowIso();
  const existing = await findCandidateByUid(trx, args.uid);
  if (existing) {
    return changeCandidate(trx, writer, args.uid, (record) => applyCandidateChanges(record, lwwFieldsOf(args), hlc, now));
  }
  const [stored] = await insertCandidates(trx, [createCandidateRecord(args, hlc, { id: null, userId: writer.userId, now })]);
  return { kind: 'ok', candidate: stored!, created: true };
}

export interface ImportOutcome {
  /** Rows that created a candidate. */
  imported: number;
  /** Rows that updated an existing candidate (same uid or same email), including duplicates within the batch. */
  updated: number;
  /** Rows that matched a deleted candidate by uid: deletes win, their values went to the history. */
  refused: number;
  /** Rows that matched an erased candidate by uid: dropped, nothing of them kept. */
  erased: number;
}

/**
 * Imports a batch: a row updates the candidate with its uid, else the live candidate with its email
 * (trimmed, lower-cased; the most recently updated if several), else creates one. Fields the row lacks
 * are left alone; the row's notes are appended.
 */
export async function importCandidateRows(trx: Knex, writer: Writer, rows: ImportRow[], hlc: string): Promise<ImportOutcome> {
  const now = nowIso();
  const { rows: combined, superseded } = combineImportRows(rows);
  await lockEmails(
    trx,
    combined.map((row) => row.email),
  );
  const { byUid, byEmail } = await findImportMatches(trx, combined);
  const working = new Map<number, StoredCandidate>();
  const changed = new Set<number>();
  const inserts: Candidate[] = [];
  const insertedSuperseded: FieldEvent[][] = [];
  const events: PendingEvent[] = [];
  const outcome: ImportOutcome = { imported: 0, updated: rows.length - combined.length, refused: 0, erased: 0 };
  const supersededEvents = (index: number): FieldEvent[] =>
    superseded[index]!.map(({ field, value }) => ({ field, kind: 'overwritten', value, clock: hlc }));
  for (const [index, row] of combined.entries()) {
    const match = byUid.get(row.uid) ?? byEmail.get(normalizeEmail(row.email));
    if (!match) {
      inserts.push(createCandidateRecord(row, hlc, { id: null, userId: writer.userId, now }));
      insertedSuperseded.push(supersededEvents(index));
      outcome.imported += 1;
      continue;
    }
    if (match.erased) {
      outcome.erased += 1;
      continue;
    }
    const current = working.get(match.id) ?? match;
    const result = importIntoExisting(current, { ...row, uid: current.uid }, hlc, now);
    events.push(...eventsFor(current, [...supersededEvents(index), ...result.events]));
    if (current.deletedAt) {
      outcome.refused += 1;
      continue;
    }
    outcome.updated += 1;
    if (result.changed) {
      working.set(match.id, { ...result.record, id: match.id });
      changed.add(match.id);
    }
  }
  const inserted = await insertCandidates(trx, inserts);
  inserted.forEach((candidate, i) => events.push(...eventsFor(candidate, insertedSuperseded[i]!)));
  await updateCandidates(
    trx,
    [...changed].map((id) => working.get(id)!),
  );
  await recordEvents(trx, writer, events);
  return outcome;
}

/**
 * A candidate arriving from an integration: created, or — for a known email — updated with what it
 * carries plus the dated line "Candidate reapplied via {source}". Stamped with the server clock.
 * The common case (a new email) is one database call, shared with the arrivals that come in at the same
 * time (arrival-batcher.ts); an update runs in a transaction of its own that takes the email's lock
 * again and re-reads the candidate, so a concurrent arrival is never lost.
 */
export async function receiveArrival(
  knex: Knex,
  writer: Writer,
  arrival: CandidateArrival,
  sourceLabel: string,
): Promise<{ candidate: StoredCandidate; created: boolean }> {
  const now = nowIso();
  const hlc = serverClock.tick();
  const fresh = createCandidateRecord({ ...arrival, source: arrival.source || sourceLabel, uid: randomUUID() }, hlc, {
    id: null,
    userId: writer.userId,
    now,
  });
  const first = await insertArrival(knex, fresh);
  if ('inserted' in first) return { candidate: first.inserted, created: true };
  return knex.transaction(async (trx) => {
    await lockEmails(trx, [arrival.email]);
    const existing = (await findLiveCandidatesByEmails(trx, [arrival.email], true)).get(normalizeEmail(arrival.email));
    if (!existing) {
      // Deleted (by deduplication) since the first look: this arrival is new after all.
      const [stored] = await insertCandidates(trx, [fresh]);
      return { candidate: stored!, created: true };
    }
    const merged = importIntoExisting(existing, { ...arrival, uid: existing.uid }, hlc, now);
    const appended = applyAppendNote(merged.record, formatNoteLine(now, reappliedNote(sourceLabel)), hlc, now);
    const next = { ...appended.record, id: existing.id };
    await updateCandidates(trx, [next]);
    await recordEvents(trx, writer, eventsFor(existing, merged.events));
    return { candidate: next, created: false };
  });
}
