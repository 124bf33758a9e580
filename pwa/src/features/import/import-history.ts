/**
 * The device's recent imports and their Undo (issue: "Undo an import"). A run of the import dialog is an
 * ImportRun: its batches are written through the run's ImportRecorder (shared/import/import-recorder.ts),
 * and what each batch did to candidates is stored with the batch's rows, in the same transaction
 * (`importBatches`, one row per transaction, so a 100,000-row import is never rewritten as one list).
 * Undo reads them back and queues `candidates.undoImport` mutations: offline, synced, in the history.
 * Only the latest MAX_KEPT_IMPORTS runs are kept; signing out wipes them with the rest.
 */
import Dexie from 'dexie';
import { undoImportItemSchema, planUndo, type UndoImportItem } from '@shared/mutations/candidates-undo-import';
import { ImportRecorder } from '@shared/import/import-recorder';
import { MAX_IMPORT_ROWS_PER_MUTATION } from '@shared/sync/protocol.schema';
import { newUid } from '@shared/sync/ids';
import { appDb } from '@/db/app-db';
import type { ImportRecord, RepHireDb } from '@/db/database';
import { notifyLocalWrite } from '@/db/local-writes';
import { changeLabels } from '@/features/candidates/change-labels';
import { chunkByBytes, MAX_IMPORT_CHUNK_BYTES } from '@/features/candidates/import-rows';
import { writeMutations, type PrepareMutation, type WriteResult } from '@/sync/outbox';

export const MAX_KEPT_IMPORTS = 10;
/** Candidates an undo names as kept; the count covers all of them. */
export const LISTED_KEPT = 50;

export interface ImportRun {
  id: string;
  startedAt: string;
  recorder: ImportRecorder;
  /** Batches stored so far. */
  seq: number;
}

export function startImportRun(id: string = newUid()): ImportRun {
  return { id, startedAt: new Date().toISOString(), recorder: new ImportRecorder(), seq: 0 };
}

export type UndoSummary = NonNullable<ImportRecord['undo']>;

const batchesOf = (db: RepHireDb, id: string) => db.importBatches.where('[importId+seq]').between([id, Dexie.minKey], [id, Dexie.maxKey]);

export function createImportHistory(db: RepHireDb) {
  /** Older runs than the latest MAX_KEPT_IMPORTS go, with their batches. */
  async function prune(): Promise<void> {
    const old = await db.imports.orderBy('startedAt').reverse().offset(MAX_KEPT_IMPORTS).primaryKeys();
    for (const id of old) await batchesOf(db, id).delete();
    await db.imports.bulkDelete(old);
  }

  return {
    /**
     * Stores what a batch did, inside its write transaction (WriteOptions.alsoStore): the run's record
     * with its totals so far, and the batch's items.
     */
    async storeBatch(run: ImportRun, fileName: string | undefined, results: ReadonlyArray<WriteResult | null>): Promise<void> {
      const items = run.recorder.take();
      const existing = await db.imports.get(run.id);
      const record: ImportRecord = existing ?? {
        id: run.id,
        startedAt: run.startedAt,
        files: [],
        created: 0,
        updated: 0,
        stamps: [],
        undoneAt: null,
        undo: null,
      };
      for (const result of results) {
        if (!result) continue;
        record.created += result.outcome.created;
        record.updated += result.outcome.updated;
      }
      if (fileName && !record.files.includes(fileName)) record.files.push(fileName);
      record.stamps = [...run.recorder.stamps];
      await db.imports.put(record);
      if (items.length) await db.importBatches.add({ importId: run.id, seq: run.seq++, items });
      if (!existing) await prune();
    },

    /** The latest runs, newest first. */
    recent(): Promise<ImportRecord[]> {
      return db.imports.orderBy('startedAt').reverse().limit(MAX_KEPT_IMPORTS).toArray();
    },

    /**
     * Undoes a run: one transaction of `candidates.undoImport` mutations (at most 1,000 candidates
     * each), and the run marked undone with what was removed, restored and kept. Null when there is
     * nothing to undo (already undone, or gone).
     */
    async undo(id: string): Promise<UndoSummary | null> {
      const record = await db.imports.get(id);
      if (!record || record.undoneAt || !record.stamps.length) return null;
      const items = (await batchesOf(db, id).toArray()).flatMap((batch) => batch.items).filter((item) => undoImportItemSchema.safeParse(item).success);
      const summary: UndoSummary = { removed: 0, restored: 0, kept: [], keptCount: 0 };
      const stamps = new Set(record.stamps);
      const restored = new Set<string>();
      const chunks = chunkByBytes<UndoImportItem>(items, MAX_IMPORT_ROWS_PER_MUTATION, MAX_IMPORT_CHUNK_BYTES);
      const prepares = chunks.map((chunk): PrepareMutation<'candidates.undoImport'> => async (rows) => {
        const current = await rows.getCandidates(chunk.map((item) => item.uid));
        chunk.forEach((item, i) => {
          const row = current[i];
          if (!row || row.deletedAt) return;
          const plan = planUndo(row, item, stamps);
          if (plan.remove) summary.removed += 1;
          else if (Object.keys(plan.revert).length || plan.removeLines.length) restored.add(row.uid);
          if (!plan.kept.length) return;
          summary.keptCount += 1;
          if (summary.kept.length < LISTED_KEPT) summary.kept.push({ uid: row.uid, name: row.name, fields: plan.kept });
        });
        return {
          name: 'candidates.undoImport',
          args: { importHlcs: record.stamps, items: chunk },
          label: changeLabels.undoImport(chunk.length, record.files),
          count: chunk.length,
        };
      });
      await writeMutations(db, prepares, {
        alsoStore: async () => {
          summary.restored = restored.size;
          await db.imports.update(id, { undoneAt: new Date().toISOString(), undo: summary });
        },
      });
      notifyLocalWrite(db, 'batch');
      return summary;
    },
  };
}

export const importHistory = createImportHistory(appDb);
