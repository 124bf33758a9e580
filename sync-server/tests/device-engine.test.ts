/**
 * The device's real sync engine (pwa/src/sync over fake-indexeddb) against the real server over HTTP:
 * each simulated device has its own IndexedDB database, engine and session cookie.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { User } from '@shared/schemas/user.schema';
import { clientIdOf } from '@/db/meta';
import { pullAll } from '@/sync/pull';
import { SyncError, type SyncTransport } from '@/sync/transport';
import type { HttpClient } from './helpers/http-client';
import { serverWithDevices } from './helpers/engine-device';

const world = serverWithDevices();
const { device, freshReader, serverCandidate } = world;

describe('device engine against the server', () => {
  it('pushes offline edits when back online, and another device pulls them', async () => {
    const http = await world.server.recruiterClient();
    const a = await device(http);
    a.env.online = false;
    const ann = await a.candidates.createCandidate({ name: 'Ann Offline', email: 'ann.offline@x.io' });
    await a.candidates.setStatus(ann.uid, 'interview', '[2026-01-02] Status updated');
    await a.interviews.saveInterviewNote(ann.uid, '2026-01-02', 'Good call');
    expect(await a.engine.syncNow()).toEqual({ ok: false, reason: 'offline' });
    a.env.online = true;
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    expect(await a.db.outbox.count()).toBe(0);
    expect((await a.candidates.getCandidate(ann.uid))!.id).toEqual(expect.any(Number));

    const b = await freshReader(await world.server.recruiterClient());
    expect(await b.candidates.getCandidate(ann.uid)).toMatchObject({ status: 'interview', notes: '[2026-01-02] Status updated' });
    expect(await b.interviews.getInterviewNote(ann.uid, '2026-01-02')).toMatchObject({ note: 'Good call' });
  });

  it('keeps both of two devices editing different fields of one candidate, and rebases pending work on pulls', async () => {
    const a = await device(await world.server.recruiterClient());
    const b = await device(await world.server.recruiterClient());
    const bo = await a.candidates.createCandidate({ name: 'Bo Fields', email: 'bo.fields@x.io' });
    await a.engine.syncNow();
    await b.engine.syncNow();
    await a.candidates.updateCandidate(bo.uid, { phone: '+1 555 0100' });
    await b.candidates.updateCandidate(bo.uid, { location: 'Denver' });
    expect(await b.engine.syncNow()).toEqual({ ok: true });
    // A pulls before pushing: its pending phone stays on top of the server's newer row.
    await pullAll(a.db, a.transport);
    expect(await a.candidates.getCandidate(bo.uid)).toMatchObject({ phone: '+1 555 0100', location: 'Denver' });
    expect(await a.db.outbox.count()).toBe(1);
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    await b.engine.syncNow();
    for (const d of [a, b]) expect(await d.candidates.getCandidate(bo.uid)).toMatchObject({ phone: '+1 555 0100', location: 'Denver' });
  });

  it('drops applied entries only when a pull includes them', async () => {
    let failPull = true;
    const a = await device(await world.server.recruiterClient(), (t) => ({
      push: t.push,
      pull: async (q) => {
        if (failPull) throw new SyncError('network', 'lost');
        return t.pull(q);
      },
    }));
    const cy = await a.candidates.createCandidate({ name: 'Cy Ack', email: 'cy.ack@x.io' });
    expect((await a.engine.syncNow()).ok).toBe(false);
    expect(await a.db.outbox.count()).toBe(1);
    expect(await serverCandidate(a.http, 'cy.ack@x.io')).toMatchObject({ uid: cy.uid });
    failPull = false;
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    expect(await a.db.outbox.count()).toBe(0);
  });

  it('applies a mutation once when the push response is lost after the server committed', async () => {
    let loseNext = true;
    const a = await device(await world.server.recruiterClient(), (t) => ({
      pull: t.pull,
      push: async (request) => {
        const response = await t.push(request);
        if (loseNext) {
          loseNext = false;
          throw new SyncError('network', 'connection reset');
        }
        return response;
      },
    }));
    await a.candidates.importCandidates([{ name: 'Di Lost', email: 'di.lost@x.io' }]);
    const [di] = await a.candidates.findByEmail('di.lost@x.io');
    await a.candidates.appendNote(di!.uid, 'called once');
    expect((await a.engine.syncNow()).ok).toBe(false);
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    const reader = await freshReader(a.http);
    const found = await reader.candidates.findByEmail('di.lost@x.io');
    expect(found).toHaveLength(1);
    expect(found[0]!.notes).toBe('called once');
  });

  it('surfaces a rejected change with the server reason and removes its effect', async () => {
    const a = await device(await world.server.recruiterClient());
    // Deleting is an administrator's.
    const b = await device(await world.server.adminClient());
    const ed = await a.candidates.createCandidate({ name: 'Ed Gone', email: 'ed.gone@x.io' });
    await a.engine.syncNow();
    await b.engine.syncNow();
    await b.candidates.deleteCandidate(ed.uid);
    await b.engine.syncNow();
    await a.candidates.updateCandidate(ed.uid, { phone: '123' });
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    expect(a.engine.status.getState().rejected).toEqual([
      expect.objectContaining({ label: 'Edit Ed Gone (phone)', reason: expect.stringMatching(/deleted/i) }),
    ]);
    expect(await a.candidates.getCandidate(ed.uid)).toBeUndefined();
    expect(await a.db.outbox.count()).toBe(0);
  });

  it('pauses on 401 keeping the queue, and resumes after signing in again', async () => {
    const http = await world.server.recruiterClient('sessionend');
    const a = await device(http);
    await a.candidates.createCandidate({ name: 'Flo Session', email: 'flo.session@x.io' });
    await http.post('/api/logout');
    expect(await a.engine.syncNow()).toMatchObject({ ok: false, reason: 'needsSignIn' });
    expect(a.engine.status.getState()).toMatchObject({ needsSignIn: true, pendingCount: 1 });
    expect(await a.db.outbox.count()).toBe(1);
    const login = await http.post('/api/login', { username: 'sessionend', password: 'recruiter-password' });
    expect(login.status).toBe(200);
    await a.engine.signedIn(login.body);
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    expect(await a.db.outbox.count()).toBe(0);
    expect(await serverCandidate(http, 'flo.session@x.io')).toBeDefined();
  });

  it('merges an imported row into the candidate the server already has with that email', async () => {
    const a = await device(await world.server.recruiterClient());
    const b = await device(await world.server.recruiterClient());
    const gus = await b.candidates.createCandidate({ name: 'Gus', email: 'gus@x.io', phone: '7' });
    await b.engine.syncNow();
    // A has not pulled gus@x.io yet: its import makes a local record with a uid of its own.
    await a.candidates.importCandidates([{ name: 'Gus Imported', email: ' GUS@x.io', location: 'Reno' }]);
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    const mine = await a.candidates.findByEmail('gus@x.io');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ uid: gus.uid, phone: '7', location: 'Reno', name: 'Gus Imported' });
  });

  it('pushes a large import in batches and a new device pulls it in pages', async () => {
    const a = await device(await world.server.recruiterClient());
    const rows = Array.from({ length: 2500 }, (_, i) => ({ name: `Bulk ${i}`, email: `bulk${i}@x.io`, source: 'file' }));
    const result = await a.candidates.importCandidates(rows, { fileName: 'bulk.csv' });
    expect(result).toMatchObject({ created: 2500, mutations: 3 });
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    expect(await a.db.outbox.count()).toBe(0);
    const reader = await freshReader(a.http);
    const bulk = (await reader.candidates.listCandidates()).filter((c) => c.email.startsWith('bulk'));
    expect(bulk).toHaveLength(2500);
  });

  it('resyncs from scratch when the server asks (reset), keeping pending changes', async () => {
    const a = await device(await world.server.recruiterClient());
    const hal = await a.candidates.createCandidate({ name: 'Hal Reset', email: 'hal.reset@x.io' });
    await a.engine.syncNow();
    // A row only this device has (as if the server lost it in a restore), and a pending edit.
    await a.db.candidates.put({ ...(await a.db.candidates.get(hal.uid))!, uid: crypto.randomUUID(), email: 'ghost@x.io', emailKey: 'ghost@x.io' });
    await a.candidates.updateCandidate(hal.uid, { phone: '42' });
    await world.server.db.knex('app_settings').where({ key: 'syncEpoch' }).delete();
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    expect(await a.candidates.findByEmail('ghost@x.io')).toEqual([]);
    expect(await a.candidates.getCandidate(hal.uid)).toMatchObject({ phone: '42' });
    expect(await serverCandidate(a.http, 'hal.reset@x.io')).toMatchObject({ phone: '42' });
  });

  it('continues under a new client id when another user signs in on the device', async () => {
    const first = await world.server.recruiterClient();
    const a = await device(first);
    const ivy = await a.candidates.createCandidate({ name: 'Ivy Switch', email: 'ivy.switch@x.io' });
    await a.engine.syncNow();
    const clientId = await clientIdOf(a.db);
    await a.candidates.appendNote(ivy.uid, 'by the second user');
    // The device's cookie now belongs to someone else.
    const second = await world.server.recruiterClient();
    for (const [k, v] of second.cookies) first.cookies.set(k, v);
    await a.engine.signedIn((await second.get<User>('/api/user')).body);
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    expect(await clientIdOf(a.db)).not.toBe(clientId);
    expect(await serverCandidate(second, 'ivy.switch@x.io')).toMatchObject({ notes: 'by the second user' });
  });

  it('recovers when the server says the client id belongs to another user', async () => {
    const first = await world.server.recruiterClient();
    const a = await device(first);
    await a.candidates.createCandidate({ name: 'Kim Client', email: 'kim.client@x.io' });
    await a.engine.syncNow();
    const clientId = await clientIdOf(a.db);
    const second = await world.server.recruiterClient();
    for (const [k, v] of second.cookies) first.cookies.set(k, v);
    await a.candidates.updateCandidate((await a.candidates.findByEmail('kim.client@x.io'))[0]!.uid, { phone: '5' });
    // Nobody told the engine about the new user: the server refuses the old client id once.
    expect(await a.engine.syncNow()).toMatchObject({ ok: false, message: expect.stringMatching(/^403: .*another user/) });
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    expect(await clientIdOf(a.db)).not.toBe(clientId);
    expect(await serverCandidate(second, 'kim.client@x.io')).toMatchObject({ phone: '5' });
  });

  it('merges two devices writing the same day\'s interview note into one note', async () => {
    const a = await device(await world.server.recruiterClient());
    const b = await device(await world.server.recruiterClient());
    const lee = await a.candidates.createCandidate({ name: 'Lee Notes', email: 'lee.notes@x.io' });
    await a.engine.syncNow();
    await b.engine.syncNow();
    await a.interviews.saveInterviewNote(lee.uid, '2026-02-03', 'from A');
    await b.interviews.saveInterviewNote(lee.uid, '2026-02-03', 'from B, later');
    await a.engine.syncNow();
    await b.engine.syncNow();
    await a.engine.syncNow();
    for (const d of [a, b]) {
      expect(await d.interviews.notesForCandidate(lee.uid)).toEqual([expect.objectContaining({ note: 'from B, later' })]);
    }
  });

  it('flushes before sign-out, then wipes the device', async () => {
    const a = await device(await world.server.recruiterClient());
    await a.candidates.createCandidate({ name: 'Jo Leaving', email: 'jo.leaving@x.io' });
    a.env.online = false;
    expect(await a.engine.flushBeforeSignOut()).toEqual({ ok: false, unsynced: 1 });
    a.env.online = true;
    expect(await a.engine.flushBeforeSignOut()).toEqual({ ok: true });
    await a.engine.wipeDeviceData();
    for (const table of a.db.tables) expect(await table.count()).toBe(0);
    expect(await serverCandidate(a.http, 'jo.leaving@x.io')).toBeDefined();
  });
});
