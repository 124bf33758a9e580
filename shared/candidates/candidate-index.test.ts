import { describe, expect, it } from 'vitest';
import type { Candidate } from '../schemas/candidate.schema';
import { INDEXED_FIELDS, indexCandidate, nameSortKey, reindexCandidate, type IndexedCandidate } from './candidate-index';
import { makeCandidate } from './testing';

/** An entry's values without the candidate it was built from. */
const values = ({ candidate: _candidate, ...rest }: IndexedCandidate<Candidate>) => rest;

/** A value of the field's type that differs from the candidate's. */
function changed(candidate: Candidate, field: keyof Candidate): Candidate {
  const samples: Partial<Record<keyof Candidate, unknown>> = {
    id: 999,
    status: candidate.status === 'hired' ? 'new' : 'hired',
    appliedDate: '2025-06-01T00:00:00.000Z',
    phone: '+63 917 555 0101',
    fieldClocks: { name: '2026-01-01T00:00:00.000Z-0000-aaaa' },
    deletedAt: '2026-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    statusChangedAt: '2026-01-01T00:00:00.000Z',
    userId: 77,
  };
  return { ...candidate, [field]: field in samples ? samples[field] : `Changed ${String(candidate[field])}` };
}

describe('reindexCandidate', () => {
  const before = indexCandidate(makeCandidate({ name: 'Ana Cruz', phone: '+1 949 555 0100', location: 'Irvine, CA', skills: 'CRM', notes: 'Met at fair' }));

  it('keeps the values, with the new candidate, when only fields outside the index changed', () => {
    const confirmed = { ...before.candidate, id: 42, createdAt: '2026-11-26T08:00:00.000Z', updatedAt: '2026-11-26T08:00:01.000Z' };
    const entry = reindexCandidate(before, confirmed);
    expect(entry.candidate).toBe(confirmed);
    expect(entry.notes).toBe(before.notes);
    expect(values(entry)).toEqual(values(indexCandidate(confirmed)));
  });

  it('gives what a fresh index gives whichever field changed, so INDEXED_FIELDS lists every field an entry reads', () => {
    for (const field of Object.keys(before.candidate) as Array<keyof Candidate>) {
      const next = changed(before.candidate, field);
      expect(values(reindexCandidate(before, next)), field).toEqual(values(indexCandidate(next)));
      const entryChanges = JSON.stringify(values(indexCandidate(next))) !== JSON.stringify(values(before));
      expect(entryChanges, `${field} changes the entry`).toBe((INDEXED_FIELDS as readonly string[]).includes(field));
    }
  });
});

describe('indexCandidate', () => {
  it('gives the epoch ms of the applied date, one box for each date text, NaN when missing or unparseable', () => {
    const date = '2026-03-04T10:15:30.123Z';
    const [a, b] = [indexCandidate(makeCandidate({ appliedDate: date })), indexCandidate(makeCandidate({ appliedDate: [date.slice(0, 11), date.slice(11)].join('') }))];
    expect(a.appliedAt.ms).toBe(Date.parse(date));
    expect(b.appliedAt).toBe(a.appliedAt);
    const other = indexCandidate(makeCandidate({ appliedDate: '2026-03-05T00:00:00.000Z' }));
    expect(other.appliedAt.ms).toBe(Date.parse('2026-03-05T00:00:00.000Z'));
    expect(other.appliedAt).not.toBe(a.appliedAt);
    expect(indexCandidate(makeCandidate({ appliedDate: '' })).appliedAt.ms).toBeNaN();
    expect(indexCandidate(makeCandidate({ appliedDate: 'not a date' })).appliedAt.ms).toBeNaN();
  });

  it('keeps no name copy: the name sorts by its folded key', () => {
    const entry = indexCandidate(makeCandidate({ name: '  Élodie Martin ' }));
    expect(Object.values(entry)).not.toContain('  élodie martin ');
    expect(nameSortKey(entry.candidate)).toBe('elodie martin');
  });
});
