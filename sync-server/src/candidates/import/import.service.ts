/**
 * POST /api/candidates/import: each uploaded file is read in the parser worker, mapped with the shared
 * column and row mapping (the same rules the device's importer uses), folded by email within the file,
 * and imported in batches of 1,000 through the same write path as sync (`candidates.import`): a known
 * email (trimmed, lower-cased) updates that candidate with the fields the file filled in and appends
 * its notes; everything else is created. Every problem goes to `errors`, prefixed with the file name.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { IMPORT_LIMITS } from '@shared/api/candidates.contract';
import type { ImportSummary } from '@shared/schemas/candidate-api.schema';
import { dedupeBatch } from '@shared/import/batch-dedupe';
import { mapRows, providedFields } from '@shared/import/row-mapping';
import type { ImportRow } from '@shared/sync/protocol.schema';
import { serverClock } from '../../sync/server-clock';
import { importCandidateRows } from '../candidate-writes.service';
import { DEFAULT_PARSE_LIMITS, parseSpreadsheetFile, type ParseLimits, type SheetKind } from './spreadsheet-parser';

export interface UploadedFile {
  path: string;
  name: string;
  mimetype: string | null;
  size: number;
}

const BATCH = 1000;
const MAX_ROW_ERRORS_PER_FILE = 50;
const SHEET_EXTENSIONS = ['.xlsx', '.xls', '.xlsm', '.xlsb', '.ods'];
const SHEET_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/vnd.ms-excel.sheet.macroenabled.12',
  'application/vnd.ms-excel.sheet.binary.macroenabled.12',
  'application/vnd.oasis.opendocument.spreadsheet',
]);

/** The spec's acceptance rule: by type (text/csv or a spreadsheet type) or by name. */
export function fileKind(file: Pick<UploadedFile, 'name' | 'mimetype'>): SheetKind | null {
  const name = file.name.toLowerCase();
  const type = (file.mimetype ?? '').toLowerCase().split(';')[0]!.trim();
  if (name.endsWith('.csv')) return 'csv';
  if (SHEET_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'sheet';
  if (type === 'text/csv') return 'csv';
  if (SHEET_TYPES.has(type)) return 'sheet';
  return null;
}

/** A file name fit for a message: no control characters, bounded length. */
export function displayName(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'file';
  return clean.length > 120 ? `${clean.slice(0, 117)}...` : clean;
}

function toImportRow(candidate: ReturnType<typeof dedupeBatch>['candidates'][number]): ImportRow {
  return { ...providedFields(candidate), uid: randomUUID(), name: candidate.candidate.name, email: candidate.candidate.email } as ImportRow;
}

async function importOneFile(knex: Knex, userId: number, file: UploadedFile, timeZone: string, limits: ParseLimits, summary: ImportSummary) {
  const label = displayName(file.name);
  const fail = (message: string) => summary.errors.push(`${label}: ${message}`);
  const kind = fileKind(file);
  if (!kind) return fail('unsupported file type; upload CSV or Excel files (.csv, .xlsx, .xls, .xlsm, .xlsb, .ods)');
  if (file.size === 0) return fail('the file is empty');
  const parsed = await parseSpreadsheetFile(file.path, kind, limits);
  if (!parsed.ok) return fail(parsed.message);
  if (parsed.truncated) return fail(`has more than ${limits.maxRows.toLocaleString('en-US')} rows; split it into smaller files`);
  const mapped = mapRows(parsed.rows, { timeZone });
  if (!mapped.ok) return fail(mapped.message);
  if (mapped.candidates.length === 0 && mapped.errors.length === 0) return fail('no candidates found below the header row');
  for (const error of mapped.errors.slice(0, MAX_ROW_ERRORS_PER_FILE)) fail(error.message);
  if (mapped.errors.length > MAX_ROW_ERRORS_PER_FILE) fail(`...and ${mapped.errors.length - MAX_ROW_ERRORS_PER_FILE} more rows with errors`);

  const { candidates, merged } = dedupeBatch(mapped.candidates);
  summary.total += mapped.candidates.length;
  summary.updated += merged;
  const writer = { origin: 'import' as const, userId };
  for (let start = 0; start < candidates.length; start += BATCH) {
    const rows = candidates.slice(start, start + BATCH).map(toImportRow);
    // One transaction per batch: a long import never holds back other devices' pulls for long.
    const outcome = await knex.transaction((trx) => importCandidateRows(trx, writer, rows, serverClock.tick()));
    summary.imported += outcome.imported;
    summary.updated += outcome.updated + outcome.refused;
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
