/**
 * Imports one file on the device: the worker reads and maps it (spreadsheet-client.ts) and hands it
 * over in batches; this stores each batch (offline, batches joined up to OFFLINE_TRANSACTION_ROWS)
 * through the candidates repo (one transaction, as `candidates.import` mutations of at most 1,000 rows)
 * and hands the main thread back to the browser between them, so the page stays responsive through a
 * 100,000-row file. The result's numbers are what was actually stored.
 */
import type { ImportOptions, ImportResult } from '@/features/candidates/import-rows';
import { reasonOf, type ImportErrorLine } from '@shared/import/error-report';
import type { SheetKind, WorkerToMain } from '@shared/import/reader/protocol';
import type { FileTotals } from '@shared/import/reader/row-batcher';
import type { ImportRow } from '@shared/sync/protocol.schema';
import type { ImportChoice, ReadInWorker } from './spreadsheet-client';

/** Error and warning texts kept per file for the summary (counts are always complete). */
export const KEPT_FILE_MESSAGES = 100;

/** A new candidate from a file without a source gets this one (DECISIONS via the issue notes). */
export const IMPORT_SOURCE = 'CSV Import';

export interface FileImportResult {
  status: 'success' | 'error';
  /** Candidates the file gave that were stored: imported + updated. */
  total: number;
  imported: number;
  /** Rows that updated an existing candidate, duplicates within the file included. */
  updated: number;
  /** What went wrong, each starting with the file's name: first the file's own problem, then rows. */
  errors: string[];
  /** All errors, including those not kept as text. */
  errorCount: number;
  /** Every error, for the summary's list and the downloadable report. */
  report: ImportErrorLine[];
  /** Rows that made no candidate (their errors are in `errors`). */
  rowErrors: number;
  warnings: string[];
  warningCount: number;
  ignoredHeaders: string[];
  /** Why the whole file failed, when it did. */
  failure: string | null;
}

/** The share of the file done (0–1), and the rows read from it and stored so far. */
export type ImportProgress = (fraction: number, rows?: { read: number; saved: number }) => void;

export interface ImportFileDeps {
  read: ReadInWorker;
  /** Stores rows the worker checked (checkImportRow); what it refuses anyway comes back as `skipped`. */
  store: (rows: ImportRow[], options: ImportOptions) => Promise<ImportResult>;
  timeZone: string;
  /** Gives the browser a turn (input, rendering) between batches. */
  yieldToMain: () => Promise<void>;
  /**
   * Rows to store in one transaction, asked as each starts: the worker's batches are joined until they
   * hold as many (joinBatches); 0, or without it, each batch is one transaction.
   */
  transactionRows?: () => number;
}

/**
 * Rows stored per transaction. Each transaction costs the page and the IndexedDB backend a fixed
 * amount of CPU, and the two share the machine's cores, so fewer of them import faster: offline,
 * 10,000 rows per transaction instead of 5,000 (the worker's batch) took the 100,000-row CSV from
 * 1.56–1.65× the raw baseline to 1.32–1.43× in six runs (CPU 1.56–1.58× → 1.29–1.49×;
 * `npm run bench:import`, 29 November 2026). Online each stored batch is pushed at once, and the last
 * one after "Import Complete": with 10,000 the sync ended 1.21× after the import in two runs, against
 * 1.16–1.18× with 5,000, so online each batch stays its own transaction. Progress counts rows saved
 * per transaction.
 */
export const OFFLINE_TRANSACTION_ROWS = 10_000;
const noJoining = () => 0;
/** What the worker's batches are joined up to (0: each alone), for a device online or not. */
export const transactionRowsFor = (online: boolean) => (online ? 0 : OFFLINE_TRANSACTION_ROWS);

/** A name fit for messages: no control characters, bounded length. */
export function displayFileName(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'file';
  return clean.length > 120 ? `${clean.slice(0, 117)}...` : clean;
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/**
 * The reader's messages with consecutive batches joined into one until it holds at least `rows()` rows
 * (their rows and row numbers in order, the last one's progress); any other message ends a join and
 * follows it. A batch is acknowledged when the next is asked for (spreadsheet-client.ts), so while a
 * join waits for its next batch the reader reads on.
 */
export async function* joinBatches(messages: AsyncIterable<WorkerToMain>, rows: () => number): AsyncGenerator<WorkerToMain> {
  const source = messages[Symbol.asyncIterator]();
  let held: IteratorResult<WorkerToMain> | null = null;
  const take = async () => {
    const result = held ?? (await source.next());
    held = null;
    return result;
  };
  try {
    for (let result = await take(); !result.done; result = await take()) {
      let message = result.value;
      if (message.type === 'batch') {
        const wanted = rows();
        while (message.rows.length < wanted) {
          const more = await take();
          if (more.done || more.value.type !== 'batch') {
            held = more;
            break;
          }
          message = { ...more.value, rows: message.rows.concat(more.value.rows), rowNumbers: message.rowNumbers.concat(more.value.rowNumbers) };
        }
      }
      yield message;
    }
  } finally {
    // Stopped early (a failure storing, the dialog closed): the reader stops too, and its worker with it.
    await source.return?.();
  }
}

export async function importFile(
  file: File,
  kind: SheetKind,
  deps: ImportFileDeps,
  onProgress: ImportProgress = () => {},
  choice: ImportChoice = { sheet: null, columns: null },
): Promise<FileImportResult> {
  const label = displayFileName(file.name);
  let created = 0;
  let stored = 0;
  let failure: string | null = null;
  let totals: FileTotals | null = null;
  const skippedRows: string[] = [];
  const skippedLines: ImportErrorLine[] = [];
  let skippedCount = 0;
  let progress = 0;
  let read = 0;

  try {
    const messages = joinBatches(deps.read(file, kind, deps.timeZone, choice), deps.transactionRows ?? noJoining);
    for await (const message of messages) {
      if (message.type === 'batch') {
        const from = progress;
        read += message.rows.length;
        onProgress(from, { read, saved: stored });
        const result = await deps.store(message.rows, {
          fileName: file.name,
          defaultSource: IMPORT_SOURCE,
          onProgress: (done, total) => onProgress(from + ((message.progress - from) * done) / Math.max(total, 1)),
        });
        created += result.created;
        stored += message.rows.length - result.skipped.length;
        for (const skip of result.skipped) {
          skippedCount += 1;
          const row = message.rowNumbers[skip.index] ?? null;
          if (skippedRows.length < KEPT_FILE_MESSAGES) skippedRows.push(`Row ${row}: ${skip.reason}`);
          skippedLines.push({ file: label, row, field: skip.field, reason: skip.reason });
        }
        progress = message.progress;
        onProgress(progress, { read, saved: stored });
        await deps.yieldToMain();
      } else if (message.type === 'progress') {
        progress = Math.max(progress, message.progress);
        onProgress(progress);
      } else if (message.type === 'done') totals = message.totals;
      else if (message.type === 'failed') {
        failure = message.message;
        totals = message.totals;
      }
    }
  } catch (error) {
    // Batches stored before this stay stored (and counted below); the rest of the file is not.
    failure = `could not be saved on this device (${messageOf(error)})`;
  }

  const total = stored;
  const rowErrors = (totals?.errorCount ?? 0) + skippedCount;
  const rowMessages = [...(totals?.errors.map((error) => error.message) ?? []), ...skippedRows].slice(0, KEPT_FILE_MESSAGES);
  const errors = [...(failure ? [failure] : []), ...rowMessages].map((text) => `${label}: ${text}`);
  const report: ImportErrorLine[] = [
    ...(failure ? [{ file: label, row: null, field: null, reason: failure }] : []),
    ...(totals?.errors ?? []).map((error) => ({ file: label, row: error.row, field: error.field, reason: reasonOf(error.message) })),
    ...skippedLines,
  ];
  // A file whose every row was refused imported nothing: it failed, like an unreadable one.
  const status = failure || (total === 0 && rowErrors > 0) ? 'error' : 'success';
  return {
    status,
    total,
    imported: created,
    updated: total - created,
    errors,
    errorCount: rowErrors + (failure ? 1 : 0),
    report,
    rowErrors,
    warnings: totals?.warnings ?? [],
    warningCount: totals?.warningCount ?? 0,
    ignoredHeaders: totals?.ignoredHeaders ?? [],
    failure,
  };
}
