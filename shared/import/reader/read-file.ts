/**
 * Reads one uploaded file into batches of import rows, inside the spreadsheet worker (no DOM, no
 * Dexie: it only talks through `port`). The rows come from sheet-rows.ts (what the file is, its
 * encoding, the sheet asked for, the limits); the import rules from row-batcher.ts, with the column
 * mapping the preview showed when one is given. Every outcome is a message: batches as they fill, then
 * `done` with the file's totals, or `failed` with a message a recruiter can act on.
 */
import type { ColumnMapping } from '../column-mapping';
import type { BatchMessage, SheetKind, WorkerToMain } from './protocol';
import { RowBatcher, type FileTotals, type RowBatch } from './row-batcher';
import { DEFAULT_READ_LIMITS, failureMessage, FileFailure, visitSheetRows, type ReadLimits } from './sheet-rows';

export { DEFAULT_READ_LIMITS, type ReadLimits };

export interface ReaderPort {
  send(message: WorkerToMain): void;
  /** Resolves when the main thread can take another batch. */
  room(): Promise<void>;
}

/** What the recruiter chose in the preview: a workbook's sheet and the column mapping. */
export interface ReadChoice {
  /** The sheet to read; null or absent: the first. */
  sheet?: string | null;
  /** The columns each field reads; null or absent: matched from the headers. */
  columns?: ColumnMapping | null;
}

export async function readSpreadsheetFile(
  file: Blob,
  kind: SheetKind,
  timeZone: string,
  port: ReaderPort,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
  choice: ReadChoice = {},
): Promise<void> {
  const batcher = new RowBatcher({ timeZone, batchSize: limits.batchSize, keepMessages: limits.keptMessages, columns: choice.columns });
  const message = batchMessages();

  const sendBatch = async (batch: RowBatch | null, progress: number) => {
    if (!batch) return;
    await port.room();
    port.send(message(batch, progress));
  };

  try {
    await visitSheetRows(file, kind, limits, choice.sheet ?? null, {
      row: async (values, rowNumber, progress) => {
        if (!batcher.hasHeader) {
          const header = batcher.readHeader(values, rowNumber);
          if (header !== 'blank' && !header.ok) throw new FileFailure(header.message);
          return;
        }
        await sendBatch(batcher.add(values, rowNumber), progress);
      },
      problem: (row, message) => batcher.addError(row, `Row ${row}: ${message}`),
      // Rows that made no batch yet (errors, blanks) are done with: say how far the reading got.
      progress: (fraction) => {
        if (!batcher.hasPending) port.send({ type: 'progress', progress: fraction });
      },
    });
    await sendBatch(batcher.flush(), 1);
    if (!batcher.hasHeader) throw new FileFailure('the file is empty');
    const { dataRows, blankRows } = batcher.totals;
    if (dataRows === blankRows) throw new FileFailure('no candidates found below the header row');
    port.send({ type: 'done', totals: batcher.totals });
  } catch (error) {
    port.send({ type: 'failed', message: failureMessage(error), totals: batcher.hasHeader ? batcher.totals : null });
  }
}

/**
 * A file's batches as the import receives them: numbered from 1, each with the share of the file read
 * when it closed (never less than the batch before).
 */
export function batchMessages(): (batch: RowBatch, progress: number) => BatchMessage {
  let batchNumber = 0;
  let lastProgress = 0;
  return (batch, progress) => {
    lastProgress = Math.max(lastProgress, progress);
    return { type: 'batch', batch: (batchNumber += 1), ...batch, progress: lastProgress };
  };
}

/** What a preview that read the whole file kept for the import (preview-file.ts): its batches, then its totals. */
export interface KeptRead {
  batches: BatchMessage[];
  totals: FileTotals;
}

/** Sends what a preview kept exactly as readSpreadsheetFile would have sent it, at the import's pace. */
export async function replayKeptRead(kept: KeptRead, port: ReaderPort): Promise<void> {
  for (const batch of kept.batches) {
    await port.room();
    port.send(batch);
  }
  port.send({ type: 'done', totals: kept.totals });
}
