import { describe, expect, it } from 'vitest';
import { CANDIDATE_LWW_FIELDS } from '../schemas/candidate.schema';
import { pullResponseSchema, pulledCandidateSchema, readPullPage } from './protocol.schema';
import { clocksOfStamp, sharedStamp } from './shared-clocks';
import { makeCandidate } from '../candidates/testing';

const STAMP = '001795986992852-0000-1f3965f6650d47ed';
const LATER = '001795986992999-0000-1f3965f6650d47ed';
const every = (stamp: string) => Object.fromEntries(CANDIDATE_LWW_FIELDS.map((field) => [field, stamp]));

describe('shared clocks', () => {
  it('are the stamp when every LWW field, and only those, holds it', () => {
    expect(sharedStamp(every(STAMP))).toBe(STAMP);
    expect(sharedStamp({ ...every(STAMP), phone: LATER })).toBeNull();
    expect(sharedStamp({ ...every(STAMP), extra: STAMP })).toBeNull();
    const { notes: _notes, ...missing } = every(STAMP);
    expect(sharedStamp(missing)).toBeNull();
    expect(sharedStamp({})).toBeNull();
  });

  it('expand to every LWW field holding the stamp, one frozen object per stamp in a row', () => {
    const clocks = clocksOfStamp(STAMP);
    expect(clocks).toEqual(every(STAMP));
    expect(sharedStamp(clocks)).toBe(STAMP);
    expect(clocksOfStamp(STAMP)).toBe(clocks);
    expect(Object.isFrozen(clocks)).toBe(true);
    expect(clocksOfStamp(LATER)).toEqual(every(LATER));
  });

  it('are read from a pulled page as the record the full clocks give, and clocks neither a stamp nor a map are refused', () => {
    const full = makeCandidate({ fieldClocks: every(STAMP) });
    const mixed = makeCandidate({ fieldClocks: { ...every(STAMP), status: LATER } });
    const page = { cursor: 'c', done: true, reset: false, includedThrough: 0, processedThrough: 0, candidates: [{ ...full, fieldClocks: STAMP }, mixed, full], experiences: [], interviewNotes: [] };
    const read = readPullPage(pullResponseSchema.parse(page));
    expect(read.candidates).toEqual([full, mixed, full]);
    expect(read.candidates[0]!.fieldClocks).toBe(clocksOfStamp(STAMP));
    for (const fieldClocks of [42, null, ['a'], { name: 7 }]) expect(pulledCandidateSchema.safeParse({ ...full, fieldClocks }).success).toBe(false);
  });
});
