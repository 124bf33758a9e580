import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { allTables, type RepHireDb } from '@/db/database';
import { ownedDb } from '@/sync/testing/fixtures';
import { createImportMappingsRepo, MAX_REMEMBERED_MAPPINGS } from './mapping-repo';

let db: RepHireDb;
afterEach(async () => {
  await db?.delete();
});

describe('remembered import mappings', () => {
  it('keeps the latest choice per header signature, most recent first, and forgets on request', async () => {
    db = await ownedDb();
    const repo = createImportMappingsRepo(db);
    expect(await repo.list()).toEqual([]);
    await repo.remember('name|email|bestnumber', { name: 0, email: 1, phone: 2 });
    await repo.remember('fullname|correo', { name: 0, email: 1 });
    await repo.remember('name|email|bestnumber', { name: 0, email: 1, notes: 2 });
    expect(await repo.list()).toEqual([
      ['name|email|bestnumber', { name: 0, email: 1, notes: 2 }],
      ['fullname|correo', { name: 0, email: 1 }],
    ]);
    await repo.remember('fullname|correo', null);
    expect((await repo.list()).map(([signature]) => signature)).toEqual(['name|email|bestnumber']);
  });

  it('keeps a bounded number, and is wiped with the device data at sign-out', async () => {
    db = await ownedDb();
    const repo = createImportMappingsRepo(db);
    for (let i = 0; i < MAX_REMEMBERED_MAPPINGS + 5; i += 1) await repo.remember(`h${i}|email`, { name: 0, email: 1 });
    const kept = await repo.list();
    expect(kept).toHaveLength(MAX_REMEMBERED_MAPPINGS);
    expect(kept[0]![0]).toBe(`h${MAX_REMEMBERED_MAPPINGS + 4}|email`);
    // What the sync engine's wipeDeviceData clears at sign-out.
    await db.transaction('rw', [...allTables(db)], async () => {
      for (const table of allTables(db)) await table.clear();
    });
    expect(await repo.list()).toEqual([]);
  });
});
