import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CANDIDATE_FILTERS } from '@shared/candidates/filters';
import type { SavedView } from '@shared/schemas/saved-view.schema';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { TestDevice } from '../../tests/helpers/sync-device';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const state = { filters: { ...DEFAULT_CANDIDATE_FILTERS, sources: ['craigslist'] }, sort: { column: 'name', direction: 'asc' }, pageSize: 50 };
const viewsOf = async (device: TestDevice) => (await device.pull()).pages.flatMap((page) => page.savedViews) as SavedView[];

describe('saved views over sync', () => {
  it('reach the same user’s other devices, with renames, the default and deletes; never another user’s', async () => {
    const rita = await server.recruiterClient();
    const sam = await server.recruiterClient();
    const laptop = new TestDevice(rita);
    const phone = new TestDevice(rita);
    const samsDevice = new TestDevice(sam);
    const uid = randomUUID();
    const gone = randomUUID();
    const res = await laptop.push([
      laptop.mutation('savedView.save', { uid, name: 'Craigslist by name', state, isDefault: true }),
      laptop.mutation('savedView.save', { uid: gone, name: 'Short-lived', state }),
      laptop.mutation('savedView.save', { uid, name: 'Craigslist A–Z' }),
      laptop.mutation('savedView.delete', { uid: gone }),
    ]);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);

    const onPhone = await viewsOf(phone);
    expect(onPhone.find((view) => view.uid === uid)).toMatchObject({ name: 'Craigslist A–Z', state, defaultHlc: expect.any(String), deletedAt: null });
    expect(onPhone.find((view) => view.uid === gone)?.deletedAt).toEqual(expect.any(String));
    expect(await viewsOf(samsDevice)).toEqual([]);

    // Another user can neither change nor delete it (answered as not found).
    const theirs = await samsDevice.push([
      samsDevice.mutation('savedView.save', { uid, name: 'Hijacked' }),
      samsDevice.mutation('savedView.delete', { uid }),
    ]);
    expect(theirs.body.results.map((r: { reason?: string }) => r.reason)).toEqual(['Saved view not found', 'Saved view not found']);
    expect(await server.db.knex('savedViews').where({ uid }).first('name', 'deletedAt')).toEqual({ name: 'Craigslist A–Z', deletedAt: null });

    // A rename on the phone reaches the laptop by its next pull (from its cursor).
    await laptop.pull();
    await phone.push([phone.mutation('savedView.save', { uid, name: 'From the phone' })]);
    expect((await viewsOf(laptop)).map((view) => view.name)).toEqual(['From the phone']);
  });

  it('refuses bad input with a reason, and keeps the queue moving', async () => {
    const device = new TestDevice(await server.recruiterClient());
    const uid = randomUUID();
    const res = await device.push([
      device.mutation('savedView.save', { uid, name: '', state }),
      device.mutation('savedView.save', { uid, name: 'x'.repeat(61), state }),
      device.mutation('savedView.save', { uid: 'nope', name: 'Bad uid', state }),
      device.mutation('savedView.save', { uid, name: 'No state' }),
      device.mutation('savedView.save', { uid, name: 'Fine', state: { filters: { status: 'hired', colour: 'red' }, pageSize: 3 } }),
    ]);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'applied']);
    const row = await server.db.knex('savedViews').where({ uid }).first('state');
    // Unknown settings are dropped and unreadable ones defaulted before the view is stored.
    expect(row.state).toMatchObject({ filters: { status: 'hired', location: 'all' }, pageSize: 25 });
    expect(row.state.filters).not.toHaveProperty('colour');
  });
});
