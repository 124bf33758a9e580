/**
 * For tests of the import's reading: rows come out checked (checkImportRow), each with a new uid. These
 * check every uid and leave it out, so a test compares the fields a file gave.
 */
import { uidSchema } from '../mutations/args.schema';
import type { StoredRow } from './reader/row-batcher';

export function withoutUids<T extends { uid?: string }>(rows: readonly T[]): Array<Omit<T, 'uid'>> {
  return rows.map(({ uid, ...fields }) => {
    uidSchema.parse(uid);
    return fields;
  });
}

export function storedWithoutUids(rows: readonly StoredRow[]) {
  return rows.map((row) => (row.kind === 'candidate' ? { ...row, values: withoutUids([row.values])[0]! } : row));
}
