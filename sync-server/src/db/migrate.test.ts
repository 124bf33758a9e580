/**
 * Server instances starting together on an empty PostgreSQL database all migrate it, one after the
 * other, and all start (needs PostgreSQL: DATABASE_URL; the embedded database has one process).
 */
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/test-database';
import { migrateLatest, openDatabase } from './database';

it.skipIf(!process.env.DATABASE_URL)('lets instances starting at once on an empty database take turns (needs PostgreSQL: DATABASE_URL)', { timeout: 60_000 }, async () => {
  for (let round = 0; round < 3; round++) {
    const database = await createTestDatabase({ migrate: false });
    const instances = await Promise.all([0, 1, 2, 3].map(() => openDatabase({ databaseUrl: database.url! })));
    try {
      const applied = await Promise.all(instances.map((instance) => migrateLatest(instance.knex)));
      // One instance applied them all; the others found nothing left to do.
      expect(applied.filter((names) => names.length > 0)).toHaveLength(1);
      expect(applied.flat().length).toBeGreaterThan(0);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await database.close();
    }
  }
});
