import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import { freshDb } from '@/sync/testing/fixtures';
import { toLocalCandidate, type LocalCandidate } from './database';
import { holdersOfRun, madeHere, runsStartedBy } from './own-writes-index';
import { IN_INTERVIEW_INDEX, fromStoredCandidate, toStoredCandidate } from './stored-candidate';

/** A row as an import makes it here: never sent (id null), every field stamped by one write. */
function importedRow(overrides: Partial<LocalCandidate> = {}): LocalCandidate {
  const at = '2026-11-27T09:00:00.000Z';
  const row = toLocalCandidate(
    makeCandidate({
      id: null,
      email: `person${Math.random().toString(36).slice(2)}@example.com`,
      phone: '9495550005',
      location: 'Irvine, CA',
      appliedDate: '2024-06-06T00:00:00.000Z',
      statusChangedAt: at,
      source: 'Referral',
      experience: '5 years in sales',
      skills: 'CRM, Closing',
      fieldClocks: { name: 'stamp', email: 'stamp', phone: 'stamp', location: 'stamp', status: 'stamp', appliedDate: 'stamp', source: 'stamp', experience: 'stamp', skills: 'stamp', notes: 'stamp' },
      createdAt: at,
      updatedAt: at,
    }),
  );
  return { ...row, ownWrites: { from: 3, through: 3, count: 1 }, ...overrides };
}

/** `row` without `field`. */
function without<T extends object>(row: T, field: keyof T): Omit<T, typeof field> {
  const copy = { ...row };
  delete copy[field];
  return copy;
}

/** What the table holds, read through IndexedDB itself, past Dexie. */
async function rawRows(db: ReturnType<typeof freshDb>): Promise<Array<Record<string, unknown>>> {
  await db.open();
  const request = db.backendDB().transaction('candidates').objectStore('candidates').getAll();
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result as Array<Record<string, unknown>>);
    request.onerror = () => reject(request.error);
  });
}

describe('the stored form of a candidate', () => {
  it('keeps an imported row in fewer bytes, under short names, and reads it back whole, fields in their order', () => {
    const row = importedRow();
    const stored = toStoredCandidate(row) as Record<string, unknown>;

    expect(JSON.stringify(stored).length).toBeLessThan(JSON.stringify(row).length * 0.7);
    expect(stored).not.toHaveProperty('name');
    expect(stored).not.toHaveProperty('id');
    expect(stored).not.toHaveProperty('createdAt');
    // The fields the indexes read keep their names; localOnly and the run of own writes are one key.
    expect(stored).toMatchObject({ uid: row.uid, emailKey: row.emailKey, status: row.status, r: [1, 3, 3, 1] });
    expect(stored).not.toHaveProperty('localOnly');
    expect(stored).not.toHaveProperty('ownWrites');
    const read = fromStoredCandidate(stored);
    expect(read).toStrictEqual(row);
    expect(Object.keys(read as object)).toEqual(Object.keys(row));
  });

  it('stores every value that differs from what it would imply, and reads each back', () => {
    const row = importedRow({
      id: 42,
      email: '  Mixed.Case@Example.com ',
      statusChangedAt: null,
      notes: 'Called twice\nPrefers mornings',
      createdAt: '2026-01-01T00:00:00.000Z',
      deletedAt: '2026-11-20T00:00:00.000Z',
      fieldClocks: { name: 'a', email: 'b' },
      phone: null,
      experience: '',
    });
    delete row.localOnly;

    const stored = toStoredCandidate(row) as Record<string, unknown>;

    expect(stored).toMatchObject({ i: 42, e: '  Mixed.Case@Example.com ', sc: null, o: 'Called twice\nPrefers mornings', ca: '2026-01-01T00:00:00.000Z', d: '2026-11-20T00:00:00.000Z' });
    expect(fromStoredCandidate(stored)).toStrictEqual(row);
  });

  it('reads back whatever fields a row holds, whichever of them take their implied values', () => {
    // Every combination of the six fields the form can leave out, with and without the extra fields.
    const implied = { id: null, deletedAt: null, notes: '', createdAt: 'same', statusChangedAt: 'same', email: 'key' } as const;
    const fields = Object.keys(implied) as Array<keyof typeof implied>;
    for (let mask = 0; mask < 2 ** fields.length * 8; mask += 1) {
      const row: Record<string, unknown> = { ...importedRow({ updatedAt: '2026-11-27T10:00:00.000Z' }) };
      fields.forEach((field, bit) => {
        const value = implied[field];
        const keep = (mask >> bit) & 1;
        if (field === 'createdAt' || field === 'statusChangedAt') row[field] = keep ? row.updatedAt : '2025-05-05T05:05:05.000Z';
        else if (field === 'email') row[field] = keep ? row.emailKey : `X${String(row.emailKey)}`;
        else row[field] = keep ? value : field === 'id' ? 7 : field === 'notes' ? 'a line' : '2026-02-02T00:00:00.000Z';
      });
      if (mask & (1 << fields.length)) delete row.localOnly;
      if (mask & (2 << fields.length)) row.addedByALaterVersion = { any: ['value'] };
      if (mask & (4 << fields.length)) delete row.ownWrites;
      const stored = toStoredCandidate(row) as Record<string, unknown>;
      const own = row.ownWrites ? [row.localOnly ? 1 : 0, 3, 3, 1] : row.localOnly ? [1] : undefined;
      expect(stored.r).toEqual(own);
      expect(fromStoredCandidate(stored)).toStrictEqual(row);
    }
  });

  it('keeps a value of an unexpected type where the implied one would be, such as a null note or an undefined id', () => {
    const row = importedRow({ notes: null as unknown as string, id: undefined as unknown as null, deletedAt: undefined as unknown as null, createdAt: null as unknown as string, email: undefined as unknown as string });
    expect(fromStoredCandidate(toStoredCandidate(row))).toStrictEqual(row);
  });

  it('keeps own writes that are not what a row holds as they are, out of the run index', () => {
    const odd: Array<Record<string, unknown>> = [
      { localOnly: 0 },
      { localOnly: 'yes' },
      { ownWrites: { from: 1, through: 2 } },
      { ownWrites: { from: 1, through: 2, count: '3' } },
      { ownWrites: { from: 1, through: 2, count: 3, extra: true } },
      { ownWrites: null },
    ];
    for (const overrides of odd) {
      const row = { ...importedRow(), ...overrides } as Record<string, unknown>;
      const stored = toStoredCandidate(row) as Record<string, unknown>;
      expect(stored).not.toHaveProperty('r');
      expect(fromStoredCandidate(stored)).toStrictEqual(row);
    }
  });

  it('stores the interview key its status gives a row, whatever the row said, and reads it back', () => {
    const cases: Array<[Partial<LocalCandidate>, 1 | undefined]> = [
      [{ status: 'interview', inInterview: 1 }, 1],
      [{ status: 'interview' }, 1],
      [{ status: 'offer', inInterview: 1 }, undefined],
      [{ status: 'new' }, undefined],
    ];
    for (const [overrides, key] of cases) {
      const row = importedRow(overrides);
      const stored = toStoredCandidate(row) as Record<string, unknown>;
      expect(stored.inInterview).toBe(key);
      expect('inInterview' in stored).toBe(key !== undefined);
      expect(fromStoredCandidate(stored)).toStrictEqual({ ...without(row, 'inInterview'), ...(key ? { inInterview: key } : {}) });
    }
    // A value that is not a whole row gets it too, and loses one its status does not give.
    expect(toStoredCandidate({ uid: 'u-2', status: 'interview' })).toStrictEqual({ uid: 'u-2', status: 'interview', inInterview: 1 });
    expect(toStoredCandidate({ uid: 'u-3', status: 'hired', inInterview: 1 })).toStrictEqual({ uid: 'u-3', status: 'hired' });
  });

  it('stores a value that is not a whole candidate row as it is, and reads a row stored in full as it is', () => {
    const partial = { uid: 'u-1', name: 'No email key' };
    expect(toStoredCandidate(partial)).toBe(partial);
    expect(fromStoredCandidate(partial)).toBe(partial);
    const full = importedRow();
    expect(fromStoredCandidate(full)).toBe(full);
    expect(fromStoredCandidate(undefined)).toBeUndefined();
  });
});

describe('the candidates table through Dexie', () => {
  it('holds the stored form, and every read — get, bulkGet, an index, a cursor, modify — gives the rows written', async () => {
    const db = freshDb();
    const pulled = importedRow({ id: 9, notes: 'Kept notes' });
    delete pulled.localOnly;
    const rows = [importedRow(), pulled, importedRow({ status: 'interview', inInterview: 1 })];
    await db.candidates.bulkPut(rows);

    const raw = await rawRows(db);
    expect(raw).toHaveLength(3);
    for (const stored of raw) expect(stored).not.toHaveProperty('name');

    expect(await db.candidates.get(rows[0]!.uid)).toStrictEqual(rows[0]);
    expect(await db.candidates.bulkGet(rows.map((row) => row.uid))).toStrictEqual(rows);
    expect(await db.candidates.where('emailKey').equals(rows[1]!.emailKey).toArray()).toStrictEqual([rows[1]]);
    expect(await db.candidates.where(IN_INTERVIEW_INDEX).equals(1).toArray()).toStrictEqual([rows[2]]);
    const walked: LocalCandidate[] = [];
    await db.candidates.each((row) => void walked.push(row));
    expect(walked.sort((a, b) => a.uid.localeCompare(b.uid))).toStrictEqual([...rows].sort((a, b) => a.uid.localeCompare(b.uid)));

    // localOnly and the run through their one index (own-writes-index.ts: madeHere, holdersOfRun, runsStartedBy).
    expect((await madeHere(db).primaryKeys()).sort()).toEqual([rows[0]!.uid, rows[2]!.uid].sort());
    expect((await holdersOfRun(db, { from: 3, through: 3, count: 1 })).sort()).toEqual(rows.map((row) => row.uid).sort());
    expect(await runsStartedBy(db, 3)).toEqual([{ from: 3, through: 3, count: 1 }]);
    expect(await runsStartedBy(db, 2)).toEqual([]);

    await db.candidates.where('uid').equals(rows[1]!.uid).modify((row) => void (row.notes += '\nAnother line'));
    expect((await db.candidates.get(rows[1]!.uid))!.notes).toBe('Kept notes\nAnother line');
    await db.candidates.update(rows[0]!.uid, { deletedAt: '2026-11-27T11:00:00.000Z' });
    expect(await db.candidates.get(rows[0]!.uid)).toStrictEqual({ ...rows[0], deletedAt: '2026-11-27T11:00:00.000Z' });
    await db.delete();
  });

  it("writes many rows without reading each request's result, answers their keys, and carries on in the caller's transaction", async () => {
    const db = freshDb();
    await db.open();
    const rows = Array.from({ length: 60 }, () => importedRow());
    const result = Object.getOwnPropertyDescriptor(IDBRequest.prototype, 'result')!;
    let reads = 0;
    Object.defineProperty(IDBRequest.prototype, 'result', { ...result, get() { reads++; return result.get!.call(this); } });
    try {
      const keys = await db.transaction('rw', db.candidates, async (transaction) => {
        const written = await db.candidates.bulkPut(rows, { allKeys: true });
        // Still inside the transaction: the zone Dexie resolves in is the caller's.
        expect(Dexie.currentTransaction).toBe(transaction);
        return written;
      });
      expect(keys).toEqual(rows.map((row) => row.uid));
    } finally {
      Object.defineProperty(IDBRequest.prototype, 'result', result);
    }
    // Dexie reads the last request's result (twice: its key and lastResult), not one per row.
    expect(reads).toBeLessThan(10);
    const raw = await rawRows(db);
    expect(raw).toHaveLength(60);
    for (const stored of raw) expect(stored).not.toHaveProperty('name');
    expect(await db.candidates.bulkGet(rows.map((row) => row.uid))).toStrictEqual(rows);
    await db.delete();
  });

  it('reports the rows an add refuses, at their places, and keeps the rest', async () => {
    const db = freshDb();
    const rows = Array.from({ length: 5 }, () => importedRow());
    await db.candidates.bulkPut([rows[1]!, rows[4]!]);

    const refused = await db.candidates.bulkAdd(rows).then(
      () => null,
      (error: { failuresByPos?: Record<number, Error> }) => error,
    );
    expect(Object.keys(refused?.failuresByPos ?? {})).toEqual(['1', '4']);
    expect(refused?.failuresByPos?.[1]?.name).toBe('ConstraintError');
    expect(await db.candidates.bulkGet(rows.map((row) => row.uid))).toStrictEqual(rows);
    await db.delete();
  });

  it('reads rows stored in full before this form as they are', async () => {
    const db = freshDb();
    await db.open();
    const legacy = importedRow();
    await new Promise<void>((resolve, reject) => {
      const tx = db.backendDB().transaction('candidates', 'readwrite');
      tx.objectStore('candidates').put(legacy);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });

    expect(await db.candidates.get(legacy.uid)).toStrictEqual(legacy);
    await db.candidates.where('uid').equals(legacy.uid).modify((row) => void (row.status = 'offer'));
    expect(await db.candidates.get(legacy.uid)).toStrictEqual({ ...legacy, status: 'offer' });
    // Written again, it is stored in the smaller form.
    expect((await rawRows(db))[0]).not.toHaveProperty('name');
    await db.delete();
  });
});
