/**
 * candidates.undoImport: the Undo of an import (its summary's "Undo import", or the Candidates page's
 * Recent imports). Each item says what the import did to one candidate, as the device recorded it while
 * it wrote the import (shared/import/import-recorder.ts): created it, or changed some fields (with the
 * values they had before) and appended some note lines. `importHlcs` are the stamps of the import's
 * `candidates.import` mutations: a field whose clock is still one of them still holds the import's
 * value. The undo
 * - removes a candidate the import created (a tombstone, like a delete), unless it was changed since;
 * - puts a changed field back to its earlier value, unless it was changed since (kept);
 * - takes the appended note lines out (lines written since stay).
 * Its own mutation, so it works offline, syncs, and shows in the history (the import's values it
 * replaced, the removal's snapshot). What was kept is answered by `planUndo`, which the device uses to
 * list it and `apply` follows, so both sides decide alike.
 */
import { z } from 'zod';
import { StringMap } from '../candidates/string-map';
import { removeLastLine } from '../candidates/notes';
import { CANDIDATE_LWW_FIELDS, candidateFieldsSchema, LONG_TEXT_MAX, NOTES_MAX, statusSchema, storableString, type Candidate } from '../schemas/candidate.schema';
import { applyCandidateChanges, applyDelete, type FieldEvent } from '../sync/merge';
import { hlcSchema, MAX_IMPORT_ROWS_PER_MUTATION, uidSchema } from './args.schema';
import { NOTHING_CREATED } from './candidate-writes';
import { applied, historyOf, rejected, type HistoryEvent, type MutationContext, type MutationOutcome, type MutationStore, type StoreCandidate } from './store';

/** The fields an import may change on an existing candidate (never its email; notes only by appending). */
export const UNDOABLE_FIELDS = ['name', 'phone', 'location', 'status', 'appliedDate', 'source', 'experience', 'skills'] as const;
export type UndoableField = (typeof UNDOABLE_FIELDS)[number];

/** An import is at most this many mutations: 1,000 rows each, so a million rows. */
export const MAX_IMPORT_STAMPS = 1000;

const previousSchema = candidateFieldsSchema
  .pick({ name: true, phone: true, location: true, appliedDate: true, source: true, experience: true })
  .partial()
  .extend({
    status: statusSchema.optional(),
    skills: storableString().max(LONG_TEXT_MAX, `Must be at most ${LONG_TEXT_MAX} characters`).optional(),
    /** When the earlier status began, brought back with it. */
    statusChangedAt: z.iso.datetime({ offset: true }).nullable().optional(),
  });

export const undoImportItemSchema = z.object({
  uid: uidSchema,
  /** The import made this candidate. */
  created: z.literal(true).optional(),
  /** The import's changed fields, with the values they had before it. */
  previous: previousSchema.optional(),
  /** Note lines the import appended. */
  addedLines: z.array(storableString().max(NOTES_MAX)).max(1000).optional(),
});
export type UndoImportItem = z.infer<typeof undoImportItemSchema>;

export const argsSchema = z.object({
  importHlcs: z.array(hlcSchema).min(1).max(MAX_IMPORT_STAMPS),
  items: z.array(undoImportItemSchema).min(1).max(MAX_IMPORT_ROWS_PER_MUTATION),
});
export type Args = z.infer<typeof argsSchema>;

export interface UndoPlan {
  /** Remove the candidate (the import made it and nobody changed it since). */
  remove: boolean;
  /** Fields going back to their earlier values. */
  revert: Partial<Record<UndoableField, unknown>>;
  /** What stays because it was changed since the import: field names, or '*' for a created candidate. */
  kept: string[];
  /** Appended lines still in the notes, taken out. */
  removeLines: string[];
}

const isImports = (clock: string | undefined, stamps: ReadonlySet<string>) => clock !== undefined && stamps.has(clock);

/** What undoing `item` does to `record` as it stands now. A deleted candidate is left alone. */
export function planUndo(record: Candidate, item: UndoImportItem, stamps: ReadonlySet<string>): UndoPlan {
  const plan: UndoPlan = { remove: false, revert: {}, kept: [], removeLines: [] };
  if (record.deletedAt) return plan;
  if (item.created) {
    const untouched = CANDIDATE_LWW_FIELDS.every((field) => isImports(record.fieldClocks[field], stamps));
    if (untouched) plan.remove = true;
    else plan.kept.push('*');
    return plan;
  }
  for (const field of UNDOABLE_FIELDS) {
    if (!item.previous || !(field in item.previous)) continue;
    if (isImports(record.fieldClocks[field], stamps)) plan.revert[field] = item.previous[field];
    else plan.kept.push(field);
  }
  const lines = new Set(record.notes.split(/\r?\n/));
  plan.removeLines = (item.addedLines ?? []).filter((line) => lines.has(line));
  return plan;
}

function undoOne(record: Candidate, item: UndoImportItem, stamps: ReadonlySet<string>, { hlc, now }: MutationContext) {
  const plan = planUndo(record, item, stamps);
  if (plan.remove) return { ...applyDelete(record, hlc, now), removed: true };
  const events: FieldEvent[] = [];
  let next = record;
  let changed = false;
  if (Object.keys(plan.revert).length) {
    const result = applyCandidateChanges(record, plan.revert, hlc, now);
    next = result.record;
    changed = result.changed;
    events.push(...result.events);
    if ('status' in plan.revert && item.previous?.statusChangedAt !== undefined && next.fieldClocks.status === hlc) {
      next = { ...next, statusChangedAt: item.previous.statusChangedAt };
    }
  }
  if (plan.removeLines.length) {
    const notes = plan.removeLines.reduce((text, line) => removeLastLine(text, line), next.notes);
    if (notes !== next.notes) {
      events.push({ field: 'notes', kind: 'overwritten', value: next.notes, clock: next.fieldClocks.notes ?? null });
      next = { ...next, notes, updatedAt: now };
      changed = true;
    }
  }
  return { record: next, events, changed, removed: false };
}

/**
 * Removing a candidate is for administrators (mayDeleteCandidates), except one the writer's own import
 * made: undoing it takes back their own write.
 */
function mayRemove(record: Candidate, ctx: MutationContext): boolean {
  return ctx.role === undefined || ctx.role === 'admin' || record.userId === ctx.userId;
}

export async function apply(store: MutationStore, { importHlcs, items }: Args, ctx: MutationContext): Promise<MutationOutcome> {
  const stamps = new Set(importHlcs);
  const records = await store.getCandidates(items.map((item) => item.uid));
  // Keyed without V8's hash tables: the device keeps these uids (string-map.ts).
  const working = new StringMap<StoreCandidate>();
  for (const record of records) if (record && !record.erased) working.set(record.uid, record);
  const written = new StringMap<Candidate>();
  const events: HistoryEvent[] = [];
  let updated = 0;
  let unchanged = 0;
  for (const item of items) {
    const record = working.get(item.uid);
    if (!record) {
      unchanged += 1;
      continue;
    }
    const result = undoOne(record, item, stamps, ctx);
    if (!result.changed || (result.removed && !mayRemove(record, ctx))) {
      unchanged += 1;
      continue;
    }
    events.push(...historyOf(record.uid, result.events));
    working.set(record.uid, result.record);
    written.set(record.uid, result.record);
    updated += 1;
  }
  store.recordEvents(events);
  if (written.size) await store.putCandidates([...written.values()], NOTHING_CREATED);
  if (!written.size && records.every((record) => !record || record.erased)) return rejected('The imported candidates are gone', items.length);
  return applied(0, updated, unchanged);
}
