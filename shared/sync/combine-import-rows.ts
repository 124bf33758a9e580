/**
 * Rows of one import batch that share a uid or an email become one row, exactly as if each later row
 * updated the candidate the earlier made (importIntoExisting in merge.ts): later non-blank values win
 * (the replaced ones are reported as superseded, for the history), the email stays the first row's, and
 * notes lines the earlier rows lack are added (whole lines, never by substring). So a file gives the
 * same candidates wherever its batches are cut. Run by the candidates.import mutation, on the device
 * and on the server alike.
 */
import { StringMap } from '../candidates/string-map';
import { appendMissingLines } from '../candidates/notes';
import { normalizeEmail } from '../candidates/email';
import type { ImportRow } from '../mutations/args.schema';

export interface CombinedRows {
  rows: ImportRow[];
  /** Per combined row, the values a later duplicate row replaced. */
  superseded: Array<Array<{ field: string; value: unknown }>>;
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

export function combineImportRows(rows: readonly ImportRow[]): CombinedRows {
  const combined: ImportRow[] = [];
  const superseded: CombinedRows['superseded'] = [];
  // Keyed without V8's hash tables: the device keeps these uids and emails (string-map.ts).
  const byUid = new StringMap<number>();
  const byEmail = new StringMap<number>();
  for (const row of rows) {
    const email = normalizeEmail(row.email);
    const index = byUid.get(row.uid) ?? byEmail.get(email);
    if (index === undefined) {
      byUid.set(row.uid, combined.length);
      byEmail.set(email, combined.length);
      combined.push({ ...row });
      superseded.push([]);
      continue;
    }
    const target = combined[index]! as Record<string, unknown>;
    for (const [key, value] of Object.entries(row)) {
      if (key === 'uid' || key === 'email' || key === 'notes' || blank(value)) continue;
      if (!blank(target[key]) && target[key] !== value) superseded[index]!.push({ field: key, value: target[key] });
      target[key] = value;
    }
    if (!blank(row.notes)) target.notes = appendMissingLines(target.notes as string | undefined, row.notes);
    byUid.set(row.uid, index);
    byEmail.set(email, index);
  }
  return { rows: combined, superseded };
}
