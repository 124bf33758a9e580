/**
 * candidates.bulk: one change to many candidates at once (the Candidates table's bulk actions and their
 * Undo): each item a status change with its dated line, an undo of one, a delete, or an undo of a
 * delete, applied with the same merge rules and rights as the single mutations (candidate.setStatus,
 * candidate.undoStatus, candidate.delete, candidate.undoDelete).
 * Rows are read and written in one go, so a device can change 10,000 candidates in chunks of
 * MAX_BULK_ITEMS, each a short transaction and one mutation to sync. An item whose candidate is gone is
 * left out, as the single mutation would refuse it; the bulk is refused only when every item was.
 */
import { z } from 'zod';
import { StringMap } from '../candidates/string-map';
import type { Candidate } from '../schemas/candidate.schema';
import { statusSchema } from '../schemas/candidate.schema';
import { applyDelete, applySetStatus, applyUndoDelete, applyUndoStatus, type MergeResult } from '../sync/merge';
import { hlcSchema, noteLineSchema, uidSchema } from './args.schema';
import { NOTHING_CREATED } from './candidate-writes';
import { applied, historyOf, mayDeleteCandidates, rejected, REFUSALS, type MutationContext, type MutationOutcome, type MutationStore } from './store';

export const MAX_BULK_ITEMS = 500;

const itemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('setStatus'), uid: uidSchema, status: statusSchema, noteLine: noteLineSchema.optional() }),
  z.object({
    kind: z.literal('undoStatus'),
    uid: uidSchema,
    status: statusSchema,
    statusChangedAt: z.iso.datetime({ offset: true }).optional(),
    noteLine: noteLineSchema.optional(),
  }),
  z.object({ kind: z.literal('delete'), uid: uidSchema }),
  /** `deleteHlc`: the stamp of the delete to undo (the bulk that deleted it). */
  z.object({ kind: z.literal('undoDelete'), uid: uidSchema, deleteHlc: hlcSchema }),
]);
export type BulkItem = z.infer<typeof itemSchema>;

export const argsSchema = z.object({ items: z.array(itemSchema).min(1).max(MAX_BULK_ITEMS, `At most ${MAX_BULK_ITEMS} changes in one bulk`) });
export type Args = z.infer<typeof argsSchema>;

function change(record: Candidate, item: BulkItem, { hlc, now }: MutationContext): MergeResult<Candidate> {
  switch (item.kind) {
    case 'setStatus':
      return applySetStatus(record, item.status, item.noteLine, hlc, now);
    case 'undoStatus':
      return applyUndoStatus(record, item.status, item.statusChangedAt, item.noteLine, hlc, now);
    case 'delete':
      return applyDelete(record, hlc, now);
    case 'undoDelete':
      return applyUndoDelete(record, item.deleteHlc, now);
  }
}

/** Why an item may not change its candidate at all (before its merge runs); undefined when it may. */
function refusalOf(record: Candidate | undefined, item: BulkItem, ctx: MutationContext): string | undefined {
  if (!record) return REFUSALS.notFound;
  if (mayDeleteCandidates(ctx)) return undefined;
  // A delete of what is already gone is done whoever asks (as candidate.delete answers it).
  if (item.kind === 'undoDelete' || (item.kind === 'delete' && !record.deletedAt)) return REFUSALS.adminOnlyDelete;
  return undefined;
}

/** Why an item that changed nothing was refused; undefined when it simply had nothing to change. */
function noChangeReason(record: Candidate, item: BulkItem): string | undefined {
  if (!record.deletedAt) return undefined;
  if (item.kind === 'delete') return undefined;
  return item.kind === 'undoDelete' ? REFUSALS.deletedByAnother : REFUSALS.deleted;
}

export async function apply(store: MutationStore, { items }: Args, ctx: MutationContext): Promise<MutationOutcome> {
  const records = await store.getCandidates(items.map((item) => item.uid));
  // Keyed without V8's hash tables: the device keeps these uids (string-map.ts).
  const current = new StringMap<Candidate>();
  for (const record of records) if (record && !record.erased) current.set(record.uid, record);
  const written = new StringMap<Candidate>();
  let updated = 0;
  let unchanged = 0;
  let firstRefusal: string | undefined;
  for (const item of items) {
    const record = current.get(item.uid);
    const refusal = refusalOf(record, item, ctx);
    if (!record || refusal) {
      unchanged += 1;
      firstRefusal ??= refusal;
      continue;
    }
    const result = change(record, item, ctx);
    store.recordEvents(historyOf(record.uid, result.events));
    if (result.changed) {
      current.set(record.uid, result.record);
      written.set(record.uid, result.record);
      updated += 1;
    } else {
      // A deleted candidate refuses every change but a delete (already done) and the undo of its delete.
      unchanged += 1;
      firstRefusal ??= noChangeReason(record, item);
    }
  }
  if (written.size) await store.putCandidates([...written.values()], NOTHING_CREATED);
  if (updated === 0 && firstRefusal) return rejected(firstRefusal, unchanged);
  return applied(0, updated, unchanged);
}
