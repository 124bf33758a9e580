/**
 * Column maps: each table's repository (candidate.store.ts, …) lists the table's columns once — the
 * field of the shared record each holds, its column and its type — and reads rows, writes them and has
 * PostgreSQL render them as JSON (row-json.sql.ts) over that list, so adding a column is one line.
 */

/** A column's type: how its value reads into the record, renders in SQL JSON, and is written. */
export interface ColumnType {
  /** A value as the query builder returns it (a Date from pg, a string from PGlite's JSON paths) → the record's. */
  read(value: unknown): unknown;
  /** SQL rendering the column's expression as the record's JSON value; the value as it is when absent. */
  sql?(expr: string): string;
  /** A json(b) column: the query builder takes its value as JSON text. */
  json?: true;
}

/**
 * One column: the record's field (the query builder's name for the column), the column's SQL name, its
 * type, and `fixed` when it is written on insert only (the row's identity and birth). A null column is a
 * field the row's queries join in (a child row's candidateUid, from its candidate).
 */
export type Column<R> = readonly [field: keyof R & string, column: string | null, type: ColumnType, fixed?: 'fixed'];
export type ColumnMap<R> = ReadonlyArray<Column<R>>;

/** A timestamp column (a Date from pg, a string from PGlite's JSON paths) as an ISO string. */
export function toIso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(value as string).toISOString();
}

export const toIsoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : toIso(value));

/** A timestamp rendered by PostgreSQL exactly like Date#toISOString (UTC, milliseconds, 'Z'), so devices can compare them as text. */
export const isoSql = (expr: string) => `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const text: ColumnType = { read: (value) => value as string };
export const textOrNull: ColumnType = { read: (value) => (value as string | null) ?? null };
export const textOrEmpty: ColumnType = { read: (value) => (value as string) ?? '' };
export const integer: ColumnType = { read: (value) => Number(value) };
export const integerOrNull: ColumnType = { read: (value) => (value === null || value === undefined ? null : Number(value)) };
export const boolean: ColumnType = { read: (value) => value as boolean };
/** A json(b) object (field clocks, scores): {} when absent. */
export const jsonObject: ColumnType = { read: (value) => value ?? {}, json: true };
/** A json(b) value kept as stored. */
export const jsonValue: ColumnType = { read: (value) => value, json: true };
export const timestamp: ColumnType = { read: toIso, sql: isoSql };
export const timestampOrNull: ColumnType = { read: toIsoOrNull, sql: isoSql };

/**
 * A row's fields but its id (every table's key, which the caller reads), over the map: `by` 'field' for
 * rows from the query builder (camelCase), 'column' for row_to_json's.
 */
export function readColumns<R>(columns: ColumnMap<R>, row: Record<string, unknown>, by: 'field' | 'column' = 'field'): Omit<R, 'id'> {
  const record: Record<string, unknown> = {};
  for (const [field, column, type] of columns) record[field] = type.read(row[by === 'field' ? field : (column ?? field)]);
  return record as Omit<R, 'id'>;
}

/**
 * A record's values as the query builder writes them (by field, json columns as text): every column for
 * an insert, the ones not `fixed` for an update. Joined fields are not the table's and are left out.
 */
export function columnValues<R>(columns: ColumnMap<R>, record: R, write: 'insert' | 'update'): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [field, column, type, fixed] of columns) {
    if (column === null || (write === 'update' && fixed)) continue;
    values[field] = type.json ? JSON.stringify(record[field]) : record[field];
  }
  return values;
}
