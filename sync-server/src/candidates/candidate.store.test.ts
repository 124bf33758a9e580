import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCandidateRecord } from '@shared/sync/merge';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database';
import { insertCandidates, insertUnlessEmailExists, rowToCandidate, updateCandidates } from './candidate.store';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

const stamp = (n: number) => `00017637800000${n}-0000-test`;
const now = '2026-11-22T10:00:00.000Z';
const record = (name: string, clock: string) =>
  createCandidateRecord({ uid: randomUUID(), name, email: `${name.toLowerCase()}@example.com`, phone: '+1 555 0100' }, clock, {
    id: null,
    userId: null,
    now,
  });
const findCandidatesByUids = async (uids: string[]) => (await db.knex('candidates').whereIn('uid', uids)).map(rowToCandidate);
const sorted = <T extends { name: string }>(records: T[]) => [...records].sort((a, b) => a.name.localeCompare(b.name));

describe('batch writes', () => {
  it('store each record with its own field clocks, shared or not', async () => {
    const records = [record('Ana', stamp(1)), record('Ben', stamp(1)), record('Cara', stamp(2))];
    records[1]!.fieldClocks.phone = stamp(3);
    const inserted = await insertCandidates(db.knex, records);
    expect(inserted.map((c) => c.uid)).toEqual(records.map((r) => r.uid));
    const stored = await findCandidatesByUids(inserted.map((c) => c.uid));
    expect(sorted(stored)).toEqual(sorted(inserted));

    const changed = [
      { ...inserted[0]!, notes: 'moved', fieldClocks: { ...inserted[0]!.fieldClocks, notes: stamp(4) } },
      { ...inserted[2]!, phone: null, fieldClocks: { ...inserted[2]!.fieldClocks, phone: stamp(5) } },
    ];
    await updateCandidates(db.knex, changed);
    const updated = await findCandidatesByUids(inserted.map((c) => c.uid));
    expect(sorted(updated)).toEqual(sorted([changed[0]!, inserted[1]!, changed[1]!]));
  });

  it('an arrival returns the candidate it inserted as stored, or the one it found', async () => {
    const arrival = record('Dana', stamp(6));
    const first = await insertUnlessEmailExists(db.knex, arrival);
    expect('inserted' in first).toBe(true);
    const inserted = 'inserted' in first ? first.inserted : undefined;
    expect(await findCandidatesByUids([arrival.uid])).toEqual([inserted]);

    const again = await insertUnlessEmailExists(db.knex, { ...record('Dana', stamp(7)), email: ' DANA@example.com ' });
    expect(again).toEqual({ existing: inserted });
  });
});
