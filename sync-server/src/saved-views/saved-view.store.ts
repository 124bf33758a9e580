/**
 * Saved views' rows (saved_views), read and written for the shared savedView mutations inside the
 * push transaction; rows are read `FOR UPDATE`. The owner check is the mutations' (a view answers
 * whoever asks here); pulls send a user only their own (pull.service.ts).
 */
import type { Knex } from 'knex';
import type { SavedView } from '@shared/schemas/saved-view.schema';
import {
  columnValues,
  integerOrNull,
  jsonObject,
  jsonValue,
  readColumns,
  text,
  textOrNull,
  timestamp,
  timestampOrNull,
  type ColumnMap,
} from '../db/row-values';
import { rowJson } from '../db/row-json.sql';

/** The saved_views table's one column map. */
const COLUMNS: ColumnMap<SavedView> = [
  ['uid', 'uid', text, 'fixed'],
  ['userId', 'user_id', integerOrNull, 'fixed'],
  ['name', 'name', text],
  ['state', 'state', jsonValue],
  ['defaultHlc', 'default_hlc', textOrNull],
  ['fieldClocks', 'field_clocks', jsonObject],
  ['createdAt', 'created_at', timestamp, 'fixed'],
  ['updatedAt', 'updated_at', timestamp],
  ['deletedAt', 'deleted_at', timestampOrNull],
];

/** The saved view (SavedView) of table alias `t`, rendered by PostgreSQL. */
export const savedViewJson = (t: string) => rowJson(COLUMNS, t);

export async function findSavedView(trx: Knex, uid: string): Promise<SavedView | undefined> {
  const row = await trx('savedViews').where({ uid }).first().forUpdate();
  return row ? { id: Number(row.id), ...readColumns(COLUMNS, row) } : undefined;
}

export async function putSavedView(trx: Knex, view: SavedView): Promise<void> {
  if (view.userId === null) throw new Error('A saved view needs its user');
  if (view.id === null) {
    await trx('savedViews').insert(columnValues(COLUMNS, view, 'insert'));
  } else {
    await trx('savedViews').where({ id: view.id }).update(columnValues(COLUMNS, view, 'update'));
  }
}
