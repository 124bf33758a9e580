/**
 * The last check of a row before an import stores it: the import mutation's own row schema
 * (importRowSchema), with the uid its candidate gets when it is new. The spreadsheet worker runs it on
 * every row it reads (row-batcher.ts), off the main thread, so the preview counts exactly the rows the
 * import stores; rows handed to the candidates repo from elsewhere are checked there
 * (pwa features/candidates/import-rows.ts).
 */
import { importRowSchema, type ImportRow } from '../mutations/args.schema';
import { issueMessages } from '../schemas/issue-messages';
import { newUid } from '../sync/ids';

export type CheckedImportRow = { ok: true; row: ImportRow } | { ok: false; reason: string; field: string | null };

export function checkImportRow(input: unknown): CheckedImportRow {
  const withUid = input && typeof input === 'object' ? { ...input, uid: newUid() } : input;
  const parsed = importRowSchema.safeParse(withUid);
  if (parsed.success) return { ok: true, row: parsed.data };
  const issues = Object.entries(issueMessages(parsed.error));
  const reason = issues.map(([field, message]) => (field === '_' ? message : `${field}: ${message}`)).join('; ');
  const fields = issues.map(([field]) => field).filter((field) => field !== '_');
  return { ok: false, reason, field: fields.length ? fields.join(', ') : null };
}
