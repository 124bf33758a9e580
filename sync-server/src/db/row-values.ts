/** Column values as the query builder returns them → the shared records' forms, for every table's repository. */

/** A timestamp column (a Date from pg, a string from PGlite's JSON paths) as an ISO string. */
export function toIso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(value as string).toISOString();
}

export const toIsoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : toIso(value));
