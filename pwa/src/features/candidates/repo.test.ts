import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import { createCandidateRecord } from '@shared/sync/merge';
import { formatHlc } from '@shared/sync/hlc';
import { newUid } from '@shared/sync/ids';
import { toLocalCandidate, type RepHireDb } from '@/db/database';
import { madeHere } from '@/db/own-writes-index';
import { onLocalWrite } from '@/db/local-writes';
import { getMeta } from '@/db/meta';
import { RecordNotFoundError, ValidationError } from '@/db/repo-errors';
import { ownedDb } from '@/sync/testing/fixtures';
import { createCandidatesRepo } from './repo';

let db: RepHireDb;
afterEach(async () => {
  await db?.delete();
});

async function setup() {
  db = await ownedDb();
  return createCandidatesRepo(db);
}

/** A row as if pulled from the server (no pending change touches it). */
async function serverCandidate(email: string, fields: Record<string, unknown> = {}) {
  const record = createCandidateRecord(
    { uid: newUid(), name: 'Server Person', email, status: 'new', skills: '', notes: '', ...fields },
    formatHlc({ millis: 1000, counter: 0, node: 'server' }),
    { id: 7, userId: 2, now: '2026-01-01T00:00:00.000Z' },
  );
  await db.candidates.put(toLocalCandidate(record));
  return record;
}

describe('writes: row and outbox entry in one transaction', () => {
  it('creates a candidate and queues candidate.create with the same uid and clock', async () => {
    const repo = await setup();
    const created = await repo.createCandidate({ name: ' Ann Lee ', email: 'Ann@Example.com', phone: '555' });
    expect(created).toMatchObject({ name: 'Ann Lee', email: 'Ann@Example.com', phone: '555', status: 'new', id: null, userId: 1 });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ id: 1, name: 'candidate.create', label: 'Add Ann Lee', count: 1 });
    expect(entry!.args).toMatchObject({ uid: created.uid, name: 'Ann Lee', email: 'Ann@Example.com' });
    expect(created.fieldClocks.name).toBe(entry!.hlc);
    expect((await db.candidates.get(created.uid))!.emailKey).toBe('ann@example.com');
    // The server has no version of it yet: a rebase would remove it unless the server returns it.
    expect((await db.candidates.get(created.uid))!.localOnly).toBe(1);
    expect(await madeHere(db).primaryKeys()).toEqual([created.uid]);
    expect(await db.serverRows.count()).toBe(0);
    expect(await getMeta(db, 'nextMutationId')).toBe(2);
  });

  it('refuses invalid input with field messages and writes nothing', async () => {
    const repo = await setup();
    const error = await repo.createCandidate({ name: '', email: 'not-an-email' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toMatchObject({ name: 'Name is required', email: 'Please enter a valid email address' });
    expect(await db.candidates.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('leaves neither the row nor the outbox entry when the write fails part-way', async () => {
    const repo = await setup();
    vi.spyOn(db.outbox, 'bulkAdd').mockImplementationOnce(() => {
      throw new Error('disk full');
    });
    await expect(repo.createCandidate({ name: 'Ann', email: 'ann@x.io' })).rejects.toThrow('disk full');
    expect(await db.candidates.count()).toBe(0);
    expect(await db.serverRows.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await getMeta(db, 'nextMutationId')).toBe(1);
  });

  it('numbers mutations 1, 2, 3… and stamps them with increasing clocks', async () => {
    const repo = await setup();
    const { uid } = await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    await repo.appendNote(uid, 'called');
    await repo.setStatus(uid, 'interview', '[2026-01-02] Status updated to Interviewed');
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => e.id)).toEqual([1, 2, 3]);
    expect([...entries.map((e) => e.hlc)].sort()).toEqual(entries.map((e) => e.hlc));
    expect(new Set(entries.map((e) => e.hlc)).size).toBe(3);
  });

  it('tells the sync engine after each write', async () => {
    const repo = await setup();
    const listener = vi.fn();
    onLocalWrite(db, listener);
    await repo.createCandidate({ name: 'Ann', email: 'ann@x.io' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('updates', () => {
  it('queues only the fields that changed, and keeps the server copy for a rebase', async () => {
    const repo = await setup();
    const server = await serverCandidate('bo@x.io', { phone: '1', location: 'Austin' });
    const result = await repo.updateCandidate(server.uid, { phone: '2', location: 'Austin', name: 'Server Person' });
    expect(result.changedFields).toEqual(['phone']);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ name: 'candidate.update', args: { uid: server.uid, changes: { phone: '2' } } });
    expect(entry!.label).toBe('Edit Server Person (phone)');
    const local = (await repo.getCandidate(server.uid))!;
    expect(local.phone).toBe('2');
    expect(local.fieldClocks.phone).toBe(entry!.hlc);
    expect((await db.serverRows.get(['candidate', server.uid]))!.row).toMatchObject({ phone: '1' });
  });

  it('queues nothing when nothing differs', async () => {
    const repo = await setup();
    const server = await serverCandidate('bo@x.io', { phone: '1' });
    expect((await repo.updateCandidate(server.uid, { phone: '1' })).changedFields).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.serverRows.count()).toBe(0);
  });

  it('refuses to change a candidate that does not exist or was deleted', async () => {
    const repo = await setup();
    await expect(repo.updateCandidate(newUid(), { phone: '1' })).rejects.toBeInstanceOf(RecordNotFoundError);
    const server = await serverCandidate('bo@x.io');
    await repo.deleteCandidate(server.uid);
    await expect(repo.appendNote(server.uid, 'hello')).rejects.toBeInstanceOf(RecordNotFoundError);
    expect(await db.outbox.count()).toBe(1);
  });

  it('sets a status with its note line and records when it changed', async () => {
    const repo = await setup();
    const server = await serverCandidate('bo@x.io', { notes: 'first' });
    await repo.setStatus(server.uid, 'rejected', '[2026-01-02] Turned down');
    const local = (await repo.getCandidate(server.uid))!;
    expect(local.status).toBe('rejected');
    expect(local.notes).toBe('first\n[2026-01-02] Turned down');
    expect(local.statusChangedAt).not.toBe(server.statusChangedAt);
    expect((await db.outbox.toArray())[0]!.label).toBe('Move Server Person to Turned Down');
  });

  it('deletes as a tombstone that reads leave out', async () => {
    const repo = await setup();
    const server = await serverCandidate('bo@x.io');
    await repo.deleteCandidate(server.uid);
    expect((await db.candidates.get(server.uid))!.deletedAt).not.toBeNull();
    expect(await repo.getCandidate(server.uid)).toBeUndefined();
    expect(await repo.listCandidates()).toEqual([]);
  });
});

describe('bulk', () => {
  it('writes a bulk of 1,201 as three candidates.bulk mutations of at most 500, with progress after each', async () => {
    const repo = await setup();
    const rows = await Promise.all(Array.from({ length: 1201 }, (_, i) => serverCandidate(`bulk${i}@example.com`)));
    const progress: number[] = [];
    const items = rows.map((row) => ({ kind: 'setStatus' as const, uid: row.uid, status: 'hired' as const, noteLine: '[2026-11-24 09:00 PST] Status updated from new to hired' }));
    const written = await repo.bulk(items, (count) => `Move to Hired: ${count}`, (done) => progress.push(done));
    expect(progress).toEqual([500, 1000, 1201]);
    const outbox = await db.outbox.toArray();
    expect(outbox.map((entry) => [entry.name, (entry.args as { items: unknown[] }).items.length, entry.label])).toEqual([
      ['candidates.bulk', 500, 'Move to Hired: 500'],
      ['candidates.bulk', 500, 'Move to Hired: 500'],
      ['candidates.bulk', 201, 'Move to Hired: 201'],
    ]);
    // Each chunk's stamp is handed back (an Undo of a delete names it).
    expect(written.map((w) => [w.items.length, w.hlc])).toEqual(outbox.map((entry) => [(entry.args as { items: unknown[] }).items.length, entry.hlc]));
    const stored = await db.candidates.bulkGet(rows.map((row) => row.uid));
    expect(stored.every((row) => row?.status === 'hired' && row.notes.endsWith('Status updated from new to hired'))).toBe(true);
  });
});

describe('imports', () => {
  it('upserts by normalised email, skips invalid rows and reports them', async () => {
    const repo = await setup();
    const existing = await serverCandidate('bo@x.io', { phone: '1', notes: 'old' });
    const result = await repo.importCandidates(
      [
        { name: 'Bo', email: '  BO@X.IO ', location: 'Paris', notes: 'from file' },
        { name: 'Cy', email: 'cy@x.io' },
        { name: 'Cy again', email: 'CY@x.io', phone: '9' },
        { name: 'No email' },
        'not a row',
      ],
      { fileName: 'leads.csv' },
    );
    // Two rows with one email in one file combine first, later values winning, the first email staying
    // (as when a later batch updates the candidate).
    expect(result).toMatchObject({ created: 1, updated: 1, unchanged: 0, mutations: 1 });
    expect(result.skipped.map((s) => s.index)).toEqual([3, 4]);
    expect(result.skipped[0]!.reason).toMatch(/^email: /);
    const bo = (await repo.getCandidate(existing.uid))!;
    expect(bo).toMatchObject({ name: 'Bo', email: 'bo@x.io', phone: '1', location: 'Paris', notes: 'old\nfrom file' });
    const cy = await repo.findByEmail('cy@x.io');
    expect(cy).toHaveLength(1);
    expect(cy[0]).toMatchObject({ name: 'Cy again', email: 'cy@x.io', phone: '9' });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ name: 'candidates.import', count: 3, label: 'Import 3 candidates from leads.csv' });
    expect((entry!.args as { rows: unknown[] }).rows).toHaveLength(3);
  });

  it('queues at most 1,000 rows per mutation, all in one transaction, and reports progress once stored', async () => {
    const repo = await setup();
    const rows = Array.from({ length: 2500 }, (_, i) => ({ name: `P${i}`, email: `p${i}@x.io` }));
    const progress: number[] = [];
    const transaction = vi.spyOn(db, 'transaction');
    const result = await repo.importCandidates(rows, { onProgress: (done) => progress.push(done) });
    expect(result).toMatchObject({ created: 2500, mutations: 3 });
    expect(transaction).toHaveBeenCalledTimes(1);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.id, e.count])).toEqual([
      [1, 1000],
      [2, 1000],
      [3, 500],
    ]);
    // Each mutation has its own, later stamp; the device clock keeps the last.
    expect(new Set(entries.map((e) => e.hlc)).size).toBe(3);
    expect([...entries.map((e) => e.hlc)].sort()).toEqual(entries.map((e) => e.hlc));
    expect(await getMeta(db, 'hlc')).toBe(entries[2]!.hlc);
    expect(await getMeta(db, 'nextMutationId')).toBe(4);
    expect(progress).toEqual([2500]);
    expect(await repo.countCandidates()).toBe(2500);
  });

  it('stores none of a batch when one of its writes fails', async () => {
    const repo = await setup();
    const rows = Array.from({ length: 1500 }, (_, i) => ({ name: `P${i}`, email: `p${i}@x.io` }));
    const bulkPut = db.candidates.bulkPut.bind(db.candidates);
    let calls = 0;
    vi.spyOn(db.candidates, 'bulkPut').mockImplementation((...args: Parameters<typeof bulkPut>) => {
      if (++calls === 3) throw new Error('QuotaExceededError');
      return bulkPut(...args);
    });
    await expect(repo.importCandidates(rows)).rejects.toThrow('QuotaExceededError');
    expect(await db.candidates.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await getMeta(db, 'nextMutationId')).toBe(1);
  });

  it('gives new candidates without a source the default source, never existing ones', async () => {
    const repo = await setup();
    const known = await serverCandidate('known@x.io', { source: 'Zapier' });
    const noSource = await serverCandidate('blank@x.io');
    const deleted = await serverCandidate('gone@x.io');
    await db.candidates.update(deleted.uid, { deletedAt: '2026-01-02T00:00:00.000Z' });
    await repo.importCandidates(
      [
        { name: 'Known', email: 'KNOWN@x.io' },
        { name: 'Blank', email: 'blank@x.io' },
        { name: 'New', email: 'new@x.io' },
        { name: 'Own source', email: 'own@x.io', source: 'Craigslist' },
        { name: 'Back', email: 'gone@x.io' },
      ],
      { fileName: 'a.csv', defaultSource: 'CSV Import' },
    );
    expect((await repo.getCandidate(known.uid))!.source).toBe('Zapier');
    expect((await repo.getCandidate(noSource.uid))!.source ?? null).toBeNull();
    expect((await repo.findByEmail('new@x.io'))[0]!.source).toBe('CSV Import');
    expect((await repo.findByEmail('own@x.io'))[0]!.source).toBe('Craigslist');
    const back = await repo.findByEmail('gone@x.io');
    expect(back.map((c) => [c.uid === deleted.uid, c.source])).toEqual([[false, 'CSV Import']]);
    // The queued mutation carries the default and the shared import mutation decides, on the server too.
    const [entry] = await db.outbox.toArray();
    const args = entry!.args as { rows: Array<{ email: string; source?: string }>; defaultSource?: string };
    expect(args.defaultSource).toBe('CSV Import');
    expect(args.rows.map((row) => row.source ?? null)).toEqual([null, null, null, 'Craigslist', null]);
  });

  it('keeps the server copy of updated candidates and marks created ones localOnly, reading no uid it just made', async () => {
    const repo = await setup();
    const existing = await serverCandidate('bo@x.io', { phone: '1' });
    const bulkGet = vi.spyOn(db.candidates, 'bulkGet');
    await repo.importCandidates([
      { name: 'Bo', email: 'bo@x.io', phone: '2' },
      { name: 'Cy', email: 'cy@x.io' },
    ]);
    const [cy] = await repo.findByEmail('cy@x.io');
    expect(await db.serverRows.get(['candidate', cy!.uid])).toBeUndefined();
    expect(await madeHere(db).primaryKeys()).toEqual([cy!.uid]);
    expect((await db.serverRows.get(['candidate', existing.uid]))!.row).toMatchObject({ phone: '1' });
    expect((await db.candidates.get(existing.uid))!.localOnly).toBeUndefined();
    // Only the matched candidate is read by uid (to keep its server copy), not the new row's fresh uid.
    expect(bulkGet.mock.calls.flatMap(([uids]) => uids)).toEqual([existing.uid]);
  });
});

describe('reads', () => {
  it('lists every live candidate in uid order, across the pages it reads in', async () => {
    const repo = await setup();
    const rows = Array.from({ length: 12_345 }, (_, i) =>
      toLocalCandidate(makeCandidate({ name: `P${i}`, email: `p${i}@x.io`, deletedAt: i % 10 === 0 ? '2026-01-01T00:00:00.000Z' : null })),
    );
    await db.candidates.bulkPut(rows);
    const listed = await repo.listCandidates();
    const live = rows.filter((row) => !row.deletedAt).sort((a, b) => (a.uid < b.uid ? -1 : 1));
    expect(listed.map((c) => c.uid)).toEqual(live.map((row) => row.uid));
    expect(listed[0]).not.toHaveProperty('emailKey');
    expect(await repo.getCandidates([live[5]!.uid, rows[0]!.uid, 'none'])).toEqual([listed[5], undefined, undefined]);
  });
});
