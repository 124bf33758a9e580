/**
 * candidates.import: a batch of spreadsheet rows (at most 1,000). Rows of the batch sharing a uid or an
 * email are combined first (shared/sync/combine-import-rows.ts); each row then updates the candidate with
 * its uid, else the live candidate with its email (the most recently written, see preferredMatch),
 * else creates one. Fields a row lacks are left alone; its notes
 * lines are added unless already there. A row whose candidate was deleted changes nothing (deletes win;
 * its values go to the history), one whose candidate was erased is dropped.
 */
import { z } from 'zod';
import { StringMap, StringSet } from '../candidates/string-map';
import { normalizeEmail } from '../candidates/email';
import { SHORT_TEXT_MAX, type Candidate } from '../schemas/candidate.schema';
import { combineImportRows } from '../sync/combine-import-rows';
import { createCandidateRecord, importIntoExisting, type FieldEvent } from '../sync/merge';
import { importRowSchema, MAX_IMPORT_ROWS_PER_MUTATION, type ImportRow } from './args.schema';
import { historyOf, rejected, REFUSALS, type HistoryEvent, type MutationContext, type MutationOutcome, type MutationStore, type StoreCandidate } from './store';

export const argsSchema = z.object({
  rows: z.array(importRowSchema).min(1).max(MAX_IMPORT_ROWS_PER_MUTATION),
  /** The file the rows came from, for messages. */
  fileName: z.string().max(255).optional(),
  /** The source of a row that creates a candidate and names none; a known candidate keeps its source. */
  defaultSource: z.string().trim().min(1).max(SHORT_TEXT_MAX).optional(),
});
export type Args = z.infer<typeof argsSchema>;

/** The stamp of a candidate's latest field write. */
const lastWrite = (candidate: Candidate) => Object.values(candidate.fieldClocks).reduce((latest, stamp) => (stamp > latest ? stamp : latest), '');

/**
 * Among live candidates sharing an email, the one an import or an arrival updates: the one written
 * last by its field stamps, then the highest uid. Both come with the record everywhere, so a device and
 * the server pick the same one (updated_at and ids are the server's own, and a device may not have them).
 */
export function preferredMatch(a: Candidate, b: Candidate): Candidate {
  const [stampA, stampB] = [lastWrite(a), lastWrite(b)];
  if (stampA !== stampB) return stampA > stampB ? a : b;
  return a.uid > b.uid ? a : b;
}

/** The live candidate per normalised email that a write by email updates. */
export async function liveMatchesByEmail(store: MutationStore, emails: readonly string[]): Promise<StringMap<Candidate>> {
  const matches = new StringMap<Candidate>();
  const keys = [...new StringSet(emails.map(normalizeEmail))];
  if (!keys.length) return matches;
  for (const found of await store.liveCandidatesByEmail(keys)) {
    const key = normalizeEmail(found.email);
    const current = matches.get(key);
    matches.set(key, current ? preferredMatch(current, found) : found);
  }
  return matches;
}

export async function apply(store: MutationStore, args: Args, ctx: MutationContext): Promise<MutationOutcome> {
  const { rows: combined, superseded } = combineImportRows(args.rows);
  // Keyed without V8's hash tables: the device keeps these uids and emails (string-map.ts).
  const byUid = new StringMap<StoreCandidate>();
  if (!ctx.firstWrite) {
    for (const found of await store.getCandidates(combined.map((row) => row.uid))) if (found) byUid.set(found.uid, found);
  }
  const byEmail = await liveMatchesByEmail(
    store,
    combined.filter((row) => !byUid.has(row.uid)).map((row) => row.email),
  );
  const working = new StringMap<Candidate>();
  const created = new StringSet();
  const events: HistoryEvent[] = [];
  const outcome: MutationOutcome = { status: 'applied', created: 0, updated: 0, unchanged: 0, dropped: 0 };
  let refused = 0;
  for (const [index, row] of combined.entries()) {
    const lost: FieldEvent[] = superseded[index]!.map(({ field, value }) => ({ field, kind: 'overwritten', value, clock: ctx.hlc }));
    const match: StoreCandidate | undefined = byUid.get(row.uid) ?? byEmail.get(normalizeEmail(row.email));
    if (!match) {
      const fields: ImportRow = row.source || !args.defaultSource ? row : { ...row, source: args.defaultSource };
      working.set(row.uid, createCandidateRecord(fields, ctx.hlc, { id: null, userId: ctx.userId, now: ctx.now }));
      created.add(row.uid);
      events.push(...historyOf(row.uid, lost));
      outcome.created += 1;
      continue;
    }
    if (match.erased) {
      outcome.dropped! += 1;
      outcome.unchanged += 1;
      continue;
    }
    const current = working.get(match.uid) ?? match;
    const result = importIntoExisting(current, { ...row, uid: current.uid }, ctx.hlc, ctx.now);
    events.push(...historyOf(current.uid, [...lost, ...result.events]));
    if (current.deletedAt) {
      refused += 1;
      outcome.unchanged += 1;
    } else if (result.changed) {
      working.set(current.uid, result.record);
      outcome.updated += 1;
    } else outcome.unchanged += 1;
  }
  store.recordEvents(events);
  if (working.size) await store.putCandidates([...working.values()], created);
  if (outcome.dropped === combined.length) return rejected(REFUSALS.erased, combined.length);
  if (outcome.dropped! + refused === combined.length) return rejected(REFUSALS.deleted, combined.length);
  return outcome;
}
