/** Small builders for device-side tests (fake-indexeddb must be loaded by the test file first). */
import { NOTIFICATION_DEFAULTS, type User } from '@shared/schemas/user.schema';
import { newUid } from '@shared/sync/ids';
import { RepHireDb } from '@/db/database';
import { setMeta } from '@/db/meta';

/** A database of its own, so tests never share state. */
export function freshDb(): RepHireDb {
  return new RepHireDb(`test-${newUid()}`);
}

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    username: 'ann',
    role: 'recruiter',
    email: null,
    displayName: null,
    theme: 'system',
    compactView: false,
    highContrast: false,
    notifications: { ...NOTIFICATION_DEFAULTS },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A database whose device owner is signed in (the engine syncs only then). */
export async function ownedDb(user: User = testUser()): Promise<RepHireDb> {
  const db = freshDb();
  await db.transaction('rw', db.meta, () => setMeta(db, 'owner', user));
  return db;
}
