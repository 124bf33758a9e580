/**
 * The device session: who is signed in on this device (remembered so the app opens offline) and the
 * client id their changes go under. Separate from the sync loop (loop.ts), whose rounds (round.ts)
 * only ask whether someone is signed in and whether the server wants them to sign in again.
 */
import { allTables, type RepHireDb } from '@/db/database';
import { getMeta, setMeta, type DeviceUser } from '@/db/meta';
import { renumberOutbox } from './push';

export interface DeviceSession {
  /** The remembered signed-in user. */
  owner(): Promise<DeviceUser | null>;
  /**
   * Remembers `user` and clears a pending "sign in again". When another user than the remembered one
   * signs in, the pending changes are kept under a new client id (a client id belongs to one user).
   */
  signIn(user: DeviceUser): Promise<void>;
  /** Removes every row, the queue and the remembered user from this device. */
  wipe(): Promise<void>;
}

/** `withSyncLock`: queue surgery and wiping must not interleave with a sync round in any tab. */
export function createDeviceSession(db: RepHireDb, withSyncLock: <T>(task: () => Promise<T>) => Promise<T>): DeviceSession {
  return {
    owner: () => getMeta(db, 'owner'),
    async signIn(user) {
      const previous = await getMeta(db, 'owner');
      if (previous && previous.id !== user.id) await withSyncLock(() => renumberOutbox(db, { dropProcessed: true }));
      await db.transaction('rw', db.meta, async () => {
        await setMeta(db, 'owner', user);
        await setMeta(db, 'needsSignIn', false);
        await setMeta(db, 'lastError', null);
      });
    },
    wipe: () =>
      withSyncLock(() =>
        db.transaction('rw', [...allTables(db)], async () => {
          for (const table of allTables(db)) await table.clear();
        }),
      ),
  };
}
