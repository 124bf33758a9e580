import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import { newUid } from '@shared/sync/ids';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { createSyncEngine, UPGRADED_MESSAGE } from '@/sync/engine';
import { FakeEnvironment } from '@/sync/testing/fake-environment';
import { FakeSyncServer } from '@/sync/testing/fake-server';
import { ownedDb } from '@/sync/testing/fixtures';
import { CANDIDATE_LWW_FIELDS } from '@shared/schemas/candidate.schema';
import { applyCandidateChanges } from '@shared/sync/merge';
import {
  CANDIDATE_INDEXES,
  CANDIDATE_INDEXES_V12,
  LATEST_DB_VERSION,
  RepHireDb,
  VERSION_1_STORES,
  fromLocalCandidate,
  fromLocalCandidateAfter,
  toLocalCandidate,
  type LocalCandidate,
} from './database';
import { OWN_RUN_INDEX, holdersOfRun, madeHere, runsStartedBy } from './own-writes-index';
import { IN_INTERVIEW_INDEX, toStoredCandidate } from './stored-candidate';
import { indexedEmailKeys, uidsWithEmailKeys } from './email-lookups';
import { getMeta } from './meta';

/** A later app version: appends a schema version, as STYLE rule 11 asks. */
class NextVersionDb extends RepHireDb {
  constructor(name: string) {
    super(name);
    this.version(LATEST_DB_VERSION + 1).stores({ candidates: `${CANDIDATE_INDEXES}, source` });
  }
}

describe('a stored row read as a new version of a held candidate (fromLocalCandidateAfter)', () => {
  it('reads as fromLocalCandidate does, whichever of its texts changed (property)', () => {
    const text = fc.constantFrom('Ana Ortiz', 'ana@example.com', '+1 555 0100', '', 'line one\nline two');
    fc.assert(
      fc.property(fc.record({ name: text, email: text, phone: fc.option(text), notes: text }), fc.record({ name: text, email: text, phone: fc.option(text), notes: text }), fc.boolean(), (was, now, sameUid) => {
        const earlier = makeCandidate({ uid: 'c-1', ...was });
        // As the row comes back from a read: its own copies of every text, equal or not.
        const local = toLocalCandidate(makeCandidate({ uid: sameUid ? 'c-1' : 'c-2', id: 7, ...now }));
        const copied = JSON.parse(JSON.stringify(local)) as LocalCandidate;
        expect(fromLocalCandidateAfter(copied, earlier)).toEqual(fromLocalCandidate(local));
      }),
    );
  });
});

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
    expect(next.verno).toBe(LATEST_DB_VERSION + 1);
    expect(await next.outbox.toArray()).toEqual(queued);
    expect(await next.candidates.where('source').equals('x').count()).toBe(0);
    expect(engine.status.getState().error).toBe(UPGRADED_MESSAGE);
    expect(db.isOpen()).toBe(false);
    await next.delete();
  });
});

describe('version 2', () => {
  it('marks the candidates a version-1 device made (no server id) localOnly, and keeps the rest as they were', async () => {
    const name = `test-${newUid()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores(VERSION_1_STORES);
    const madeHere = { ...makeCandidate({ email: 'new@x.io', id: null }), emailKey: 'new@x.io' };
    const pulled = { ...makeCandidate({ email: 'old@x.io', id: 7 }), emailKey: 'old@x.io' };
    await v1.table('candidates').bulkAdd([madeHere, pulled]);
    await v1.table('serverRows').add({ kind: 'candidate', uid: madeHere.uid, row: null });
    v1.close();

    const db = new RepHireDb(name);
    await db.open();
    expect(await madeHereUids(db)).toEqual([madeHere.uid]);
    expect(await db.candidates.get(pulled.uid)).toEqual(pulled);
    // The old "none" copy stays; it and localOnly say the same thing to a rebase.
    expect(await db.serverRows.count()).toBe(1);
    expect(db.candidates.schema.indexes.map((index) => index.name).sort()).toEqual(['emailKey', IN_INTERVIEW_INDEX, OWN_RUN_INDEX]);
    await db.delete();
  });
});

describe('version 6', () => {
  it('keeps the sync counters of a version-5 device under their new meta keys', async () => {
    const name = `test-${newUid()}`;
    // A device of the previous version (only the tables this upgrade reads).
    const v5 = new Dexie(name);
    v5.version(5).stores({ outbox: 'id', meta: 'key' });
    const pending = { id: 8, name: 'candidate.create', args: {}, hlc: 'h', createdAt: '2026-01-01T00:00:00.000Z', label: 'Create', count: 1 };
    await v5.table('outbox').add(pending);
    await v5.table('meta').bulkAdd([
      { key: 'clientId', value: 'c1' },
      { key: 'nextMutationId', value: 9 },
      { key: 'pushedThrough', value: 7 },
      { key: 'lastMutationId', value: 5 },
    ]);
    v5.close();

    const db = new RepHireDb(name);
    await db.open();
    expect(await getMeta(db, 'processedThrough')).toBe(7);
    expect(await getMeta(db, 'includedThrough')).toBe(5);
    expect(await getMeta(db, 'nextMutationId')).toBe(9);
    expect((await db.meta.toCollection().primaryKeys()).sort()).toEqual(['clientId', 'includedThrough', 'nextMutationId', 'processedThrough']);
    expect(await db.outbox.toArray()).toEqual([pending]);
    await db.delete();
  });

  it('leaves a device that never synced at the defaults', async () => {
    const name = `test-${newUid()}`;
    const v5 = new Dexie(name);
    v5.version(5).stores({ outbox: 'id', meta: 'key' });
    await v5.open();
    v5.close();

    const db = new RepHireDb(name);
    await db.open();
    expect(await getMeta(db, 'processedThrough')).toBe(0);
    expect(await getMeta(db, 'includedThrough')).toBe(0);
    expect(await db.meta.count()).toBe(0);
    await db.delete();
  });
});

const madeHereUids = async (db: RepHireDb) => (await madeHere(db).primaryKeys()).sort();

describe('versions 7, 8 and 12', () => {
  it("index the stored candidates' pending runs whole and by their first mutation, and the rows made here, leaving the rest out", async () => {
    const name = `test-${newUid()}`;
    const v6 = new Dexie(name);
    v6.version(6).stores({ candidates: 'uid, emailKey, status, localOnly' });
    const pending = { ...toLocalCandidate(makeCandidate({ email: 'mine@x.io', id: null })), ownWrites: { from: 4, through: 5, count: 2 } };
    const edited = { ...toLocalCandidate(makeCandidate({ email: 'edited@x.io', id: 8 })), ownWrites: { from: 4, through: 5, count: 2 } };
    // Made here by a version-1 device: localOnly (version 2) without a run.
    const old = toLocalCandidate(makeCandidate({ email: 'old-made@x.io', id: null }));
    const pulled = toLocalCandidate(makeCandidate({ email: 'old@x.io', id: 7 }));
    await v6.table('candidates').bulkAdd([pending, edited, old, pulled]);
    v6.close();

    const db = new RepHireDb(name);
    await db.open();
    expect(await runsStartedBy(db, 4)).toEqual([{ from: 4, through: 5, count: 2 }]);
    expect(await runsStartedBy(db, 3)).toEqual([]);
    // The whole run is the key: the pull checks a confirmation against it.
    expect((await holdersOfRun(db, { from: 4, through: 5, count: 2 })).sort()).toEqual([pending.uid, edited.uid].sort());
    expect(await holdersOfRun(db, { from: 4, through: 5, count: 1 })).toEqual([]);
    expect(await madeHereUids(db)).toEqual([pending.uid, old.uid].sort());
    expect(await db.candidates.bulkGet([pending.uid, edited.uid, old.uid, pulled.uid])).toEqual([pending, edited, old, pulled]);
    await db.delete();
  });

  it('rewrites the rows a version-11 device stored with own writes, so the one index holds them', async () => {
    const name = `test-${newUid()}`;
    const v11 = new Dexie(name);
    v11.version(11).stores({ candidates: 'uid, emailKey, status, localOnly, [ownWrites.from+ownWrites.through+ownWrites.count]' });
    const made = { ...toLocalCandidate(makeCandidate({ email: 'made@x.io', id: null })), ownWrites: { from: 2, through: 2, count: 1 } };
    const edited = { ...toLocalCandidate(makeCandidate({ email: 'edited@x.io', id: 9 })), ownWrites: { from: 3, through: 3, count: 1 } };
    const pulled = toLocalCandidate(makeCandidate({ email: 'pulled@x.io', id: 10 }));
    // Version 11's stored form: short names, localOnly and ownWrites as fields of their own.
    const v11Form = ({ localOnly, ownWrites, ...row }: LocalCandidate) => {
      const { r, ...stored } = toStoredCandidate(row) as Record<string, unknown>;
      expect(r).toBeUndefined();
      return { ...stored, ...(localOnly ? { localOnly } : {}), ...(ownWrites ? { ownWrites } : {}) };
    };
    await v11.table('candidates').bulkAdd([made, edited, pulled].map(v11Form));
    v11.close();

    const db = new RepHireDb(name);
    await db.open();
    expect(await madeHereUids(db)).toEqual([made.uid]);
    expect((await runsStartedBy(db, 3)).sort((a, b) => a.from - b.from)).toEqual([
      { from: 2, through: 2, count: 1 },
      { from: 3, through: 3, count: 1 },
    ]);
    expect(await holdersOfRun(db, { from: 3, through: 3, count: 1 })).toEqual([edited.uid]);
    expect(await db.candidates.bulkGet([made.uid, edited.uid, pulled.uid])).toEqual([made, edited, pulled]);
    await db.delete();
  });
});

describe('versions 13 and 14', () => {
  it('index the candidates a version-12 device holds in interview, and drop the index of every status', async () => {
    const name = `test-${newUid()}`;
    const v12 = new Dexie(name);
    v12.version(12).stores({ candidates: CANDIDATE_INDEXES_V12 });
    const interviewing = toLocalCandidate(makeCandidate({ email: 'in@x.io', id: 4, status: 'interview' }));
    const screening = toLocalCandidate(makeCandidate({ email: 'out@x.io', id: 5, status: 'screening' }));
    // Version 12's stored form: the same, without the interview key.
    const v12Form = (row: LocalCandidate) => {
      const { inInterview, ...stored } = toStoredCandidate(row) as Record<string, unknown>;
      return stored;
    };
    await v12.table('candidates').bulkAdd([interviewing, screening].map(v12Form));
    expect(await v12.table('candidates').where('status').equals('interview').count()).toBe(1);
    v12.close();

    const db = new RepHireDb(name);
    await db.open();
    expect(db.candidates.schema.indexes.map((index) => index.name).sort()).toEqual(['emailKey', IN_INTERVIEW_INDEX, OWN_RUN_INDEX]);
    expect(await db.candidates.where(IN_INTERVIEW_INDEX).equals(1).primaryKeys()).toEqual([interviewing.uid]);
    expect(interviewing.inInterview).toBe(1);
    expect(await db.candidates.bulkGet([interviewing.uid, screening.uid])).toEqual([interviewing, screening]);
    await db.delete();
  });
});

describe('the run index', () => {
  /** The database's cursor steps on the candidates table (each a round trip to the database in a browser). */
  function countingCursorSteps(db: RepHireDb) {
    const counts = { steps: 0 };
    db.use({
      stack: 'dbcore',
      name: 'CountCursorSteps',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          if (name !== 'candidates') return table;
          return {
            ...table,
            openCursor: async (req) => {
              const cursor = await table.openCursor(req);
              if (cursor) counts.steps += 1;
              return cursor && Object.create(cursor, { continue: { value: (key?: unknown) => (counts.steps += 1, cursor.continue(key as never)) } });
            },
          };
        },
      }),
    });
    return counts;
  }

  it("finds a run's rows in one request per localOnly value, and the runs in a step per run, not per row", async () => {
    const db = new RepHireDb(`test-${newUid()}`);
    const counts = countingCursorSteps(db);
    const rows = Array.from({ length: 600 }, (_, i) => ({
      ...toLocalCandidate(makeCandidate({ email: `p${i}@x.io`, id: i % 3 ? null : i + 1 })),
      ownWrites: { from: 1 + Math.floor(i / 200), through: 1 + Math.floor(i / 200), count: 1 },
    }));
    await db.candidates.bulkAdd(rows);
    counts.steps = 0;
    expect((await holdersOfRun(db, { from: 2, through: 2, count: 1 })).sort()).toEqual(rows.slice(200, 400).map((row) => row.uid).sort());
    expect(await madeHere(db).count()).toBe(400);
    expect(await madeHere(db).primaryKeys()).toHaveLength(400);
    expect(counts.steps).toBe(0);
    expect((await runsStartedBy(db, 2)).sort((a, b) => a.from - b.from)).toEqual([
      { from: 1, through: 1, count: 1 },
      { from: 2, through: 2, count: 1 },
    ]);
    // Two ranges (pulled rows, rows made here), each a step per run it holds and one to its end.
    expect(counts.steps).toBeLessThanOrEqual(2 * 3);
    await db.delete();
  });
});

describe('a stored candidate', () => {
  const stamp = '001790000000000-0000-abcdef';
  const allAt = (value: string) => Object.fromEntries(CANDIDATE_LWW_FIELDS.map((field) => [field, value]));

  it('keeps one stamp for clocks one write set on every field, and reads back exactly what was stored', () => {
    const created = makeCandidate({ id: null, fieldClocks: allAt(stamp) });
    const local = toLocalCandidate(created);
    expect(local.fieldClocks).toBe(stamp);
    expect(local).toMatchObject({ emailKey: created.email.toLowerCase(), localOnly: 1 });
    expect(fromLocalCandidate(local)).toEqual(created);
  });

  it('keeps clocks as they are when they differ, miss a field or name another', () => {
    const edited = { ...allAt(stamp), phone: '001790000000001-0000-abcdef' };
    const partial = Object.fromEntries(Object.entries(allAt(stamp)).slice(1));
    const extra = { ...allAt(stamp), zzz: stamp };
    for (const fieldClocks of [edited, partial, extra, {}]) {
      const candidate = makeCandidate({ fieldClocks });
      expect(toLocalCandidate(candidate).fieldClocks).toEqual(fieldClocks);
      expect(fromLocalCandidate(toLocalCandidate(candidate))).toEqual(candidate);
    }
    expect(toLocalCandidate(makeCandidate({ id: 3 })).localOnly).toBeUndefined();
  });

  it('reads rows written with one stamp with one shared, frozen set of clocks that a merge copies', () => {
    const [a, b] = [makeCandidate({ fieldClocks: allAt(stamp) }), makeCandidate({ fieldClocks: allAt(stamp) })].map((row) => fromLocalCandidate(toLocalCandidate(row)));
    expect(a!.fieldClocks).toBe(b!.fieldClocks);
    expect(() => {
      a!.fieldClocks.name = 'changed';
    }).toThrow(TypeError);
    const later = '001790000000009-0000-abcdef';
    const { record } = applyCandidateChanges(a!, { name: 'New name' }, later, '2026-01-01T00:00:00.000Z');
    expect(record.fieldClocks.name).toBe(later);
    expect(b!.fieldClocks).toEqual(allAt(stamp));
  });
});

describe('email key lookups', () => {
  it('answer as the emailKey index does, in a transaction and outside one', async () => {
    const db = await ownedDb();
    const ann = toLocalCandidate(makeCandidate({ email: 'Ann@X.io' }));
    const annAgain = toLocalCandidate(makeCandidate({ email: 'ann@x.io', deletedAt: '2026-01-01T00:00:00.000Z' }));
    const bo = toLocalCandidate(makeCandidate({ email: 'bo@x.io' }));
    await db.candidates.bulkPut([ann, annAgain, bo, toLocalCandidate(makeCandidate({ email: 'cy@x.io' }))]);
    const keys = ['ann@x.io', 'nobody@x.io', 'bo@x.io'];
    // The uids, deleted rows' too: the lookup in a transaction reads past Dexie's collections.
    const sorted = (uids: string[]) => [...uids].sort();
    const expected = sorted([ann.uid, annAgain.uid, bo.uid]);

    expect(sorted(await uidsWithEmailKeys(db, keys))).toStrictEqual(expected);
    expect(await indexedEmailKeys(db, keys)).toEqual(['ann@x.io', 'bo@x.io']);
    await db.transaction('r', db.candidates, async () => {
      expect(sorted(await uidsWithEmailKeys(db, keys))).toStrictEqual(expected);
      expect(await indexedEmailKeys(db, keys)).toEqual(['ann@x.io', 'bo@x.io']);
      expect(await uidsWithEmailKeys(db, [])).toEqual([]);
      expect(await indexedEmailKeys(db, ['nobody@x.io'])).toEqual([]);
    });
    await db.delete();
  });
});
