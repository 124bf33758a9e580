/**
 * POST /api/candidates/import: each uploaded file is read in a worker thread by the device's own reader
 * (shared/import/reader: the same encodings, row numbers, mapping and messages), and imported in batches of 1,000
 * through the same write path as sync (`candidates.import`, which folds rows sharing an email): a known
 * email (trimmed, lower-cased) updates that candidate with the fields the file filled in and appends
 * its notes; everything else is created. Every problem goes to `errors`, prefixed with the file name.
 */
import type { Knex } from 'knex';
import { IMPORT_LIMITS } from '@shared/api/candidates.contract';
import type { ImportSummary } from '@shared/schemas/candidate-api.schema';
import { sheetKindOf } from '@shared/import/reader/file-kind';
import { serverClock } from '../../lib/server-clock';
import { runMutation } from '../candidate-writes.service';
import { DEFAULT_PARSE_LIMITS, readUploadedFile, type ParseLimits } from './spreadsheet-parser';

export interface UploadedFile {
  path: string;
  name: string;
  mimetype: string | null;
  size: number;
}

const BATCH = 1000;
const MAX_ROW_ERRORS_PER_FILE = 50;

/** The shared acceptance rule (shared/import/reader/file-kind.ts), for an upload. */
export const fileKind = (file: Pick<UploadedFile, 'name' | 'mimetype'>) => sheetKindOf({ name: file.name, type: file.mimetype });

/** A file name fit for a message: no control characters, bounded length. */
export function displayName(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'file';
  return clean.length > 120 ? `${clean.slice(0, 117)}...` : clean;
}

async function importOneFile(knex: Knex, userId: number, file: UploadedFile, timeZone: string, limits: ParseLimits, summary: ImportSummary) {
  const label = displayName(file.name);
  const fail = (message: string) => summary.errors.push(`${label}: ${message}`);
  const kind = fileKind(file);
  if (!kind) return fail('unsupported file type; upload CSV or Excel files (.csv, .xlsx, .xls, .xlsm, .xlsb, .ods)');
  if (file.size === 0) return fail('the file is empty');
  const read = await readUploadedFile(file.path, kind, timeZone, limits);
  if (!read.ok) return fail(read.message);
  const { errors, errorCount } = read.totals;
  for (const error of errors.slice(0, MAX_ROW_ERRORS_PER_FILE)) fail(error.message);
  if (errorCount > MAX_ROW_ERRORS_PER_FILE) fail(`...and ${errorCount - MAX_ROW_ERRORS_PER_FILE} more rows with errors`);

  summary.total += read.rows.length;
  const writer = { origin: 'import' as const, userId };
  for (let start = 0; start < read.rows.length; start += BATCH) {
    // Each row checked by the reader with the mutation's row schema, and given its uid (checkImportRow).
    const rows = read.rows.slice(start, start + BATCH);
    // One transaction per batch: a long import never holds back other devices' pulls for long.
    const { outcome } = await knex.transaction((trx) => runMutation(trx, writer, { name: 'candidates.import', args: { rows } }, serverClock.tick()));
    summary.imported += outcome.created;
    // Every row that did not create a candidate updated one (or was refused by its deleted one).
    summary.updated += rows.length - outcome.created - (outcome.dropped ?? 0);
  }
}

export async function importFiles(
  knex: Knex,
  userId: number,
  files: UploadedFile[],
  timeZone: string,
  limits: ParseLimits = { ...DEFAULT_PARSE_LIMITS, maxRows: IMPORT_LIMITS.maxRowsPerFile },
): Promise<ImportSummary> {
  const summary: ImportSummary = { total: 0, imported: 0, updated: 0, errors: [] };
  for (const file of files) await importOneFile(knex, userId, file, timeZone, limits, summary);
  return summary;
}
