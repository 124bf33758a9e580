import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import { RepHireDb, toLocalCandidate, type LocalCandidate } from './database';
import { BLOCK_ROWS } from './candidate-blocks';
import { IN_INTERVIEW_INDEX } from './stored-candidate';

const opened: RepHireDb[] = [];
async function closeAll() {
  const dbs = opened.splice(0);
  for (const db of dbs) db.close();
  for (const name of new Set(dbs.map((db) => db.name))) await Dexie.delete(name);
}
afterEach(closeAll);

/** Two connections to one new device database (two tabs). */
async function tabs(): Promise<[RepHireDb, RepHireDb]> {
  const name = `blocks-${Math.random()}`;
  const first = new RepHireDb(name);
  const second = new RepHireDb(name);
  opened.push(first, second);
  await first.open();
  await second.open();
  return [first, second];
}

const UIDS = Array.from({ length: 12 }, (_, i) => `uid-${String(i).padStart(2, '0')}`);
const EMAILS = ['ann@x.io', 'bo@x.io', 'cy@x.io', 'di@x.io'];

/** A row as the server sends it (an id, no own writes: a block may keep it), or as this device writes it. */
function rowOf(uid: string, email: string, status: 'new' | 'interview', kind: 'server' | 'own' | 'made', version: number): LocalCandidate {
  const base = toLocalCandidate({ ...makeCandidate({ email, status }), uid, id: kind === 'made' ? null : 1 + UIDS.indexOf(uid), phone: `v${version}` });
  if (kind === 'own') base.ownWrites = { from: version, through: version, count: 1 };
  return base;
}

type Put = Array<{ uid: string; email: string; status: 'new' | 'interview'; kind: 'server' | 'own' | 'made' }>;
type Op =
  | { type: 'put'; tab: 0 | 1; rows: Put }
  | { type: 'puts'; tab: 0 | 1; writes: Put[] }
  | { type: 'delete'; tab: 0 | 1; uids: string[] }
  | { type: 'clear'; tab: 0 | 1 }
  | { type: 'aborted'; tab: 0 | 1; uids: string[] };

const tab = fc.constantFrom<0 | 1>(0, 1);
const putArb: fc.Arbitrary<Put> = fc.array(
  fc.record({ uid: fc.constantFrom(...UIDS), email: fc.constantFrom(...EMAILS), status: fc.constantFrom('new' as const, 'interview' as const), kind: fc.constantFrom('server' as const, 'server' as const, 'own' as const, 'made' as const) }),
  { minLength: 1, maxLength: 6 },
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant('put' as const), tab, rows: putArb }) },
  // Several writes in one transaction, as a pull writes its page in steps.
  { weight: 2, arbitrary: fc.record({ type: fc.constant('puts' as const), tab, writes: fc.array(putArb, { minLength: 2, maxLength: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('delete' as const), tab, uids: fc.uniqueArray(fc.constantFrom(...UIDS), { minLength: 1, maxLength: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('aborted' as const), tab, uids: fc.uniqueArray(fc.constantFrom(...UIDS), { minLength: 1, maxLength: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('clear' as const), tab }) },
);

/** Everything a reader can ask of the candidates table, as plain data. */
async function readAll(db: RepHireDb) {
  const key = (rows: Array<LocalCandidate | undefined>) => rows.map((row) => (row ? `${row.uid}:${row.email}:${row.phone}:${row.status}:${row.ownWrites?.from ?? '-'}:${row.localOnly ?? '-'}` : 'none'));
  return db.transaction('r', db.candidates, async () => ({
    all: key(await db.candidates.toArray()),
    count: await db.candidates.count(),
    keys: await db.candidates.toCollection().primaryKeys(),
    reversed: key(await db.candidates.reverse().toArray()),
    got: key(await db.candidates.bulkGet(UIDS)),
    one: key([await db.candidates.get(UIDS[3]!)]),
    byEmail: await Promise.all(EMAILS.map(async (email) => key(await db.candidates.where('emailKey').equals(email).toArray()))),
    anyEmail: key(await db.candidates.where('emailKey').anyOf(['bo@x.io', 'di@x.io']).toArray()),
    emailOrder: await db.candidates.orderBy('emailKey').primaryKeys(),
    emailKeys: await db.candidates.orderBy('emailKey').keys(),
    emailCount: await db.candidates.where('emailKey').equals('ann@x.io').count(),
    interview: await db.candidates.where(IN_INTERVIEW_INDEX).equals(1).primaryKeys(),
    above: await db.candidates.where(':id').above(UIDS[4]).limit(3).primaryKeys(),
    aboveRows: key(await db.candidates.where(':id').above(UIDS[2]).limit(2).toArray()),
    uidsIn: await db.candidates.where(':id').anyOf([UIDS[1]!, UIDS[5]!, UIDS[9]!]).primaryKeys(),
    filtered: key(await db.candidates.filter((row) => row.status === 'interview').toArray()),
    offset: await db.candidates.offset(2).limit(3).primaryKeys(),
    emailBetween: await db.candidates.where('emailKey').between('bo@x.io', 'cy@x.io', true, true).primaryKeys(),
    firstByEmail: key([await db.candidates.orderBy('emailKey').first()]),
  }));
}

/** The same reads of a plain table that keeps every row a record (no blocks): what the reads must give. */
class PlainDb extends Dexie {
  candidates!: Dexie.Table<LocalCandidate, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ candidates: `uid, emailKey, ${IN_INTERVIEW_INDEX}` });
  }
}

async function apply(db: Dexie & { candidates: Dexie.Table<LocalCandidate, string> }, op: Op, version: number): Promise<void> {
  const put = (rows: Put) => db.candidates.bulkPut(rows.map((row) => rowOf(row.uid, row.email, row.status, row.kind, version)));
  if (op.type === 'put') await put(op.rows);
  else if (op.type === 'puts')
    await db.transaction('rw', db.candidates, async () => {
      for (const rows of op.writes) await put(rows);
    });
  else if (op.type === 'delete') await db.candidates.bulkDelete(op.uids);
  else if (op.type === 'clear') await db.candidates.clear();
  else {
    await db
      .transaction('rw', db.candidates, async () => {
        await db.candidates.bulkPut(op.uids.map((uid) => rowOf(uid, 'zed@x.io', 'interview', 'server', version)));
        await db.candidates.bulkDelete(op.uids.slice(1));
        throw new Error('abort');
      })
      .catch(() => undefined);
  }
}

describe('candidates kept in blocks', () => {
  it('read as one table of rows, whatever writes came from either tab (property: against a plain table)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const connections = await tabs();
        const plain = new PlainDb(`plain-${Math.random()}`);
        try {
          let version = 0;
          for (const op of ops) {
            version += 1;
            await apply(connections[op.tab], op, version);
            await apply(plain, op, version);
            const expected = await readPlain(plain);
            expect(await readAll(connections[0])).toEqual(expected);
            expect(await readAll(connections[1])).toEqual(expected);
            // A copy a gone list keeps is of a row the device still holds: a deleted row leaves none.
            const kept = (await blockRecords(connections[0])).gone.flatMap(([, uids]) => uids);
            expect(kept.filter((uid) => !expected.keys.includes(uid))).toEqual([]);
          }
        } finally {
          plain.close();
          await Dexie.delete(plain.name);
          await closeAll();
        }
      }),
      { numRuns: 60 },
    );
    // Sixty runs of up to fourteen steps, each read back from both tabs and a plain table: about 10 s on
    // a 2-core machine to itself, over 20 s while other suites run beside it.
  }, 90_000);

  it("keeps a new device's pulled rows in blocks, and a row it then writes itself in the table", async () => {
    const [db] = await tabs();
    const pulled = Array.from({ length: BLOCK_ROWS + 20 }, (_, i) => toLocalCandidate({ ...makeCandidate({ email: `p${i}@x.io` }), id: i + 1 }));
    await db.transaction('rw', db.candidates, () => db.candidates.bulkPut(pulled));
    // Two blocks and the version record; no row of its own.
    expect(await db.candidateBlocks.count()).toBe(3);
    expect(await db.transaction('r', db.candidateBlocks, () => db.candidateBlocks.count())).toBe(3);
    expect(await db.candidates.count()).toBe(pulled.length);
    expect((await db.candidates.get(pulled[7]!.uid))?.email).toBe('p7@x.io');

    // An edit of this device's: the row leaves its block for the table, with its run.
    const edited: LocalCandidate = { ...pulled[7]!, phone: '555', ownWrites: { from: 1, through: 1, count: 1 } };
    await db.candidates.put(edited);
    expect(await db.candidates.get(edited.uid)).toMatchObject({ phone: '555', ownWrites: { from: 1, through: 1, count: 1 } });
    expect(await db.candidates.where('r').equals([0, 1, 1, 1]).primaryKeys()).toEqual([edited.uid]);
    expect(await db.candidates.count()).toBe(pulled.length);

    // The device now holds a row of its own: later pulls write rows a record each, as before.
    const later = toLocalCandidate({ ...makeCandidate({ email: 'late@x.io' }), id: 9999 });
    await db.candidates.put(later);
    // The edited row is named in its block's gone list; the block's record was not written again.
    const { stored, gone } = await blockRecords(db);
    expect(stored).toBe(pulled.length);
    expect(gone).toEqual([[1, [edited.uid]]]);
    expect(await db.candidates.where('emailKey').equals('late@x.io').count()).toBe(1);
  });

  it('lists rows moved to the table as gone while at most half of a block is, and a delete leaves no copy behind', async () => {
    const [db, other] = await tabs();
    const pulled = Array.from({ length: 10 }, (_, i) => toLocalCandidate({ ...makeCandidate({ email: `g${i}@x.io`, status: i % 2 ? 'interview' : 'new' }), id: i + 1 }));
    await db.candidates.bulkPut(pulled);
    await other.candidates.count(); // the other tab has read the blocks
    const first = await db.candidateBlocks.get(1);
    const edit = (i: number) => ({ ...pulled[i]!, phone: `v${i}`, ownWrites: { from: i, through: i, count: 1 } });

    // Four rows moved to the table by edits of this device's: four of ten gone, the record as it was.
    await db.candidates.bulkPut([0, 1, 2].map(edit));
    await other.candidates.put(edit(3));
    expect(await db.candidateBlocks.get(1)).toEqual(first);
    expect((await blockRecords(db)).gone).toEqual([[1, pulled.slice(0, 4).map((row) => row.uid)]]);
    for (const tab of [db, other]) {
      expect(await tab.candidates.count()).toBe(10);
      expect(await tab.candidates.where('emailKey').equals('g1@x.io').primaryKeys()).toEqual([pulled[1]!.uid]);
      expect(await tab.candidates.where(IN_INTERVIEW_INDEX).equals(1).primaryKeys()).toEqual([1, 3, 5, 7, 9].map((i) => pulled[i]!.uid).sort());
      expect((await tab.candidates.get(pulled[3]!.uid))?.phone).toBe('v3');
    }

    // A fifth is still half; a sixth would make more than half gone: the block is written again.
    await db.candidates.put(edit(4));
    expect((await blockRecords(db)).gone).toEqual([[1, pulled.slice(0, 5).map((row) => row.uid)]]);
    await other.candidates.put(edit(5));
    expect(await blockRecords(db)).toEqual({ stored: 4, gone: [] });

    // A moved row deleted (erased): the block that kept a copy of it is written again without it.
    await db.candidates.put(edit(6));
    expect((await blockRecords(db)).gone).toEqual([[1, [pulled[6]!.uid]]]);
    await other.candidates.delete(pulled[6]!.uid);
    expect(await blockRecords(db)).toEqual({ stored: 3, gone: [] });
    expect(JSON.stringify(await db.candidateBlocks.toArray())).not.toContain(pulled[6]!.uid);
    // A block row deleted: its block written again at once, no gone list.
    await db.candidates.delete(pulled[7]!.uid);
    expect(await blockRecords(db)).toEqual({ stored: 2, gone: [] });
    for (const tab of [db, other]) expect(await tab.candidates.orderBy('emailKey').keys()).toEqual(['g0@x.io', 'g1@x.io', 'g2@x.io', 'g3@x.io', 'g4@x.io', 'g5@x.io', 'g8@x.io', 'g9@x.io']);
    // The rest leave at once: the block is deleted, the version record stays.
    await other.candidates.bulkDelete([8, 9].map((i) => pulled[i]!.uid));
    expect(await db.candidateBlocks.count()).toBe(1);
    expect(await db.candidates.count()).toBe(6);
  });

  it('places each write of a transaction by what the transaction did before it, and shows them all to another tab', async () => {
    const [db, other] = await tabs();
    await other.candidates.count(); // the other tab has read the (empty) blocks
    const server = (from: number, count: number) => Array.from({ length: count }, (_, i) => toLocalCandidate({ ...makeCandidate({ email: `s${from + i}@x.io` }), id: from + i }));
    const own: LocalCandidate = { ...toLocalCandidate(makeCandidate({ email: 'own@x.io' })), ownWrites: { from: 1, through: 1, count: 1 } };
    const [first, second, third] = [server(1, 30), server(100, 30), server(200, 30)];
    await db.transaction('rw', db.candidates, async () => {
      await db.candidates.bulkPut(first);
      await db.candidates.bulkPut(second);
      await db.candidates.put(own);
      // The table now holds a row of this device's: the rest go to the table, a record each.
      await db.candidates.bulkPut(third);
    });
    const blocks = await db.candidateBlocks.toArray();
    const blockUids = blocks.flatMap((block) => ((block as { rows?: LocalCandidate[] }).rows ?? []).map((row) => row.uid));
    expect(blockUids.sort()).toEqual([...first, ...second].map((row) => row.uid).sort());
    // Two blocks and one version record.
    expect(blocks).toHaveLength(3);
    expect(await db.candidates.where('emailKey').equals('s205@x.io').count()).toBe(1);
    expect(await other.candidates.count()).toBe(91);
    expect((await other.candidates.get(second[29]!.uid))?.email).toBe('s129@x.io');
  });
});

/** The rows the blocks' records hold as stored, and each gone list (by its block's number). */
async function blockRecords(db: RepHireDb): Promise<{ stored: number; gone: Array<[number, string[]]> }> {
  const records = (await db.candidateBlocks.toArray()) as Array<{ n: number; rows?: unknown[]; gone?: string[] }>;
  return {
    stored: records.reduce((total, record) => total + (record.rows?.length ?? 0), 0),
    gone: records.flatMap((record) => (record.gone ? [[-record.n, record.gone] as [number, string[]]] : [])),
  };
}

function readPlain(db: PlainDb) {
  return readAll(db as unknown as RepHireDb);
}
