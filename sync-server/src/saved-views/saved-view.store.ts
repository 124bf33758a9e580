/**
 * Saved views' rows (saved_views), read and written for the shared savedView mutations inside the
 * push transaction; rows are read `FOR UPDATE`. The owner check is the mutations' (a view answers
 * whoever asks here); pulls send a user only their own (pull.service.ts).
 */
import type { Knex } from 'knex';
import type { SavedView } from '@shared/schemas/saved-view.schema';
import { toIso } from '../db/row-values';

interface SavedViewRow {
  id: string | number;
  uid: string;
  userId: number;
  name: string;
  state: unknown;
  defaultHlc: string | null;
  fieldClocks: Record<string, string>;
  createdAt: unknown;
  updatedAt: unknown;
  deletedAt: unknown;
}

function rowToSavedView(row: SavedViewRow): SavedView {
  return {
    id: Number(row.id),
    uid: row.uid,
    userId: row.userId,
    name: row.name,
    state: row.state,
    defaultHlc: row.defaultHlc,
    fieldClocks: row.fieldClocks ?? {},
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    deletedAt: row.deletedAt === null || row.deletedAt === undefined ? null : toIso(row.deletedAt),
  };
}

export async function findSavedView(trx: Knex, uid: string): Promise<SavedView | undefined> {
  const row = (await trx('savedViews').where({ uid }).first().forUpdate()) as SavedViewRow | undefined;
  return row ? rowToSavedView(row) : undefined;
}

export async function putSavedView(trx: Knex, view: SavedView): Promise<void> {
  if (view.userId === null) throw new Error('A saved view needs its user');
  const values = {
    name: view.name,
    state: JSON.stringify(view.state),
    defaultHlc: view.defaultHlc,
    fieldClocks: JSON.stringify(view.fieldClocks),
    updatedAt: view.updatedAt,
    deletedAt: view.deletedAt,
  };
  if (view.id === null) {
    await trx('savedViews').insert({ ...values, uid: view.uid, userId: view.userId, createdAt: view.createdAt });
  } else {
    await trx('savedViews').where({ id: view.id }).update(values);
  }
}
