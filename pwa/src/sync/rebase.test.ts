import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { formatHlc } from '@shared/sync/hlc';
import { newUid } from '@shared/sync/ids';
import { applyCandidateChanges, createCandidateRecord } from '@shared/sync/merge';
import type { PullResponse } from '@shared/sync/protocol.schema';
import { toLocalCandidate, type RepHireDb } from '@/db/database';
import { madeHere } from '@/db/own-writes-index';
import { getMeta } from '@/db/meta';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { settleConfirmations } from './confirmations';
import { applyPulledPage } from './pull';
import { emptySeenRows, rebase } from './rebase';
import { ownedDb } from './testing/fixtures';
import { applyLastPullPage, lastPullPage } from './testing/pull-pages';

let db: RepHireDb;
afterEach(async () => {
  await db?.delete();
});

const NOW = '2026-01-01T00:00:00.000Z';
const serverStamp = (offsetMs: number) => formatHlc({ millis: Date.now() + offsetMs, counter: 0, node: 'server' });

function serverRecord(email: string, fields: Partial<Candidate> = {}): Candidate {
  return {
    ...createCandidateRecord({ uid: newUid(), name: 'Server Person', email, status: 'new', skills: '', notes: '' }, serverStamp(-60_000), {
      id: 10,
      userId: 2,
      now: NOW,
    }),
    ...fields,
  };
}

const page = (candidates: Candidate[], includedThrough: number, cursor = 'c1') => lastPullPage({ candidates, includedThrough, cursor });
const pullPage = (p: PullResponse) => applyLastPullPage(db, p);

async function setup() {
  db = await ownedDb();
  return createCandidatesRepo(db);
}

describe('rebase', () => {
  it('keeps a pending edit on top of a newer server version of the same row', async () => {
    const repo = await setup();
    const original = serverRecord('bo@x.io', { phone: '1', location: 'Austin' });
    await pullPage(page([original], 0));
    await repo.updateCandidate(original.uid, { phone: '2' });
    // Another device changed the location meanwhile.
    const theirs = applyCandidateChanges(original, { location: 'Paris' }, serverStamp(-1000), NOW).record;
    const result = await pullPage(page([theirs], 0, 'c2'));
    expect(result).toMatchObject({ rebased: true, dropped: 0, replayed: 1 });
    expect(await repo.getCandidate(original.uid)).toMatchObject({ phone: '2', location: 'Paris' });
    expect((await db.serverRows.get(['candidate', original.uid]))!.row).toMatchObject({ phone: '1', location: 'Paris' });
    expect(await getMeta(db, 'cursor')).toBe('c2');
  });

  it("keeps pending edits on top of a page's rows whether the rows they touch are fewer or more than the page's", async () => {
    const repo = await setup();
    const [ann, bo, cy] = ['ann@x.io', 'bo@x.io', 'cy@x.io'].map((email) => serverRecord(email, { location: 'Austin' })) as [Candidate, Candidate, Candidate];
    await pullPage(page([ann, bo, cy], 0));
    await repo.updateCandidate(ann.uid, { phone: '2' });
    await repo.updateCandidate(bo.uid, { phone: '3' });
    const moved = (row: Candidate, location: string, offsetMs: number) => applyCandidateChanges(row, { location }, serverStamp(offsetMs), NOW).record;
    const stored = async () => (await repo.listCandidates()).map((c) => [c.email, c.phone ?? null, c.location]).sort();
    const copies = async () => (await db.serverRows.toArray()).map((copy) => [copy.uid === ann.uid ? 'ann' : copy.uid === bo.uid ? 'bo' : '?', (copy.row as Candidate).location]);

    // Two server copies kept, a page of three rows (the copies are listed).
    const annInParis = moved(ann, 'Paris', -2000);
    await pullPage(page([annInParis, moved(bo, 'Paris', -2000), moved(cy, 'Paris', -2000)], 0, 'c2'));
    expect(await stored()).toEqual([['ann@x.io', '2', 'Paris'], ['bo@x.io', '3', 'Paris'], ['cy@x.io', null, 'Paris']]);
    expect((await copies()).sort()).toEqual([['ann', 'Paris'], ['bo', 'Paris']]);

    // Two copies kept, a page of one row (it is looked up).
    await pullPage(page([moved(annInParis, 'Oslo', -1000)], 0, 'c3'));
    expect(await stored()).toEqual([['ann@x.io', '2', 'Oslo'], ['bo@x.io', '3', 'Paris'], ['cy@x.io', null, 'Paris']]);
    expect((await copies()).sort()).toEqual([['ann', 'Oslo'], ['bo', 'Paris']]);
  });

  it('drops entries only up to the pull includedThrough and replays the rest', async () => {
    const repo = await setup();
    const original = serverRecord('bo@x.io');
    await pullPage(page([original], 0));
    await repo.updateCandidate(original.uid, { phone: '2' }); // id 1
    await repo.updateCandidate(original.uid, { location: 'Oslo' }); // id 2
    const [first] = await db.outbox.toArray();
    // The server has applied mutation 1 only.
    const applied = applyCandidateChanges(original, { phone: '2' }, first!.hlc, NOW).record;
    const result = await pullPage(page([applied], 1, 'c2'));
    expect(result).toMatchObject({ dropped: 1, replayed: 1 });
    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual([2]);
    expect(await repo.getCandidate(original.uid)).toMatchObject({ phone: '2', location: 'Oslo' });
    // Once mutation 2 is included too, nothing is pending and no server copy is kept.
    const both = applyCandidateChanges(applied, { location: 'Oslo' }, (await db.outbox.get(2))!.hlc, NOW).record;
    await pullPage(page([both], 2, 'c3'));
    expect(await db.outbox.count()).toBe(0);
    expect(await db.serverRows.count()).toBe(0);
    expect(await repo.getCandidate(original.uid)).toMatchObject({ phone: '2', location: 'Oslo' });
  });

  it('removes a record created here when its creation was acknowledged but the server merged it elsewhere', async () => {
    const repo = await setup();
    await repo.importCandidates([{ name: 'Bo', email: 'bo@x.io', phone: '5' }]);
    const [local] = await repo.listCandidates();
    // The server already had bo@x.io under another uid and imported the row into it.
    const serverBo = serverRecord('BO@x.io', { phone: '5', name: 'Bo' });
    await pullPage(page([serverBo], 1));
    expect(await repo.getCandidate(local!.uid)).toBeUndefined();
    expect(await repo.listCandidates()).toEqual([expect.objectContaining({ uid: serverBo.uid, phone: '5' })]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('removes a record created here when its creation was acknowledged and the server sent nothing of it', async () => {
    const repo = await setup();
    // The server had bo@x.io with the same values under another uid: importing the row changed nothing there.
    await repo.importCandidates([{ name: 'Bo', email: 'bo@x.io' }]);
    const result = await pullPage(page([], 1));
    expect(result).toMatchObject({ rebased: true, dropped: 1 });
    expect(await repo.listCandidates()).toEqual([]);
  });

  it('leaves the pending batches of an import alone when the included ones were all confirmed', async () => {
    const repo = await setup();
    await repo.importCandidates([{ name: 'Bo', email: 'bo@x.io' }]); // id 1, confirmed below
    await repo.importCandidates([{ name: 'Cy', email: 'cy@x.io' }]); // id 2, still being sent
    const [bo, cy] = await Promise.all([repo.findByEmail('bo@x.io'), repo.findByEmail('cy@x.io')]);
    const stored = (await db.candidates.get(bo[0]!.uid))!;
    const confirmed = { uid: stored.uid, ...stored.ownWrites!, id: 51, createdAt: NOW, updatedAt: NOW, deletedAt: null };
    const pendingBefore = await db.candidates.get(cy[0]!.uid);
    const result = await pullPage({ ...page([], 1), confirmed: [confirmed] });
    expect(result).toMatchObject({ rebased: false, dropped: 1, replayed: 0 });
    expect(await db.outbox.toCollection().primaryKeys()).toEqual([2]);
    // The confirmation is kept, not written: the row takes its id when the round settles them.
    expect(await db.candidates.get(bo[0]!.uid)).toEqual(stored);
    expect(await settleConfirmations(db)).toBe(1);
    expect(await repo.getCandidate(bo[0]!.uid)).toMatchObject({ id: 51 });
    expect(await db.candidates.get(bo[0]!.uid)).not.toHaveProperty('localOnly');
    expect(await db.confirmations.count()).toBe(0);
    // Not written again: the same stored row, still made here and pending.
    expect(await db.candidates.get(cy[0]!.uid)).toEqual(pendingBefore);
    expect(pendingBefore).toMatchObject({ localOnly: 1, ownWrites: { from: 2, through: 2, count: 1 } });
  });

  it('shows a pending edit of a record made here on top of the version the server then sent', async () => {
    const repo = await setup();
    await repo.importCandidates([{ name: 'Bo', email: 'bo@x.io', phone: '5' }]); // id 1
    const [made] = await repo.listCandidates();
    await repo.updateCandidate(made!.uid, { location: 'Rome' }); // id 2
    // The edit of a row the server has no version of yet keeps "none" as its server copy.
    expect(await db.serverRows.get(['candidate', made!.uid])).toEqual({ kind: 'candidate', uid: made!.uid, row: null });
    // The server applied the import only, and another device changed the phone since.
    const onServer = { ...serverRecord('bo@x.io', { uid: made!.uid, name: 'Bo', id: 44 }), phone: '6' };
    await applyPulledPage(db, page([onServer], 1), true);
    // Until the rebase the screens keep the pending edit.
    expect(await repo.getCandidate(made!.uid)).toMatchObject({ location: 'Rome', phone: '5' });
    await rebase(db, { includedThrough: 1, processedThrough: 1, cursor: 'c2', seen: null });
    expect(await repo.getCandidate(made!.uid)).toMatchObject({ id: 44, phone: '6', location: 'Rome' });
    expect((await db.candidates.get(made!.uid))!.localOnly).toBeUndefined();
    expect(await madeHere(db).count()).toBe(0);
  });

  it('takes the pulled version of a record made here at once when only its creation is pending', async () => {
    const repo = await setup();
    await repo.importCandidates([{ name: 'Bo', email: 'bo@x.io' }]);
    const [made] = await repo.listCandidates();
    const onServer = serverRecord('bo@x.io', { uid: made!.uid, name: 'Bo', id: 45 });
    // The server has applied it, but the pull's includedThrough does not include it yet.
    await applyPulledPage(db, page([onServer], 0), true);
    expect(await getMeta(db, 'needsRebase')).toBe(false);
    expect(await db.candidates.get(made!.uid)).toEqual(toLocalCandidate(onServer));
    expect(await db.serverRows.count()).toBe(0);
    // A later rebase leaves it (it has a server version now) and the replay changes nothing.
    await rebase(db, { includedThrough: 1, processedThrough: 1, cursor: 'c2', seen: null });
    expect(await repo.listCandidates()).toEqual([onServer]);
  });

  it('removes the records a rejected import made', async () => {
    const repo = await setup();
    await repo.importCandidates([{ name: 'Bo', email: 'bo@x.io' }, { name: 'Cy', email: 'cy@x.io' }]);
    await repo.createCandidate({ name: 'Di', email: 'di@x.io' });
    const entry = (await db.outbox.get(1))!;
    await db.transaction('rw', db.outbox, db.rejected, db.meta, async () => {
      await db.rejected.add({ ...entry, reason: 'Refused', rejectedAt: NOW });
      await db.outbox.delete(1);
      await db.meta.put({ key: 'needsRebase', value: true });
    });
    const result = await pullPage(page([], 1));
    expect(result).toMatchObject({ rebased: true, replayed: 1 });
    expect((await repo.listCandidates()).map((c) => c.email)).toEqual(['di@x.io']);
    expect(await madeHere(db).count()).toBe(1);
  });

  it('keeps a created record while its creation is not acknowledged, even with nothing pulled', async () => {
    const repo = await setup();
    const created = await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    const result = await pullPage(page([], 0));
    expect(result.rebased).toBe(false);
    expect(await repo.getCandidate(created.uid)).toBeDefined();
  });

  it('undoes the optimistic effect of a change the server rejected', async () => {
    const repo = await setup();
    const original = serverRecord('bo@x.io', { phone: '1' });
    await pullPage(page([original], 0));
    await repo.updateCandidate(original.uid, { phone: '2' });
    // What push.ts does with a rejection: move the entry and ask for a rebase.
    const entry = (await db.outbox.get(1))!;
    await db.transaction('rw', db.outbox, db.rejected, db.meta, async () => {
      await db.rejected.add({ ...entry, reason: 'Phone is not allowed', rejectedAt: NOW });
      await db.outbox.delete(1);
      await db.meta.put({ key: 'needsRebase', value: true });
    });
    await pullPage(page([], 1, 'c2'));
    expect(await repo.getCandidate(original.uid)).toMatchObject({ phone: '1' });
    expect(await db.rejected.count()).toBe(1);
  });

  it('replays an import onto a candidate the pull brought with the same email, instead of duplicating', async () => {
    const repo = await setup();
    await repo.importCandidates([{ name: 'Bo', email: 'bo@x.io', location: 'Rome' }]);
    // Before the import reached the server, another device created bo@x.io.
    const theirs = serverRecord('bo@x.io', { phone: '7' });
    await pullPage(page([theirs], 0));
    const all = await repo.listCandidates();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ uid: theirs.uid, phone: '7', location: 'Rome' });
  });

  it('moves the device clock past stamps in pulled rows', async () => {
    const repo = await setup();
    const future = formatHlc({ millis: Date.now() + 60_000, counter: 3, node: 'other' });
    const record = serverRecord('bo@x.io');
    record.fieldClocks.phone = future;
    await pullPage(page([record], 0));
    await repo.updateCandidate(record.uid, { phone: '9' });
    const [entry] = await db.outbox.toArray();
    expect(entry!.hlc > future).toBe(true);
    expect((await repo.getCandidate(record.uid))!.phone).toBe('9');
  });

  it('after a reset, forgets rows the full pull did not return but keeps pending work', async () => {
    const repo = await setup();
    const kept = serverRecord('kept@x.io');
    const gone = serverRecord('gone@x.io');
    const touchedGone = serverRecord('edited@x.io');
    await pullPage(page([kept, gone, touchedGone], 0));
    const mine = await repo.createCandidate({ name: 'Mine', email: 'mine@x.io' });
    await repo.updateCandidate(touchedGone.uid, { phone: '3' });
    const seen = emptySeenRows();
    seen.candidates.add(kept.uid);
    await applyPulledPage(db, page([kept], 0), false);
    await rebase(db, { includedThrough: 0, processedThrough: 0, cursor: 'fresh', seen });
    const uids = (await repo.listCandidates()).map((c) => c.uid).sort();
    expect(uids).toEqual([kept.uid, mine.uid].sort());
    expect(await db.outbox.count()).toBe(2);
  });

  it('commits nothing when the rebase fails part-way', async () => {
    const repo = await setup();
    const original = serverRecord('bo@x.io', { phone: '1' });
    await pullPage(page([original], 0));
    await repo.updateCandidate(original.uid, { phone: '2' });
    await db.outbox.put({ ...(await db.outbox.get(1))!, id: 2, name: 'candidate.update', args: null });
    await expect(pullPage(page([], 1, 'c2'))).rejects.toThrow();
    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual([1, 2]);
    expect(await repo.getCandidate(original.uid)).toMatchObject({ phone: '2' });
    expect(await getMeta(db, 'includedThrough')).toBe(0);
  });
});

describe('pulled rows', () => {
  it('go straight to the table when no pending change touches them', async () => {
    await setup();
    const record = serverRecord('bo@x.io');
    await applyPulledPage(db, page([record], 0), true);
    expect(await getMeta(db, 'needsRebase')).toBe(false);
    expect(await db.candidates.get(record.uid)).toEqual(toLocalCandidate(record));
    expect(await db.serverRows.count()).toBe(0);
  });

  it('flag a rebase when one shares its email with a candidate made here, however many rows hold the emails before it', async () => {
    const repo = await setup();
    // 600 candidates the server sent: more than a slice of the rows holding a page's emails.
    const held = Array.from({ length: 600 }, (_, i) => serverRecord(`p${i}@x.io`));
    await applyPulledPage(db, page(held, 0), true);
    await repo.createCandidate({ name: 'Mine', email: 'mine@x.io' });
    const sameEmails = held.map((row) => serverRecord(row.email));

    // Every email held, by rows the server sent: nothing to replay.
    await applyPulledPage(db, page(sameEmails, 0, 'c2'), true);
    expect(await getMeta(db, 'needsRebase')).toBe(false);

    // The last email of the page is the one made here (its import or creation replays onto the pulled row).
    await applyPulledPage(db, page([...sameEmails, serverRecord('MINE@x.io')], 0, 'c3'), true);
    expect(await getMeta(db, 'needsRebase')).toBe(true);
  });

  it('look up no more emails than it takes to find a collision, and none once a rebase is flagged', async () => {
    const repo = await setup();
    await repo.createCandidate({ name: 'Mine', email: 'mine@x.io' });
    const emailLookups = { count: 0 };
    const { getAll, getAllKeys } = IDBIndex.prototype;
    const counted =
      <F extends (...args: never[]) => IDBRequest>(request: F) =>
      function (this: IDBIndex, ...args: Parameters<F>) {
        if (this.name === 'emailKey') emailLookups.count += 1;
        return request.apply(this, args);
      };
    Object.assign(IDBIndex.prototype, { getAll: counted(getAll), getAllKeys: counted(getAllKeys) });
    try {
      // The page's first email is the one made here: the first 500 emails answer.
      const others = (n: number, tag: string) => Array.from({ length: n }, (_, i) => serverRecord(`${tag}${i}@x.io`));
      await applyPulledPage(db, page([serverRecord('MINE@x.io'), ...others(1200, 'a')], 0), true);
      expect(await getMeta(db, 'needsRebase')).toBe(true);
      expect(emailLookups.count).toBeGreaterThan(0);
      expect(emailLookups.count).toBeLessThanOrEqual(500);
      emailLookups.count = 0;
      await applyPulledPage(db, page(others(1200, 'b'), 0, 'c2'), true);
      expect(emailLookups.count).toBe(0);
    } finally {
      Object.assign(IDBIndex.prototype, { getAll, getAllKeys });
    }
  });

  it('flag a rebase when one shares its email with a row a pending change touches', async () => {
    const repo = await setup();
    const [ann, bo] = [serverRecord('ann@x.io'), serverRecord('bo@x.io')];
    await applyPulledPage(db, page([ann, bo], 0), true);
    await repo.updateCandidate(ann.uid, { phone: '2' });

    await applyPulledPage(db, page([serverRecord('bo@x.io')], 0, 'c2'), true);
    expect(await getMeta(db, 'needsRebase')).toBe(false);

    await applyPulledPage(db, page([serverRecord('ann@x.io')], 0, 'c3'), true);
    expect(await getMeta(db, 'needsRebase')).toBe(true);
  });
});
