/**
 * The sync epoch, which every pull cursor carries: a cursor from another epoch makes the device drop
 * its pulled rows and pull from scratch (keeping its pending changes).
 *
 * The epoch is the random id kept in app_settings ('syncEpoch', made by the sync migration) together
 * with the `xmin` of that row — the id of the transaction that wrote the row. The id alone travels in
 * a backup, but a restore writes the row anew: a logical restore (pg_restore, psql < dump) into any
 * database, the same one included, gives it a new xmin, so every restore of a dump changes the epoch
 * by itself. (VACUUM, VACUUM FULL and CLUSTER keep xmin; only writing the row changes it.)
 *
 * A physical copy (a copy of DATA_DIR, a file-system snapshot, pg_basebackup) keeps xmin too. It is
 * caught when the database's transaction ids went backwards (a cursor ahead of the database, see
 * pull.service.ts) — reliably only until the restored database has run as many transactions as the
 * copy lost, so after such a restore an operator runs `npm run sync:new-epoch` (newSyncEpoch below), or
 * deletes the setting: a new epoch is made on the next pull.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

export const SYNC_EPOCH_KEY = 'syncEpoch';

async function readEpoch(db: Knex): Promise<string | undefined> {
  const row = await db('app_settings').where({ key: SYNC_EPOCH_KEY }).first('value', db.raw('xmin::text AS written_by'));
  return row ? `${String(row.value)}.${row.writtenBy}` : undefined;
}

export async function getSyncEpoch(db: Knex): Promise<string> {
  const epoch = await readEpoch(db);
  if (epoch) return epoch;
  await db('app_settings')
    .insert({ key: SYNC_EPOCH_KEY, value: JSON.stringify(randomUUID()) })
    .onConflict('key')
    .ignore();
  return (await readEpoch(db))!;
}

/** Starts a new epoch: every device resyncs from scratch on its next pull. */
export async function newSyncEpoch(db: Knex): Promise<string> {
  await db('app_settings')
    .insert({ key: SYNC_EPOCH_KEY, value: JSON.stringify(randomUUID()), updatedAt: db.fn.now() })
    .onConflict('key')
    .merge(['value', 'updatedAt']);
  return (await readEpoch(db))!;
}
