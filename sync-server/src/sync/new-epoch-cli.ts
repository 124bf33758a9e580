/**
 * `npm run sync:new-epoch`: starts a new sync epoch in DATABASE_URL, or in the embedded database in
 * DATA_DIR (stop the server first: the embedded database has one user), so every device pulls from
 * scratch on its next sync, keeping its unsent changes. Run it after restoring a physical copy of the
 * database (see README, "Backup and restore"); a restored dump changes the epoch by itself.
 */
import { loadConfig } from '../lib/config';
import { newSyncEpoch } from './epoch';
import { openDatabase } from '../db/database';

const config = loadConfig();
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
});
console.log(`New sync epoch: ${await newSyncEpoch(db.knex)}. Devices will resync from scratch on their next sync.`);
await db.close();
