import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeEmail } from '../candidates/email';
import type { Candidate, InterviewNote } from '../schemas/candidate.schema';
import { formatHlc } from '../sync/hlc';
import type { ImportRow } from './args.schema';
import { apply } from './candidates-import';
import type { MutationStore } from './store';

/** Rows in Maps: a store only keeps rows; every rule is the mutation's. */
function mapStore(): MutationStore & { candidates: Map<string, Candidate> } {
  const candidates = new Map<string, Candidate>();
  const notes = new Map<string, InterviewNote>();
  return {
    candidates,
    getCandidates: async (uids) => uids.map((uid) => candidates.get(uid)),
    liveCandidatesByEmail: async (keys) => [...candidates.values()].filter((c) => !c.deletedAt && keys.includes(normalizeEmail(c.email))),
    putCandidates: async (rows) => {
      for (const row of rows) candidates.set(row.uid, row);
    },
    getInterviewNote: async (uid) => notes.get(uid),
    liveInterviewNoteFor: async () => undefined,
    putInterviewNote: async (row) => void notes.set(row.uid, row),
    interviewNotesOf: async () => [],
    recordEvents: () => {},
  };
}

const stamp = (n: number) => formatHlc({ millis: 1_700_000_000_000 + n * 1000, counter: 0, node: 'dev' });
const ctx = (n: number) => ({ hlc: stamp(n), now: '2026-11-24T10:00:00.000Z', userId: 1 });

async function importInBatches(rows: ImportRow[], cuts: number[]) {
  const store = mapStore();
  let from = 0;
  for (const [i, to] of [...cuts, rows.length].entries()) {
    if (to > from) await apply(store, { rows: rows.slice(from, to) }, ctx(i));
    from = Math.max(from, to);
  }
  return [...store.candidates.values()]
    .map(({ uid, name, email, phone, location, source, status, notes }) => ({ uid, name, email, phone, location, source, status, notes }))
    .sort((a, b) => a.uid.localeCompare(b.uid));
}

describe('candidates.import', () => {
  it('gives the same candidates wherever a file is cut into batches (property)', async () => {
    const row = fc.record({
      email: fc.constantFrom('ana@x.io', ' ANA@x.io', 'ben@x.io', 'cy@x.io'),
      name: fc.constantFrom('Ana', 'Ana C', 'Ben', 'Cy'),
      phone: fc.option(fc.constantFrom('555-0100', '555-0199'), { nil: undefined }),
      location: fc.option(fc.constantFrom('Oslo', 'Reno'), { nil: undefined }),
      notes: fc.option(fc.constantFrom('Rating: 1', 'Rating: 10', 'remote', 'Prefers remote work\nremote'), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 8 }), fc.array(fc.nat(8), { maxLength: 3 }), async (raw, cuts) => {
        const rows = raw.map((r, i) => Object.fromEntries(Object.entries({ ...r, uid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }).filter(([, v]) => v !== undefined)) as ImportRow);
        const whole = await importInBatches(rows, []);
        const cut = await importInBatches(rows, [...cuts].sort((a, b) => a - b));
        expect(cut).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('adds a row note that is only a substring of a line already there', async () => {
    const store = mapStore();
    const uid = '00000000-0000-4000-8000-000000000001';
    await apply(store, { rows: [{ uid, name: 'Ana', email: 'ana@x.io', notes: 'Prefers remote work' }] }, ctx(1));
    await apply(store, { rows: [{ uid: '00000000-0000-4000-8000-000000000002', name: 'Ana', email: 'ANA@x.io', notes: 'remote' }] }, ctx(2));
    expect(store.candidates.get(uid)!.notes).toBe('Prefers remote work\nremote');
  });
});
