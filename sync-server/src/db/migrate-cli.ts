/** `npm run migrate`: apply pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR. */
import { loadConfig } from '../lib/config';
import { migrateLatest, openDatabase } from './database';

const config = loadConfig();
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
});
const applied = await migrateLatest(db.knex);
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date');
await db.close();
