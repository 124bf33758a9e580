import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry, RepHireDb } from '@/db/database';
import { ownedDb } from '@/sync/testing/fixtures';
import { interviewSaveState } from './useInterviewSaveState';

let db: RepHireDb | undefined;
afterEach(async () => {
  await db?.delete();
  db = undefined;
});

const entry = (id: number, name: OutboxEntry['name'], args: unknown, count = 1): OutboxEntry => ({ id, name, args, hlc: `hlc-${id}`, createdAt: '2026-11-26T10:00:00.000Z', label: name, count });

describe("interview mode's save state", () => {
  it("counts the interview's waiting changes without reading the others, and names its latest refusal", async () => {
    db = await ownedDb();
    const rows = Array.from({ length: 1000 }, (_, i) => ({ name: `P${i}`, email: `p${i}@x.io` }));
    await db.outbox.bulkAdd([
      entry(1, 'candidates.import', { rows }, 1000),
      entry(2, 'interview.score', { uid: 'interview-a', candidateUid: 'c1', notes: 'one' }),
      entry(3, 'candidates.import', { rows }, 1000),
      entry(4, 'interview.score', { uid: 'interview-b', candidateUid: 'c2', notes: 'other' }),
      entry(5, 'interview.score', { uid: 'interview-a', candidateUid: 'c1', notes: 'two' }),
    ]);
    await db.rejected.bulkAdd([
      { ...entry(10, 'interview.score', { uid: 'interview-a' }), reason: 'first refusal', rejectedAt: '2026-11-26T10:01:00.000Z' },
      { ...entry(11, 'interview.score', { uid: 'interview-a' }), reason: 'latest refusal', rejectedAt: '2026-11-26T10:02:00.000Z' },
      { ...entry(12, 'interview.score', { uid: 'interview-b' }), reason: 'not this one', rejectedAt: '2026-11-26T10:03:00.000Z' },
    ]);
    let outboxReads = 0;
    db.outbox.hook('reading', (value) => {
      outboxReads += 1;
      return value;
    });
    expect(await interviewSaveState(db, 'interview-a')).toEqual({ pending: 2, refused: 'latest refusal' });
    expect(await interviewSaveState(db, 'interview-c')).toEqual({ pending: 0, refused: null });
    // Filtering the outbox read all five entries, the two imports' 2,000 rows with them, every time.
    expect(outboxReads).toBe(0);
  });
});
