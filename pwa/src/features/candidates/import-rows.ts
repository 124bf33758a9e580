/**
 * A local import: validates each row with the shared import-row schema, then queues the valid ones as
 * `candidates.import` mutations of at most 1,000 rows (and a body-size budget, so one mutation always
 * fits in a push), all applied and queued in one transaction.
 */
import { checkImportRow } from '@shared/import/check-import-row';
import { MAX_IMPORT_ROWS_PER_MUTATION, type ImportRow } from '@shared/sync/protocol.schema';
import { emailKey, type RepHireDb } from '@/db/database';
import { jsonBytes } from '@/lib/json-bytes';
import { yieldToMain } from '@/lib/yield-to-main';
import { writeMutations, type PrepareMutation, type WriteOptions } from '@/sync/outbox';
import { changeLabels } from './change-labels';

/** One mutation's rows stay well under the server's request body limit. */
export const MAX_IMPORT_CHUNK_BYTES = 768 * 1024;

export interface ImportOptions {
  fileName?: string;
  /**
   * The source of rows that create a candidate and have none (a file without a Source column gets
   * 'CSV Import'). The import mutation applies it (shared/mutations/candidates-import.ts), so an
   * existing candidate's source is never overwritten by it.
   */
  defaultSource?: string;
  /** Once the rows are stored: rows queued out of the valid ones. */
  onProgress?: (done: number, total: number) => void;
  /** Records what the rows did, in their transaction: the import dialog's run, for its Undo (import-history.ts). */
  recording?: WriteOptions;
}

export interface SkippedRow {
  /** The row's position in the input (0-based). */
  index: number;
  reason: string;
  /** The field(s) the shared schema refused, when it named any. */
  field: string | null;
}

export interface ImportResult {
  /** New candidates. */
  created: number;
  /** Existing candidates (same email) that got the row's fields. */
  updated: number;
  /** Valid rows that changed nothing. */
  unchanged: number;
  skipped: SkippedRow[];
  /** Outbox mutations queued. */
  mutations: number;
}

/** Items in chunks of at most `maxItems`, each at most `maxBytes` as JSON (one item alone may be more). */
export function chunkByBytes<T>(items: readonly T[], maxItems: number, maxBytes: number): T[][] {
  const chunks: T[][] = [];
  let chunk: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = jsonBytes(item) + 1;
    if (chunk.length && (chunk.length >= maxItems || bytes + size > maxBytes)) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(item);
    bytes += size;
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

export function chunkImportRows(rows: readonly ImportRow[], maxRows = MAX_IMPORT_ROWS_PER_MUTATION, maxBytes = MAX_IMPORT_CHUNK_BYTES) {
  return chunkByBytes(rows, maxRows, maxBytes);
}

/** Rows validated in one go before the page gets a turn (about 20 ms of work here). */
const VALIDATE_SLICE_ROWS = 1000;

/**
 * Each row checked with the shared import-row check (and given a new uid), a slice at a time with the
 * main thread handed back in between: a 5,000-row batch is not one long task.
 */
export async function validateImportRows(
  rows: readonly unknown[],
  yieldToMain: () => Promise<void> = async () => {},
): Promise<{ valid: ImportRow[]; skipped: SkippedRow[] }> {
  const valid: ImportRow[] = [];
  const skipped: SkippedRow[] = [];
  for (let index = 0; index < rows.length; index += 1) {
    if (index > 0 && index % VALIDATE_SLICE_ROWS === 0) await yieldToMain();
    const checked = checkImportRow(rows[index]);
    if (checked.ok) valid.push(checked.row);
    else skipped.push({ index, reason: checked.reason, field: checked.field });
  }
  return { valid, skipped };
}

/** Rows of any origin: checked here first (validateImportRows), then stored as storeCheckedImportRows does. */
export async function importCandidateRows(
  db: RepHireDb,
  rows: readonly unknown[],
  options: ImportOptions,
  afterWrite: () => void,
): Promise<ImportResult> {
  const { valid, skipped } = await validateImportRows(rows, yieldToMain);
  return storeCheckedImportRows(db, valid, options, afterWrite, skipped);
}

/**
 * Rows that passed checkImportRow (the spreadsheet worker checks each row it reads), queued as
 * `candidates.import` mutations; `skipped` are the caller's refused rows, reported with the result.
 */
export async function storeCheckedImportRows(
  db: RepHireDb,
  valid: readonly ImportRow[],
  options: ImportOptions,
  afterWrite: () => void,
  skipped: SkippedRow[] = [],
): Promise<ImportResult> {
  const result: ImportResult = { created: 0, updated: 0, unchanged: 0, skipped, mutations: 0 };
  const chunks = chunkImportRows(valid);
  const prepares = chunks.map((chunk, i): PrepareMutation<'candidates.import'> => async (access) => {
    // Every email of the batch in one lookup, before anything is written (then the email directory
    // can answer it: see sync/dexie-rows.ts); the chunks' merges and default sources read it.
    if (i === 0) await access.liveCandidatesByEmail(valid.map((row) => emailKey(row.email)));
    return {
      name: 'candidates.import',
      args: {
        rows: chunk,
        ...(options.fileName ? { fileName: options.fileName.slice(0, 255) } : {}),
        ...(options.defaultSource ? { defaultSource: options.defaultSource } : {}),
      },
      label: changeLabels.importRows(chunk.length, options.fileName),
      count: chunk.length,
    };
  });
  // Every chunk in one transaction: the rows and their mutations are stored all together or not at all.
  const written = prepares.length ? await writeMutations(db, prepares, options.recording) : [];
  for (const write of written) {
    if (!write) continue;
    result.created += write.outcome.created;
    result.updated += write.outcome.updated;
    result.unchanged += write.outcome.unchanged;
    result.mutations += 1;
  }
  if (result.mutations) afterWrite();
  options.onProgress?.(valid.length, valid.length);
  return result;
}
