/**
 * The app's sync engine, over the app's device database and this origin's /api/sync endpoints.
 * The shell starts it once a user is known (`syncEngine.start()` after `syncEngine.signedIn(user)`).
 */
import { appDb } from '@/db/app-db';
import { createSyncEngine } from './engine';

export const syncEngine = createSyncEngine({ db: appDb });
