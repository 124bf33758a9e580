/**
 * Rows of one import batch that share a uid or an email become one row, as if each later row updated
 * the earlier: later non-blank values win (the replaced ones are reported as superseded, for the
 * history), notes add up. The server and the device both run this before upserting a
 * `candidates.import` batch, so they make the same records from it.
 */
import { normalizeEmail } from '../candidates/email';
import { appendLine } from './merge';
import type { ImportRow } from './protocol.schema';

export interface CombinedRows {
  rows: ImportRow[];
  /** Per combined row, the values a later duplicate row replaced. */
  superseded: Array<Array<{ field: string; value: unknown }>>;
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

export function combineImportRows(rows: readonly ImportRow[]): CombinedRows {
  const combined: ImportRow[] = [];
  const superseded: CombinedRows['superseded'] = [];
  const byUid = new Map<string, number>();
  const byEmail = new Map<string, number>();
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
      if (key === 'uid' || key === 'notes' || blank(value)) continue;
      if (!blank(target[key]) && target[key] !== value) superseded[index]!.push({ field: key, value: target[key] });
      target[key] = value;
    }
    const notes = (target.notes as string | undefined) ?? '';
    if (!blank(row.notes) && !notes.includes(row.notes!)) target.notes = appendLine(notes, row.notes!);
    byUid.set(row.uid, index);
    byEmail.set(email, index);
  }
  return { rows: combined, superseded };
}
