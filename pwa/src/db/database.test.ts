import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { createSyncEngine, UPGRADED_MESSAGE } from '@/sync/engine';
import { FakeEnvironment } from '@/sync/testing/fake-environment';
import { FakeSyncServer } from '@/sync/testing/fake-server';
import { ownedDb } from '@/sync/testing/fixtures';
import { RepHireDb } from './database';

/** A later app version: appends a schema version, as STYLE rule 11 asks. */
class NextVersionDb extends RepHireDb {
  constructor(name: string) {
    super(name);
    this.version(2).stores({ candidates: 'uid, emailKey, status, appliedDate, updatedAt, source' });
  }
}

describe('schema upgrades', () => {
  it('keep pending changes, and tell an open tab of the old version to reload', async () => {
    const db = await ownedDb();
    const repo = createCandidatesRepo(db);
    const engine = createSyncEngine({ db, transport: new FakeSyncServer().transport(), env: new FakeEnvironment().env });
    engine.start();
    await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const queued = await db.outbox.toArray();

    const next = new NextVersionDb(db.name);
    await next.open();
    expect(next.verno).toBe(2);
    expect(await next.outbox.toArray()).toEqual(queued);
    expect(await next.candidates.where('source').equals('x').count()).toBe(0);
    expect(engine.status.getState().error).toBe(UPGRADED_MESSAGE);
    expect(db.isOpen()).toBe(false);
    await next.delete();
  });
});
