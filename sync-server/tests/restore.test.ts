/**
 * Backup and restore, as README's "Backup and restore" describes them: after the database is restored
 * from an earlier backup, a device notices (its cursor's epoch is gone), pulls everything again —
 * forgetting rows the restored database does not have — and pushes its unsynced changes, none lost.
 *
 * The dump test needs real PostgreSQL (pg_dump and pg_restore into the same database); the embedded
 * database has no pg_dump, and its backup is a copy of DATA_DIR, after which the operator starts a new
 * epoch (`npm run sync:new-epoch`, newSyncEpoch) — the second test, which runs on both.
 */
import 'fake-indexeddb/auto';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { getSyncEpoch, newSyncEpoch } from '../src/sync/epoch';
import { serverWithDevices, type EngineDevice } from './helpers/engine-device';

const run = promisify(execFile);
const hasPgTools = spawnSync('pg_dump', ['--version']).status === 0 && spawnSync('pg_restore', ['--version']).status === 0;

const world = serverWithDevices();
const { device } = world;
const onServer = (email: string) => world.server.db.knex('candidates').where({ email }).whereNull('deletedAt').first();

/**
 * A device that synced, then lost the connection and changed things: an edit, a new candidate and an
 * interview note that only it has. Answers the uids involved.
 */
async function offlineChanges(a: EngineDevice, tag: string) {
  const [kept] = await a.candidates.findByEmail(`kept.${tag}@x.io`);
  a.env.online = false;
  await a.candidates.updateCandidate(kept!.uid, { location: `Offline Town ${tag}` });
  const fresh = await a.candidates.createCandidate({ name: `Olive ${tag}`, email: `olive.${tag}@x.io` });
  await a.interviews.saveInterviewNote(kept!.uid, '2026-05-01', `Offline note ${tag}`);
  expect(await a.db.outbox.count()).toBe(3);
  return { kept: kept!.uid, fresh: fresh.uid };
}

async function expectOfflineChangesOnServer(tag: string) {
  expect(await onServer(`kept.${tag}@x.io`)).toMatchObject({ location: `Offline Town ${tag}` });
  expect(await onServer(`olive.${tag}@x.io`)).toMatchObject({ name: `Olive ${tag}` });
  const [{ note }] = await world.server.db
    .knex('interview_notes as n')
    .join('candidates as c', 'c.id', 'n.candidateId')
    .where('c.email', `kept.${tag}@x.io`)
    .select('n.note');
  expect(note).toBe(`Offline note ${tag}`);
}

it.skipIf(!process.env.DATABASE_URL || !hasPgTools)(
  'after pg_restore of an earlier pg_dump, a device resyncs from scratch and pushes its unsynced changes',
  async () => {
    const url = world.server.db.url!;
    const a = await device(await world.server.recruiterClient());
    const b = await device(await world.server.recruiterClient());
    await a.candidates.createCandidate({ name: 'Kept Before Backup', email: 'kept.dump@x.io' });
    expect(await a.engine.syncNow()).toEqual({ ok: true });

    const backup = path.join(mkdtempSync(path.join(tmpdir(), 'rephire-backup-')), 'rephire.dump');
    await run('pg_dump', ['--format=custom', `--file=${backup}`, `--dbname=${url}`]);
    const epochAtBackup = await getSyncEpoch(world.server.db.knex);

    // After the backup, another device adds a candidate that this one pulls: the restore loses it.
    await b.candidates.createCandidate({ name: 'Gone In Restore', email: 'gone.dump@x.io' });
    expect(await b.engine.syncNow()).toEqual({ ok: true });
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    expect(await a.candidates.findByEmail('gone.dump@x.io')).toHaveLength(1);
    const uids = await offlineChanges(a, 'dump');

    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${url}`, backup]);
    expect(await onServer('gone.dump@x.io')).toBeUndefined();
    // The restore wrote the epoch's row anew: the epoch changed by itself.
    expect(await getSyncEpoch(world.server.db.knex)).not.toBe(epochAtBackup);

    a.env.online = true;
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    expect(await a.candidates.findByEmail('gone.dump@x.io')).toEqual([]);
    expect(await a.db.outbox.count()).toBe(0);
    expect(await a.candidates.getCandidate(uids.fresh)).toMatchObject({ id: expect.any(Number) });
    await expectOfflineChangesOnServer('dump');
  },
);

it('after a physical restore the operator starts a new epoch, and a device resyncs keeping its unsynced changes', async () => {
  const a = await device(await world.server.recruiterClient());
  await a.candidates.createCandidate({ name: 'Kept Before Copy', email: 'kept.copy@x.io' });
  expect(await a.engine.syncNow()).toEqual({ ok: true });
  await offlineChanges(a, 'copy');
  // What a copy of DATA_DIR taken earlier would not have: a row this device pulled.
  const ghost = crypto.randomUUID();
  const [kept] = await a.candidates.findByEmail('kept.copy@x.io');
  await a.db.candidates.put({ ...kept!, uid: ghost, email: 'ghost.copy@x.io', emailKey: 'ghost.copy@x.io' });
  const before = await getSyncEpoch(world.server.db.knex);

  expect(await newSyncEpoch(world.server.db.knex)).not.toBe(before);
  a.env.online = true;
  expect(await a.engine.syncNow()).toEqual({ ok: true });
  expect(await a.candidates.getCandidate(ghost)).toBeUndefined();
  expect(await a.db.outbox.count()).toBe(0);
  await expectOfflineChangesOnServer('copy');
});
