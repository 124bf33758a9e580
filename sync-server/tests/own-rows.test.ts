/**
 * Own rows: a pull confirms the candidates a device wrote itself and already holds instead of sending
 * them back (pull.service.ts, pwa/src/sync/pull.ts) — and sends a row in full as soon as anyone else
 * wrote it, or the device's own row is not what the server confirms. Real engine over fake-indexeddb
 * against the real server; every case ends with the device equal to what a new device pulls.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { MAX_PULL_PAGE_SIZE, type PullResponse } from '@shared/sync/protocol.schema';
import { toLocalCandidate } from '@/db/database';
import { madeHere } from '@/db/own-writes-index';
import { pullAll } from '@/sync/pull';
import { pushOutbox } from '@/sync/push';
import type { SyncTransport } from '@/sync/transport';
import { convergenceProblems, serverWithDevices } from './helpers/engine-device';
import { bytes, confirmedUids, importRows, ownRowsKit, sentUids, syncUntil, synced } from './helpers/own-rows-kit';

const world = serverWithDevices();
const { recordingDevice, expectConverged } = ownRowsKit(world);

describe('own rows', () => {
  it('confirms an import instead of sending it back, for a fraction of the bytes', async () => {
    const http = await world.server.recruiterClient();
    const { device: a, pages } = await recordingDevice(http);
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    await a.candidates.importCandidates(importRows('imp', 1200), { fileName: 'own.csv' });
    pages.length = 0;
    await syncUntil(a, async () => (await madeHere(a.db).count()) === 0);

    const mine = (await a.candidates.findByEmail('imp0@own.test'))[0]!;
    const imported = (await a.db.candidates.toArray()).filter((row) => row.email.endsWith('@own.test'));
    expect(imported).toHaveLength(1200);
    expect(confirmedUids(pages).size).toBe(1200);
    const importedUids = new Set(imported.map((row) => row.uid));
    expect([...sentUids(pages)].filter((uid) => importedUids.has(uid))).toEqual([]);
    // Each row now carries its server id, and nothing marks it as made here or pending.
    expect(imported.every((row) => typeof row.id === 'number' && !row.localOnly && !row.ownWrites)).toBe(true);
    expect(await a.db.outbox.count()).toBe(0);
    expect(mine.id).toEqual(expect.any(Number));

    // The same rows in full, as a new device pulls them, take several times the bytes.
    const { device: reader, pages: full } = await recordingDevice(http);
    expect(await reader.engine.syncNow()).toEqual({ ok: true });
    expect(sentUids(full).size).toBeGreaterThanOrEqual(1200);
    expect(bytes(pages) * 3).toBeLessThan(bytes(full));
    expect(await convergenceProblems([a], reader)).toEqual([]);
  });

  it('asks for the next page while it writes the one before, and ends with every row', async () => {
    const http = await world.server.recruiterClient();
    const writer = await world.device(http);
    await writer.candidates.importCandidates(importRows('ahead', 700), { fileName: 'ahead.csv' });
    await syncUntil(writer, async () => (await madeHere(writer.db).count()) === 0);

    const reader = await world.device(http);
    /** The candidates the reader held when each page was asked for. */
    const heldAtRequest: number[] = [];
    const transport: SyncTransport = {
      push: reader.transport.push,
      pull: async (query) => {
        heldAtRequest.push(await reader.db.candidates.count());
        return reader.transport.pull(query);
      },
    };
    const summary = await pullAll(reader.db, transport, 250);
    expect(summary.pages).toBeGreaterThanOrEqual(3);
    // The second page was asked for before the first was written; later ones likewise, one page ahead.
    expect(heldAtRequest[1]).toBe(heldAtRequest[0]);
    expect(heldAtRequest.at(-1)).toBeLessThan(await reader.db.candidates.count());
    expect(await convergenceProblems([reader, writer], await world.device(http))).toEqual([]);
  });

  it('asks for larger pages while they come as confirmations, and for the usual size again once rows come in full', async () => {
    const http = await world.server.recruiterClient();
    const other = await world.device(http);
    const limits: number[] = [];
    const pages: PullResponse[] = [];
    const a = await world.device(http, (t: SyncTransport) => ({
      push: t.push,
      pull: async (query) => {
        const page = await t.pull(query);
        limits.push(query.limit!);
        pages.push(page);
        return page;
      },
    }));
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    await a.candidates.importCandidates(importRows('big', 700));
    await pushOutbox(a.db, a.transport);
    await other.candidates.importCandidates(importRows('theirs', 300));
    await pushOutbox(other.db, other.transport);
    limits.length = 0;
    pages.length = 0;
    await pullAll(a.db, a.transport, 50);
    // In the order asked (the next page is asked for before the one before it is written).
    const asked = limits.map((limit, i) => ({ limit, confirmed: pages[i]!.confirmed.length, full: pages[i]!.candidates.length }));
    expect(asked.slice(0, 3)).toEqual([
      { limit: 50, confirmed: 50, full: 0 },
      { limit: 100, confirmed: 100, full: 0 },
      { limit: 200, confirmed: 200, full: 0 },
    ]);
    for (const [i, page] of asked.entries()) {
      if (i > 0 && asked[i - 1]!.full > asked[i - 1]!.limit / 10) expect(page.limit).toBe(50);
      expect(page.limit).toBeLessThanOrEqual(MAX_PULL_PAGE_SIZE);
    }
    expect(asked.some((page) => page.full > 0 && page.limit === 50)).toBe(true);
    expect(asked.reduce((sum, page) => sum + page.confirmed, 0)).toBe(700);
    await syncUntil(a, async () => (await madeHere(a.db).count()) === 0);
    await syncUntil(other, async () => (await madeHere(other.db).count()) === 0);
    await expectConverged(a, http);
  });

  it('confirms rows the device made and pushed while one of its pulls ran, instead of sending them back', async () => {
    const http = await world.server.recruiterClient();
    const writer = await world.device(http);
    const { device: a, pages } = await recordingDevice(http);
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    // Rows for a pull of several pages, then rows of the device's own, pushed between two of its pages.
    await writer.candidates.importCandidates(importRows('during', 600), { fileName: 'others.csv' });
    await syncUntil(writer, async () => (await madeHere(writer.db).count()) === 0);
    await a.candidates.importCandidates(importRows('mine-during', 5), { fileName: 'mine.csv' });
    let pushed = false;
    const pushingMidway: SyncTransport = {
      push: a.transport.push,
      pull: async (query) => {
        const page = await a.transport.pull(query);
        if (!pushed) {
          pushed = true;
          expect((await pushOutbox(a.db, a.transport)).sent).toBe(1);
        }
        return page;
      },
    };
    await pullAll(a.db, pushingMidway, 250);
    expect(pushed).toBe(true);

    pages.length = 0;
    await syncUntil(a, async () => (await madeHere(a.db).count()) === 0);
    const mine = (await a.db.candidates.toArray()).filter((row) => row.email.startsWith('mine-during'));
    expect(mine).toHaveLength(5);
    for (const row of mine) {
      expect(confirmedUids(pages).has(row.uid), row.email).toBe(true);
      expect(sentUids(pages).has(row.uid), row.email).toBe(false);
    }
    await expectConverged(a, http);
  });

  it('confirms an import made before the device ever finished a pull (signed in, offline before its first sync ended)', async () => {
    const http = await world.server.recruiterClient();
    // Rows of others, which the device's first pull sends in full.
    const writer = await world.device(http);
    await writer.candidates.importCandidates(importRows('theirs-first', 300), { fileName: 'theirs.csv' });
    await syncUntil(writer, async () => (await madeHere(writer.db).count()) === 0);
    const { device: a, pages } = await recordingDevice(http);
    await a.candidates.importCandidates(importRows('never-pulled', 400), { fileName: 'mine.csv' });
    expect(await a.db.meta.get('cursor')).toBeUndefined();
    await syncUntil(a, async () => (await madeHere(a.db).count()) === 0);

    const mine = (await a.db.candidates.toArray()).filter((row) => row.email.startsWith('never-pulled'));
    expect(mine).toHaveLength(400);
    expect(mine.filter((row) => sentUids(pages).has(row.uid))).toEqual([]);
    expect(mine.every((row) => confirmedUids(pages).has(row.uid) && typeof row.id === 'number')).toBe(true);
    expect(sentUids(pages).size).toBeGreaterThanOrEqual(300);
    await expectConverged(a, http);
  });

  it('takes a page in full when a device that never finished a pull got its own row in full before', async () => {
    const http = await world.server.recruiterClient();
    const { device: a, pages } = await recordingDevice(http);
    await a.candidates.importCandidates(importRows('before-first', 3), { fileName: 'mine.csv' });
    expect((await pushOutbox(a.db, a.transport)).sent).toBe(1);
    // A pull without confirmations (as an older app asked) sends the row in full; the device keeps no cursor of it.
    const [first] = await a.db.candidates.where('emailKey').equals('before-first0@own.test').toArray();
    const full = await a.transport.pull({ clientId: (await a.db.meta.get('clientId'))!.value as string, limit: 5000, includedThrough: 0 });
    const served = full.candidates.find((row) => row.uid === first!.uid)!;
    await a.db.candidates.put(toLocalCandidate(served));
    // Its next edit starts a run of its own on top of the server's version.
    await a.candidates.updateCandidate(first!.uid, { location: 'Bergen' });
    pages.length = 0;
    await syncUntil(a, async () => (await madeHere(a.db).count()) === 0);
    expect((await a.candidates.getCandidate(first!.uid))!.location).toBe('Bergen');
    // Confirmed (the run the server holds began before the device's), then taken in full: the device's run differs.
    expect(confirmedUids(pages).has(first!.uid)).toBe(true);
    expect(sentUids(pages).has(first!.uid)).toBe(true);
    await expectConverged(a, http);
  });

  it('sends in full a row another device or the server wrote after the import, and the device ends equal', async () => {
    const http = await world.server.recruiterClient();
    const { device: a, pages } = await recordingDevice(http);
    const b = await world.device(await world.server.recruiterClient());
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    expect(await b.engine.syncNow()).toEqual({ ok: true });
    await a.candidates.importCandidates(importRows('mix', 5));
    // A's import reaches the server; A has not pulled since.
    await pushOutbox(a.db, a.transport);
    expect(await b.engine.syncNow()).toEqual({ ok: true });
    const [byDevice, byServer] = [(await b.candidates.findByEmail('mix1@own.test'))[0]!, (await b.candidates.findByEmail('mix2@own.test'))[0]!];
    await b.candidates.updateCandidate(byDevice.uid, { phone: '+1 555 0101' });
    expect(await b.engine.syncNow()).toEqual({ ok: true });
    const patched = await http.patch(`/api/candidates/${byServer.id}`, { location: 'Lima' });
    expect(patched.status).toBe(200);

    pages.length = 0;
    await syncUntil(a, synced(a, 'mix1@own.test', (row) => row.phone === '+1 555 0101'));
    await syncUntil(a, synced(a, 'mix2@own.test', (row) => row.location === 'Lima'));
    await syncUntil(a, async () => (await madeHere(a.db).count()) === 0);
    const own = (uids: Set<string>) => new Set([...uids].filter((uid) => [0, 1, 2, 3, 4].some((i) => uid === uidOf[i])));
    const uidOf = await Promise.all([0, 1, 2, 3, 4].map(async (i) => (await a.candidates.findByEmail(`mix${i}@own.test`))[0]!.uid));
    expect(own(sentUids(pages))).toEqual(new Set([byDevice.uid, byServer.uid]));
    expect(own(confirmedUids(pages))).toEqual(new Set([uidOf[0], uidOf[3], uidOf[4]]));
    expect(await a.candidates.getCandidate(byDevice.uid)).toMatchObject({ phone: '+1 555 0101', location: 'Oslo' });
    expect(await a.candidates.getCandidate(byServer.uid)).toMatchObject({ location: 'Lima' });
    await expectConverged(a, http);
  });

  it('takes a page in full when the device changed a confirmed row again, and keeps that change', async () => {
    const http = await world.server.recruiterClient();
    const { device: a, pages } = await recordingDevice(http);
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    await a.candidates.importCandidates(importRows('again', 4));
    await pushOutbox(a.db, a.transport);
    // Offline after the push: an edit of an imported row the server has not seen.
    const row = (await a.candidates.findByEmail('again3@own.test'))[0]!;
    await a.candidates.updateCandidate(row.uid, { phone: '+1 555 0102' });
    pages.length = 0;
    const deadline = Date.now() + 30_000;
    while ((await madeHere(a.db).count()) > 0 && Date.now() < deadline) await pullAll(a.db, a.transport);
    // The first answer confirmed all four; the device's row of one had another pending change: the
    // page came again in full, and the pending change stays on top.
    const ownRows = pages
      .map((page): [number, number] => [page.confirmed.length, page.candidates.filter((c) => c.email.startsWith('again')).length])
      .filter(([confirmed, sent]) => confirmed + sent > 0);
    expect(ownRows).toEqual([
      [4, 0],
      [0, 4],
    ]);
    expect(await a.candidates.getCandidate(row.uid)).toMatchObject({ phone: '+1 555 0102' });
    expect(await a.db.outbox.count()).toBe(1);
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    expect(await a.db.outbox.count()).toBe(0);
    await expectConverged(a, http);
  });

  it('keeps a page of confirmations as one record, its rows read as confirmed until the round gives them their ids, and takes a page in full when a run differs', async () => {
    const http = await world.server.recruiterClient();
    const { device: a, pages } = await recordingDevice(http);
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    const ownRowsOfPages = (prefix: string) =>
      pages
        .map((page): [number, number] => [page.confirmed.length, page.candidates.filter((c) => c.email.startsWith(prefix)).length])
        .filter(([confirmed, sent]) => confirmed + sent > 0);

    // Pushed, then one row edited before the pull: its run is not the confirmed one (the run index finds it).
    await a.candidates.importCandidates(importRows('mem', 30));
    await pushOutbox(a.db, a.transport);
    const edited = (await a.candidates.findByEmail('mem29@own.test'))[0]!;
    await a.candidates.updateCandidate(edited.uid, { phone: '+1 555 0104' });
    pages.length = 0;
    await pullAll(a.db, a.transport);
    expect(ownRowsOfPages('mem')).toEqual([
      [30, 0],
      [0, 30],
    ]);
    expect(await a.db.confirmations.count()).toBe(0);
    expect(await a.candidates.getCandidate(edited.uid)).toMatchObject({ phone: '+1 555 0104' });
    await syncUntil(a, async () => true);

    // Confirmed: the page is kept as one record and no row is written.
    await a.candidates.importCandidates(importRows('kept', 30));
    await pushOutbox(a.db, a.transport);
    const before = (await a.db.candidates.toArray()).filter((row) => row.email.startsWith('kept'));
    pages.length = 0;
    expect(await pullAll(a.db, a.transport)).toMatchObject({ rebased: false });
    expect(ownRowsOfPages('kept')).toEqual([[30, 0]]);
    expect((await a.db.candidates.toArray()).filter((row) => row.email.startsWith('kept'))).toEqual(before);
    expect(await a.db.confirmations.count()).toBe(1);
    // Meanwhile a row reads with its server id, and an edit of it keeps that id and starts a new run.
    const first = before[0]!;
    const confirmedId = (await a.candidates.getCandidate(first.uid))!.id;
    expect(confirmedId).toEqual(expect.any(Number));
    await a.candidates.updateCandidate(first.uid, { location: 'Lisbon' });
    expect(await a.db.candidates.get(first.uid)).toMatchObject({ id: confirmedId, location: 'Lisbon', ownWrites: { count: 1 } });
    expect(await a.db.candidates.get(first.uid)).not.toHaveProperty('localOnly');

    // The round gives the others their ids (not the edited one: its run is no longer the confirmed one).
    await syncUntil(a, async () => (await madeHere(a.db).count()) === 0);
    expect(await a.db.confirmations.count()).toBe(0);
    const kept = (await a.db.candidates.toArray()).filter((row) => row.email.startsWith('kept'));
    expect(kept.every((row) => typeof row.id === 'number' && !row.localOnly && !row.ownWrites)).toBe(true);
    expect(kept.find((row) => row.uid === first.uid)).toMatchObject({ id: confirmedId, location: 'Lisbon' });
    await expectConverged(a, http);
  });

  it('keeps the confirmations while more waits to be sent (an import still writing), and gives them once nothing does', async () => {
    const http = await world.server.recruiterClient();
    let writeDuringPull: (() => Promise<unknown>) | null = null;
    const a = await world.device(http, (t: SyncTransport) => ({
      push: t.push,
      pull: async (query) => {
        const page = await t.pull(query);
        const write = writeDuringPull;
        writeDuringPull = null;
        await write?.();
        return page;
      },
    }));
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    await a.candidates.importCandidates(importRows('first', 20));
    // The import's next batch is stored while the round pulls the first one's confirmations.
    writeDuringPull = () => a.candidates.importCandidates(importRows('second', 20));
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    const first = (await a.db.candidates.toArray()).filter((row) => row.email.startsWith('first'));
    expect(first.every((row) => row.localOnly === 1 && row.id === null)).toBe(true);
    expect(await a.db.confirmations.count()).toBeGreaterThan(0);
    expect((await a.candidates.getCandidate(first[0]!.uid))!.id).toEqual(expect.any(Number));

    await syncUntil(a, async () => (await a.db.confirmations.count()) === 0);
    const all = (await a.db.candidates.toArray()).filter((row) => /^(first|second)/.test(row.email));
    expect(all).toHaveLength(40);
    expect(all.every((row) => typeof row.id === 'number' && !row.localOnly && !row.ownWrites)).toBe(true);
    await expectConverged(a, http);
  });

  it('confirms a row made here and edited again before it was pushed', async () => {
    const http = await world.server.recruiterClient();
    const { device: a, pages } = await recordingDevice(http);
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    a.env.online = false;
    await a.candidates.importCandidates(importRows('twice', 2));
    const row = (await a.candidates.findByEmail('twice0@own.test'))[0]!;
    await a.candidates.updateCandidate(row.uid, { phone: '+1 555 0103' });
    // The edit kept a "none" server copy of the row made here.
    expect(await a.db.serverRows.get(['candidate', row.uid])).toMatchObject({ row: null });
    a.env.online = true;
    pages.length = 0;
    await syncUntil(a, synced(a, 'twice0@own.test'));
    expect(confirmedUids(pages).has(row.uid)).toBe(true);
    expect(sentUids(pages).has(row.uid)).toBe(false);
    expect(await a.candidates.getCandidate(row.uid)).toMatchObject({ phone: '+1 555 0103', id: expect.any(Number) });
    expect(await a.db.serverRows.count()).toBe(0);
    await expectConverged(a, http);
  });

  it('keeps working offline: edits of confirmed rows made offline sync and converge', async () => {
    // An admin: recruiters may not delete candidates.
    const http = await world.server.adminClient();
    const a = await world.device(http);
    expect(await a.engine.syncNow()).toEqual({ ok: true });
    await a.candidates.importCandidates(importRows('off', 3));
    await syncUntil(a, async () => (await madeHere(a.db).count()) === 0);
    a.env.online = false;
    const row = (await a.candidates.findByEmail('off0@own.test'))[0]!;
    await a.candidates.setStatus(row.uid, 'interview', '[2026-01-02] Status updated');
    await a.candidates.deleteCandidate((await a.candidates.findByEmail('off1@own.test'))[0]!.uid);
    expect(await a.engine.syncNow()).toEqual({ ok: false, reason: 'offline' });
    expect(await a.candidates.getCandidate(row.uid)).toMatchObject({ status: 'interview', id: row.id });
    a.env.online = true;
    await syncUntil(a, synced(a, 'off0@own.test', (row) => row.status === 'interview'));
    expect(await a.db.rejected.count()).toBe(0);
    expect(await a.candidates.findByEmail('off1@own.test')).toEqual([]);
    await expectConverged(a, http);
  });
});
