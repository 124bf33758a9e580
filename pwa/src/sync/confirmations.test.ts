/**
 * Kept confirmations (confirmations.ts): between the pull that confirms a device's own rows and the end
 * of the round, the rows are not rewritten, yet every reader that decides by a row's server id sees
 * them confirmed — the mutations' store, the rebase, the candidate repo.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { formatHlc } from '@shared/sync/hlc';
import { newUid } from '@shared/sync/ids';
import { createCandidateRecord } from '@shared/sync/merge';
import type { OwnRowConfirmation, PullResponse } from '@shared/sync/protocol.schema';
import { fromLocalCandidate, toLocalCandidate, type RepHireDb } from '@/db/database';
import { setMeta } from '@/db/meta';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { allKeptConfirmations, confirmedCandidate, confirmedRow, settleConfirmations, type CheckedRuns } from './confirmations';
import { rebase } from './rebase';
import { settleWhileNothingToSend } from './round';
import { applyPulledPage } from './pull';
import { ownedDb } from './testing/fixtures';
import { applyLastPullPage, lastPullPage } from './testing/pull-pages';

/** A turn of the page (yieldToMain) takes this long: a busy page's, for the test that needs one. */
const turn = vi.hoisted(() => ({ ms: 0 }));
vi.mock('@/lib/yield-to-main', async (original) => {
  const real = await original<typeof import('@/lib/yield-to-main')>();
  return { ...real, yieldToMain: () => (turn.ms ? new Promise<void>((resolve) => setTimeout(resolve, turn.ms)) : real.yieldToMain()) };
});

let db: RepHireDb;
afterEach(async () => {
  turn.ms = 0;
  await db?.delete();
});

const NOW = '2026-01-01T00:00:00.000Z';

const page = (includedThrough: number, confirmed: OwnRowConfirmation[], candidates: Candidate[] = []) => lastPullPage({ includedThrough, confirmed, candidates });

/** The server's confirmation of the row this device holds under `email` (its run as stored). */
async function confirmationOf(email: string, id: number): Promise<OwnRowConfirmation> {
  const row = (await db.candidates.where('emailKey').equals(email).first())!;
  return { uid: row.uid, ...row.ownWrites!, id, createdAt: NOW, updatedAt: NOW, deletedAt: null };
}

const pullPage = (p: PullResponse) => applyLastPullPage(db, p);

/** Loads the candidates in memory, as a screen showing the list does (db/candidate-mirror/). */
async function openMirror() {
  db.candidateMirror.open();
  await expect.poll(() => db.candidateMirror.ready).toBe(true);
  await db.candidateMirror.applied();
}

/** An imported row, pushed and confirmed by a pull (kept, not yet given to the row). */
async function importedAndConfirmed(emails: string[]) {
  db = await ownedDb();
  const repo = createCandidatesRepo(db);
  await repo.importCandidates(emails.map((email) => ({ name: email.split('@')[0]!, email })));
  const confirmations = await Promise.all(emails.map((email, i) => confirmationOf(email, 100 + i)));
  const stored = await db.candidates.toArray();
  expect(await pullPage(page(1, confirmations))).toMatchObject({ rebased: false, dropped: 1 });
  // Nothing written: the rows are as stored, the page is kept.
  expect(await db.candidates.toArray()).toEqual(stored);
  expect(await db.confirmations.count()).toBe(1);
  return { repo, confirmations };
}

describe('kept confirmations', () => {
  it('of a page larger than a kept record are kept in records of 2,500, in order, and read and given whole', async () => {
    const emails = Array.from({ length: 5001 }, (_, i) => `p${i}@x.io`);
    db = await ownedDb();
    await createCandidatesRepo(db).importCandidates(emails.map((email) => ({ name: 'P', email })));
    const byEmail = new Map((await db.candidates.toArray()).map((row) => [row.email, row]));
    const confirmations = emails.map((email, i): OwnRowConfirmation => {
      const row = byEmail.get(email)!;
      return { uid: row.uid, ...row.ownWrites!, id: 1000 + i, createdAt: NOW, updatedAt: NOW, deletedAt: null };
    });
    await pullPage(page(1, confirmations));
    const kept = await db.confirmations.orderBy('seq').toArray();
    expect(kept.map((record) => record.confirmations.length)).toEqual([2500, 2500, 1]);
    expect(kept.flatMap((record) => record.confirmations)).toEqual(confirmations);
    expect((await allKeptConfirmations(db)).size).toBe(5001);
    expect(await settleConfirmations(db)).toBe(5001);
    expect(new Set((await db.candidates.toArray()).map((row) => row.id)).size).toBe(5001);
  });

  it('read as confirmed in the repo, and are given to their rows by the round', async () => {
    const { repo, confirmations } = await importedAndConfirmed(['bo@x.io', 'cy@x.io']);
    expect(await repo.getCandidate(confirmations[0]!.uid)).toMatchObject({ id: 100 });
    expect(await settleConfirmations(db)).toBe(2);
    expect(await db.confirmations.count()).toBe(0);
    const rows = await db.candidates.toArray();
    expect(rows.map((row) => row.id).sort()).toEqual([100, 101]);
    expect(rows.every((row) => !row.localOnly && !row.ownWrites)).toBe(true);
    expect(await settleConfirmations(db)).toBe(0);
  });

  it('reads the kept pages again when a page is kept or given, and only then', async () => {
    db = await ownedDb();
    const repo = createCandidatesRepo(db);
    await repo.importCandidates([{ name: 'Bo', email: 'bo@x.io' }]);
    await repo.importCandidates([{ name: 'Cy', email: 'cy@x.io' }]);
    const [bo, cy] = [await confirmationOf('bo@x.io', 100), await confirmationOf('cy@x.io', 101)];
    await applyPulledPage(db, page(0, [bo]), true);
    const reads = vi.spyOn(db.confirmations, 'get');
    expect(await repo.getCandidate(bo.uid)).toMatchObject({ id: 100 });
    expect(await repo.getCandidate(bo.uid)).toMatchObject({ id: 100 });
    expect(reads).toHaveBeenCalledTimes(1);
    await applyPulledPage(db, { ...page(0, [cy]), cursor: 'c2' }, true);
    expect(await repo.getCandidate(cy.uid)).toMatchObject({ id: 101 });
    expect(reads).toHaveBeenCalledTimes(3);
    await settleConfirmations(db);
    expect(await repo.getCandidate(cy.uid)).toMatchObject({ id: 101 });
    expect(reads).toHaveBeenCalledTimes(3);
  });

  it('with the candidate list in memory, are given from it: the rows as read from the table would be, none read', async () => {
    db = await ownedDb();
    const repo = createCandidatesRepo(db);
    await repo.importCandidates([
      { name: 'Bo', email: 'Bo@X.io', phone: '555-0100', location: 'Irvine, CA', status: 'offer', appliedDate: '2026-01-02', source: 'Referral', experience: '3 years', skills: 'CRM', notes: 'Met at the fair' },
      { name: 'Cy', email: 'cy@x.io' },
    ]);
    await repo.importCandidates([{ name: 'Di', email: 'di@x.io' }]);
    const confirmations = await Promise.all(['bo@x.io', 'cy@x.io', 'di@x.io'].map((email, i) => confirmationOf(email, 100 + i)));
    await pullPage(page(2, confirmations));
    const stored = await db.candidates.toArray();
    await openMirror();
    const reads = vi.spyOn(db.candidates, 'bulkGet');
    expect(await settleConfirmations(db, { rowsPerTransaction: 2 })).toBe(3);
    expect(reads).not.toHaveBeenCalled();
    const confirmed = stored.map((row) => confirmedRow(row, confirmations.find((c) => c.uid === row.uid)!));
    expect(await db.candidates.toArray()).toEqual(confirmed);
  });

  it('with the candidate list in memory, each transaction waits for it to take in the one before (thousands of rows, taken a slice per task)', async () => {
    const emails = Array.from({ length: 2500 }, (_, i) => `p${i}@x.io`);
    db = await ownedDb();
    await createCandidatesRepo(db).importCandidates(emails.map((email) => ({ name: 'P', email })));
    const confirmations = (await db.candidates.toArray()).map((row, i): OwnRowConfirmation => ({ uid: row.uid, ...row.ownWrites!, id: 1000 + i, createdAt: NOW, updatedAt: NOW, deletedAt: null }));
    await pullPage(page(1, confirmations));
    await openMirror();
    const reads = vi.spyOn(db.candidates, 'bulkGet');
    // The page is busy: the list takes in a transaction's 1,500 rows over turns of 50 ms.
    turn.ms = 50;
    expect(await settleConfirmations(db, { rowsPerTransaction: 1500 })).toBe(2500);
    expect(reads).not.toHaveBeenCalled();
    expect(new Set((await db.candidates.toArray()).map((row) => row.id)).size).toBe(2500);
  });

  it('with the candidate list in memory, a deleted row (not in it) is read from the table and given', async () => {
    db = await ownedDb();
    const repo = createCandidatesRepo(db);
    await repo.importCandidates([{ name: 'Bo', email: 'bo@x.io' }, { name: 'Cy', email: 'cy@x.io' }]);
    const cyUid = (await db.candidates.where('emailKey').equals('cy@x.io').first())!.uid;
    await repo.deleteCandidate(cyUid);
    const [bo, cy] = await Promise.all(['bo@x.io', 'cy@x.io'].map((email, i) => confirmationOf(email, 100 + i)));
    const deleted = { ...cy!, deletedAt: NOW };
    await pullPage(page(2, [bo!, deleted]));
    await openMirror();
    const reads = vi.spyOn(db.candidates, 'bulkGet');
    expect(await settleConfirmations(db)).toBe(2);
    expect(reads.mock.calls.map(([uids]) => uids)).toEqual([[cyUid]]);
    expect(await db.candidates.get(cyUid)).toMatchObject({ id: 101, deletedAt: NOW });
    expect((await db.candidates.get(cyUid))!.ownWrites).toBeUndefined();
  });

  it.each([false, true])('an edit meanwhile keeps the server id, keeps the row as its server copy and starts a new run; the round then leaves it (the list open: %s)', async (listOpen) => {
    const { repo, confirmations } = await importedAndConfirmed(['bo@x.io']);
    if (listOpen) await openMirror();
    const uid = confirmations[0]!.uid;
    await repo.updateCandidate(uid, { phone: '5' });
    const edited = (await db.candidates.get(uid))!;
    expect(edited).toMatchObject({ id: 100, phone: '5', ownWrites: { from: 2, through: 2, count: 1 } });
    expect(edited.localOnly).toBeUndefined();
    expect((await db.serverRows.get(['candidate', uid]))!.row).toMatchObject({ id: 100, phone: null });
    expect(await settleConfirmations(db)).toBe(0);
    expect(await db.candidates.get(uid)).toEqual(edited);
  });

  it('are given while nothing waits to be sent: a change written meanwhile stops them after the transaction on its way, the rest given later', async () => {
    const { repo, confirmations } = await importedAndConfirmed(['a@x.io', 'bo@x.io', 'cy@x.io', 'di@x.io']);
    const [first, , , last] = confirmations;
    let edit: Promise<unknown> | undefined;
    // An edit asked for while the first transaction gives its row: it waits for that transaction.
    const read = db.candidates.bulkGet.bind(db.candidates);
    vi.spyOn(db.candidates, 'bulkGet').mockImplementationOnce((keys) => {
      // As a screen asks: outside the settle's transaction.
      edit = Dexie.ignoreTransaction(() => repo.updateCandidate(last!.uid, { phone: '5' }));
      return read(keys);
    });
    expect(await settleWhileNothingToSend(db, 1)).toBe(1);
    await edit;
    expect((await db.candidates.get(first!.uid))!.id).toBe(100);
    expect((await db.candidates.get(confirmations[1]!.uid))!.id).toBeNull();
    expect(await repo.getCandidate(confirmations[1]!.uid)).toMatchObject({ id: 101 });
    expect(await db.confirmations.count()).toBe(1);
    // Not while the edit waits to be sent; once the server has it, the rest (the edited row keeps its id).
    expect(await settleWhileNothingToSend(db, 1)).toBe(0);
    await setMeta(db, 'processedThrough', 2);
    expect(await settleWhileNothingToSend(db, 1)).toBe(2);
    expect((await db.candidates.toArray()).map((row) => row.id).sort()).toEqual([100, 101, 102, 103]);
    expect(await db.confirmations.count()).toBe(0);
  });

  it.each([false, true])('an import meanwhile merges into the confirmed row by email and keeps its server id (the list open: %s)', async (listOpen) => {
    const { repo, confirmations } = await importedAndConfirmed(['bo@x.io']);
    // The email is then found in memory, where the row is as stored.
    if (listOpen) await openMirror();
    await repo.importCandidates([{ name: 'Bo', email: 'BO@x.io', location: 'Rome' }]);
    expect(await db.candidates.count()).toBe(1);
    expect(await db.candidates.get(confirmations[0]!.uid)).toMatchObject({ id: 100, location: 'Rome' });
    expect((await db.candidates.get(confirmations[0]!.uid))!.localOnly).toBeUndefined();
  });

  it('a rebase meanwhile gives them first, so it does not remove a confirmed row made here', async () => {
    const { repo, confirmations } = await importedAndConfirmed(['bo@x.io']);
    await repo.importCandidates([{ name: 'Di', email: 'di@x.io' }]); // id 2
    // Another device's row for di@x.io arrives: the pending import must merge into it (a full rebase).
    const theirs = createCandidateRecord({ uid: newUid(), name: 'Di', email: 'di@x.io', status: 'new', skills: '', notes: '' }, formatHlc({ millis: Date.now() - 60_000, counter: 0, node: 'server' }), { id: 7, userId: 2, now: NOW });
    expect(await pullPage({ ...page(1, []), candidates: [theirs] })).toMatchObject({ rebased: true });
    expect(await db.candidates.get(confirmations[0]!.uid)).toMatchObject({ id: 100, name: 'bo' });
    expect(await db.confirmations.count()).toBe(0);
    expect((await repo.listCandidates()).map((c) => c.email).sort()).toEqual(['bo@x.io', 'di@x.io']);
  });

  it('an included row the pull did not confirm is a trace: the rebase runs, and keeps the confirmed row with its id', async () => {
    db = await ownedDb();
    const repo = createCandidatesRepo(db);
    await repo.importCandidates([{ name: 'Bo', email: 'bo@x.io' }, { name: 'Cy', email: 'cy@x.io' }]);
    // The server confirms Bo only: it merged Cy's row into a record of its own.
    expect(await pullPage(page(1, [await confirmationOf('bo@x.io', 100)]))).toMatchObject({ rebased: true, dropped: 1 });
    expect((await db.candidates.toArray()).map((c) => [c.email, c.id, c.localOnly])).toEqual([['bo@x.io', 100, undefined]]);
    expect(await db.confirmations.count()).toBe(0);
  });
});

describe('the rebase after a pull that confirmed rows', () => {
  /** Reads of kept confirmation records while `run` runs. */
  async function keptReads(run: () => Promise<unknown>): Promise<number> {
    const get = vi.spyOn(db.confirmations, 'get');
    try {
      await run();
      return get.mock.calls.length;
    } finally {
      get.mockRestore();
    }
  }

  it('reads no kept confirmation when the pull confirmed every row of the runs it includes', async () => {
    db = await ownedDb();
    const repo = createCandidatesRepo(db);
    await repo.importCandidates(['bo@x.io', 'cy@x.io', 'di@x.io'].map((email) => ({ name: email.split('@')[0]!, email })));
    const confirmations = await Promise.all(['bo@x.io', 'cy@x.io', 'di@x.io'].map((email, i) => confirmationOf(email, 100 + i)));
    let result: unknown;
    expect(await keptReads(async () => (result = await applyLastPullPage(db, page(1, confirmations))))).toBe(0);
    expect(result).toMatchObject({ rebased: false, dropped: 1 });
  });

  it('without the runs the pull checked, reads them all and comes to the same', async () => {
    db = await ownedDb();
    const repo = createCandidatesRepo(db);
    await repo.importCandidates(['bo@x.io', 'cy@x.io'].map((email) => ({ name: email.split('@')[0]!, email })));
    const confirmations = await Promise.all(['bo@x.io', 'cy@x.io'].map((email, i) => confirmationOf(email, 100 + i)));
    let result: unknown;
    expect(await keptReads(async () => (result = await applyLastPullPage(db, page(1, confirmations), { checked: false })))).toBeGreaterThan(0);
    expect(result).toMatchObject({ rebased: false, dropped: 1 });
  });

  it.each([
    ['every row confirmed over two pages: no trace', true, false],
    ['a row of the run on neither page: a trace, and the rebase runs', false, true],
  ])('of a run split across pages, %s', async (_, confirmLast, rebased) => {
    db = await ownedDb();
    const repo = createCandidatesRepo(db);
    const emails = ['bo@x.io', 'cy@x.io', 'di@x.io'];
    await repo.importCandidates(emails.map((email) => ({ name: email.split('@')[0]!, email })));
    const [bo, cy, di] = await Promise.all(emails.map((email, i) => confirmationOf(email, 100 + i)));
    const checked: CheckedRuns = new Map();
    expect(await applyPulledPage(db, { ...page(1, [bo!]), done: false }, false, checked)).toBe(true);
    const last = page(1, confirmLast ? [cy!, di!] : [cy!]);
    expect(await applyPulledPage(db, last, true, checked)).toBe(true);
    expect([...checked.values()].map((open) => open.size)).toEqual([confirmLast ? 0 : 1]);
    expect(await rebase(db, { includedThrough: 1, processedThrough: 1, cursor: last.cursor, seen: null, checked })).toMatchObject({ rebased, dropped: 1 });
    // The merged-away row (di, never confirmed) is gone; the confirmed ones stay, and take their ids.
    await settleConfirmations(db);
    expect((await repo.listCandidates()).map((c) => [c.email, c.id]).sort()).toEqual(
      confirmLast ? [['bo@x.io', 100], ['cy@x.io', 101], ['di@x.io', 102]] : [['bo@x.io', 100], ['cy@x.io', 101]],
    );
  });
});

describe('confirmedRow', () => {
  it('keeps every field of the row but its run and localOnly, and takes the server id and timestamps', () => {
    const record = createCandidateRecord(
      { uid: newUid(), name: 'Bo', email: 'Bo@X.io', phone: '555', location: 'Irvine', status: 'offer', appliedDate: '2026-01-02', source: 'Referral', experience: '3 years', skills: 'CRM', notes: 'met' },
      formatHlc({ millis: Date.now(), counter: 0, node: 'device' }),
      { id: null, userId: 4, now: '2026-01-03T00:00:00.000Z' },
    );
    const stored = { ...toLocalCandidate(record), ownWrites: { from: 3, through: 5, count: 2 } };
    const { localOnly, ownWrites, ...rest } = stored;
    expect([localOnly, ownWrites]).toEqual([1, { from: 3, through: 5, count: 2 }]);
    const confirmation = { uid: stored.uid, from: 3, through: 5, count: 2, id: 100, createdAt: NOW, updatedAt: '2026-01-04T00:00:00.000Z', deletedAt: null };
    expect(confirmedRow(stored, confirmation)).toStrictEqual({ ...rest, id: 100, createdAt: NOW, updatedAt: '2026-01-04T00:00:00.000Z', deletedAt: null });
  });

  it('makes of a candidate as the mirror holds it the row it makes of the stored row (confirmedCandidate)', () => {
    const stamp = formatHlc({ millis: Date.now(), counter: 0, node: 'device' });
    const made = (fields: Partial<Candidate>) =>
      createCandidateRecord({ uid: newUid(), name: 'Bo', email: 'Bo@X.io', phone: '555', status: 'offer', ...fields }, stamp, { id: null, userId: 4, now: NOW });
    const oneStamp = made({});
    const ownClocks = { ...made({ email: 'cy@x.io', notes: 'met' }), fieldClocks: { ...oneStamp.fieldClocks, notes: formatHlc({ millis: Date.now() + 1, counter: 0, node: 'device' }) } };
    const fromServer = { ...made({ email: ' di@x.io' }), id: 7 };
    for (const record of [oneStamp, ownClocks, fromServer]) {
      const stored = { ...toLocalCandidate(record), ownWrites: { from: 3, through: 5, count: 2 } };
      // The mirror's candidate is read back from the stored row: its clocks expanded from the one stamp.
      const held = fromLocalCandidate(stored);
      const confirmation = { uid: record.uid, from: 3, through: 5, count: 2, id: 100, createdAt: NOW, updatedAt: '2026-01-04T00:00:00.000Z', deletedAt: null };
      expect(confirmedCandidate(held, confirmation)).toStrictEqual(confirmedRow(stored, confirmation));
    }
    expect(typeof toLocalCandidate(oneStamp).fieldClocks).toBe('string');
    expect(typeof toLocalCandidate(ownClocks).fieldClocks).toBe('object');
  });
});
