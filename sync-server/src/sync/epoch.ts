/**
 * The sync epoch: a random id kept in app_settings (created by the sync migration). Every pull cursor
 * carries it; a cursor from another epoch makes the device drop its pulled rows and pull from scratch.
 * A database restored from a backup whose xids went backwards is caught by the cursor's xids (see
 * pull.service.ts); an operator can also force every device to resync by deleting the setting — a new
 * epoch is made on the next pull.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

export const SYNC_EPOCH_KEY = 'syncEpoch';

export async function getSyncEpoch(db: Knex): Promise<string> {
  const row = await db('app_settings').where({ key: SYNC_EPOCH_KEY }).first('value');
  if (row) return String(row.value);
  await db('app_settings')
    .insert({ key: SYNC_EPOCH_KEY, value: JSON.stringify(randomUUID()) })
    .onConflict('key')
    .ignore();
  const created = await db('app_settings').where({ key: SYNC_EPOCH_KEY }).first('value');
  return String(created.value);
}
