/**
 * A candidate erased for privacy disappears from every device on its next sync — its record, interview
 * notes and the device's pending and rejected changes about it — whether the device pulls the erasure
 * before or after pushing its own offline edits, and none of those edits brings it back on the server.
 * Real sync engines (pwa/src/sync over fake-indexeddb) against the real server.
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { pullAll } from '@/sync/pull';
import { ERASED_CHANGE_LABEL } from '@/sync/erasure';
import { serverWithDevices } from './helpers/engine-device';
import { deviceRowsMentioning, serverRowsMentioning } from './helpers/personal-data';

const world = serverWithDevices();
const { device, freshReader } = world;
// Every text about the person holds one of these (the name, email and labels hold "zoe").
const PERSONAL = ['zoe', 'Hidden Town', 'salary'];

it('every device forgets an erased candidate, pending edits included, and nothing brings it back', async () => {
  const admin = await world.server.adminClient();
  const a = await device(await world.server.recruiterClient());
  const b = await device(await world.server.recruiterClient());
  const c = await device(await world.server.recruiterClient());
  const zoe = await a.candidates.createCandidate({ name: 'Zoe Private', email: 'zoe.private@x.io', location: 'Hidden Town' });
  const other = await a.candidates.createCandidate({ name: 'Other Person', email: 'other.person@x.io' });
  await a.interviews.saveInterviewNote(zoe.uid, '2026-04-01', 'She mentioned her salary');
  for (const d of [a, b, c]) expect(await d.engine.syncNow()).toEqual({ ok: true });
  expect(await b.interviews.getInterviewNote(zoe.uid, '2026-04-01')).toMatchObject({ note: 'She mentioned her salary' });

  // A and C edit her offline.
  a.env.online = false;
  c.env.online = false;
  await a.candidates.updateCandidate(zoe.uid, { location: 'Zoe moved' });
  await a.candidates.appendNote(zoe.uid, 'Call Zoe back');
  await a.interviews.saveInterviewNote(zoe.uid, '2026-04-02', 'Zoe, second interview');
  await c.candidates.updateCandidate(zoe.uid, { name: 'Zoe P.' });
  await c.candidates.updateCandidate(other.uid, { location: 'Reno' });
  await c.interviews.saveInterviewNote(zoe.uid, '2026-04-02', 'Zoe again');

  const id = (await a.candidates.getCandidate(zoe.uid))!.id!;
  expect((await admin.post(`/api/candidates/${id}/erase`)).status).toBe(200);

  // B is online: its next sync that reaches the erasure removes her (a transaction elsewhere on the
  // cluster can hold a pull's horizon back for a moment).
  await expect
    .poll(async () => {
      expect(await b.engine.syncNow()).toEqual({ ok: true });
      return deviceRowsMentioning(b.db, PERSONAL);
    }, { timeout: 20_000 })
    .toEqual([]);
  expect(await b.candidates.getCandidate(other.uid)).toMatchObject({ name: 'Other Person' });

  // C pulls the erasure before pushing: its pending changes about her are emptied where they stand
  // (the outbox keeps its numbering), its other pending change is untouched.
  await expect
    .poll(async () => {
      await pullAll(c.db, c.transport);
      return deviceRowsMentioning(c.db, PERSONAL);
    }, { timeout: 20_000 })
    .toEqual([]);
  expect((await c.db.outbox.toArray()).map((e) => e.label)).toEqual([ERASED_CHANGE_LABEL, 'Edit Other Person (location)', ERASED_CHANGE_LABEL]);
  c.env.online = true;
  await expect
    .poll(async () => {
      expect(await c.engine.syncNow()).toEqual({ ok: true });
      return c.db.outbox.count();
    }, { timeout: 20_000 })
    .toBe(0);
  expect(await c.db.rejected.count()).toBe(0);

  // A pushes first: the server refuses each edit, then the pull removes her and those refusals.
  a.env.online = true;
  await expect
    .poll(async () => {
      expect(await a.engine.syncNow()).toEqual({ ok: true });
      return [await deviceRowsMentioning(a.db, PERSONAL), await a.db.outbox.count()];
    }, { timeout: 20_000 })
    .toEqual([[], 0]);
  expect(await a.db.rejected.count()).toBe(0);

  expect(await serverRowsMentioning(world.server.db.knex, PERSONAL)).toEqual([]);
  const reader = await freshReader(admin);
  expect(await deviceRowsMentioning(reader.db, PERSONAL)).toEqual([]);
  expect(await reader.candidates.getCandidate(other.uid)).toMatchObject({ location: 'Reno' });
});
