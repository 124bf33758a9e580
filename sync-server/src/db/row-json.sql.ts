/**
 * SQL that has PostgreSQL render synced rows as JSON in the shared record shapes
 * (shared/schemas/candidate.schema.ts), for the large reads (pull pages, the REST candidate list): the
 * rows go out as the database wrote them, with no per-row JavaScript objects in between. Each table's
 * JSON is built over its column map (row-values.ts), the same list its repository reads rows with, so
 * the two give the same output.
 */
import { isoSql, type ColumnMap } from './row-values';

/**
 * The record of table alias `t` as a JSON object: its id, then the map's fields in the map's order.
 * `joined` gives the SQL of the fields that are not the table's columns (a child row's candidateUid).
 */
export function rowJson<R>(columns: ColumnMap<R>, t: string, joined: Partial<Record<keyof R & string, string>> = {}): string {
  const pairs = columns.map(([field, column, type]) => {
    const expr = column === null ? joined[field] : `${t}.${column}`;
    if (expr === undefined) throw new Error(`No SQL for the joined field ${field}`);
    return `'${field}', ${type.sql ? type.sql(expr) : expr}`;
  });
  return `json_build_object('id', ${t}.id, ${pairs.join(', ')})`;
}

/**
 * The confirmation of a candidate of alias `t` that the pulling device wrote itself (OwnRowConfirmation):
 * what the server gave the row (id, timestamps) and the run of the device's mutations that wrote it.
 */
export function ownRowConfirmationJson(t: string): string {
  return `json_build_object(
    'uid', ${t}.uid, 'id', ${t}.id, 'createdAt', ${isoSql(`${t}.created_at`)}, 'updatedAt', ${isoSql(`${t}.updated_at`)},
    'deletedAt', ${isoSql(`${t}.deleted_at`)}, 'from', ${t}.own_first, 'through', ${t}.own_last, 'count', ${t}.own_count)`;
}
