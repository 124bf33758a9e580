import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCandidateRecord } from '@shared/sync/merge';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database';
import { insertArrival } from './arrival-batcher';
import { insertCandidates } from './candidate.store';

let db: TestDatabase;
let userId: number;
beforeAll(async () => {
  db = await createTestDatabase();
  [{ id: userId }] = await db.knex('users').insert({ username: 'batcher', passwordHash: 'x', role: 'admin' }).returning('id');
});
afterAll(() => db.close());

const arrival = (email: string, owner: number | null = userId) =>
  createCandidateRecord({ uid: randomUUID(), name: email.split('@')[0]!, email }, '000001763780000-0000-test', {
    id: null,
    userId: owner,
    now: new Date().toISOString(),
  });

/** Counts the statements that insert arrivals while `run` runs. */
async function countingArrivalCalls<T>(run: () => Promise<T>): Promise<{ result: T; calls: number }> {
  let calls = 0;
  const listener = (query: { sql: string }) => {
    if (/rephire_insert_candidates?_unless_emails?/.test(query.sql)) calls += 1;
  };
  db.knex.on('query', listener);
  try {
    return { result: await run(), calls };
  } finally {
    db.knex.off('query', listener);
  }
}

describe('arrival batching', () => {
  it('answers each of many simultaneous arrivals, with one candidate per email, in fewer calls', async () => {
    const [known] = await insertCandidates(db.knex, [arrival('known@example.com')]);
    const emails = Array.from({ length: 30 }, (_, i) => `person${i % 20}@example.com`);
    emails.push(' KNOWN@example.com ');
    const records = emails.map((email) => arrival(email));
    const { result: outcomes, calls } = await countingArrivalCalls(() => Promise.all(records.map((record) => insertArrival(db.knex, record))));

    expect(calls).toBeLessThan(records.length);
    // Per email, one arrival created the candidate and every other found it (or the one already there).
    const created = new Map<string, string>();
    outcomes.forEach((outcome, i) => {
      if (!('inserted' in outcome)) return;
      const email = emails[i]!.trim().toLowerCase();
      expect(created.has(email)).toBe(false);
      expect(outcome.inserted).toMatchObject({ uid: records[i]!.uid, email: records[i]!.email });
      created.set(email, outcome.inserted.uid);
    });
    expect(created.size).toBe(20);
    outcomes.forEach((outcome, i) => {
      if ('existing' in outcome) expect(outcome.existing.uid).toBe(created.get(emails[i]!.trim().toLowerCase()) ?? known!.uid);
    });
    const stored = await db.knex('candidates').whereRaw(`email LIKE 'person%'`).count({ n: '*' });
    expect(Number(stored[0]!.n)).toBe(20);
  });

  it('fails only the arrival that the database refuses, not the others of its batch', async () => {
    // The first two start calls at once; the bad one and the last queue meanwhile and go together.
    const good = ['a@ok.example', 'b@ok.example', 'c@ok.example'].map((email) => arrival(email));
    const bad = arrival('bad@ok.example', 987_654);
    const { result: settled, calls } = await countingArrivalCalls(() =>
      Promise.allSettled([good[0], good[1], bad, good[2]].map((record) => insertArrival(db.knex, record!))),
    );
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    // Two single calls, the failed batch of two, then those two again one by one.
    expect(calls).toBe(5);
    const stored = await db.knex('candidates').whereIn('uid', good.map((r) => r.uid)).count({ n: '*' });
    expect(Number(stored[0]!.n)).toBe(3);
  });
});
