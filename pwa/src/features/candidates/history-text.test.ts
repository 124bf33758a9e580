import { describe, expect, it } from 'vitest';
import type { CandidateEvent } from '@shared/schemas/candidate-api.schema';
import { describeEvent, historyEntries, valueText } from './history-text';

function event(overrides: Partial<CandidateEvent>): CandidateEvent {
  return {
    id: 1,
    candidateId: 7,
    candidateUid: '00000000-0000-4000-8000-000000000007',
    field: 'phone',
    kind: 'overwritten',
    value: '555-0100',
    clock: null,
    origin: 'sync',
    userId: 1,
    username: 'rita',
    clientId: null,
    mutationId: null,
    apiKeyName: null,
    displayName: null,
    createdAt: '2024-01-05T18:30:00.000Z',
    ...overrides,
  };
}

describe('change history text', () => {
  it('says what was replaced, by whom, and keeps the old value', () => {
    expect(describeEvent(event({}))).toMatchObject({ summary: 'Phone changed by rita', valueLabel: 'Earlier value', value: '555-0100' });
    expect(describeEvent(event({ kind: 'rejected', field: 'notes', username: null, origin: 'zapier', value: '' }))).toMatchObject({
      summary: 'An older edit to Notes by Zapier was not applied',
      value: '(empty)',
    });
    expect(describeEvent(event({ field: 'interviewNote:2024-01-05' })).summary).toBe('Interview note (Jan 5, 2024) changed by rita');
  });

  it('shows an applied date in the app\'s one format: a date alone as its day, a date-time in Pacific time', () => {
    expect(describeEvent(event({ field: 'appliedDate', value: '2026-11-22T00:00:00.000Z' }))).toMatchObject({
      summary: 'Applied date changed by rita',
      value: 'Nov 22, 2026',
    });
    expect(describeEvent(event({ field: 'appliedDate', value: '2026-11-24T15:36:52.000Z' })).value).toBe('Nov 24, 2026, 7:36 AM PST');
    expect(valueText({ name: 'Ann', appliedDate: '2026-11-22T00:00:00.000Z' })).toBe('Name: Ann\nApplied date: Nov 22, 2026');
    // Only the applied date is read as a date; other text stays as written.
    expect(describeEvent(event({ field: 'notes', value: '2026-11-22T00:00:00.000Z' })).value).toBe('2026-11-22T00:00:00.000Z');
    expect(describeEvent(event({ field: 'appliedDate', value: 'garbled' })).value).toBe('garbled');
  });

  it('lists a deleted record\'s last values and orders entries newest first', () => {
    expect(valueText({ name: 'Ann', phone: null, status: 'new' })).toBe('Name: Ann\nStatus: new');
    const entries = historyEntries([event({ id: 1 }), event({ id: 2, kind: 'deleted', field: '*', value: { name: 'Ann' } })]);
    expect(entries.map((e) => e.id)).toEqual([2, 1]);
    expect(entries[0]).toMatchObject({ summary: 'Candidate deleted by rita', value: 'Name: Ann' });
  });

  it('names the integration and its key, not the key owner, for an arrival', () => {
    const entry = describeEvent(event({ field: 'source', origin: 'zapier', username: 'owner', apiKeyName: 'Careers Zap' }));
    expect(entry.summary).toBe('Source changed by Zapier (key “Careers Zap”)');
    expect(describeEvent(event({ origin: 'form', username: 'owner' })).summary).toBe('Phone changed by a web form');
  });

  it('says a notes conflict kept both versions', () => {
    const entry = describeEvent(event({ field: 'notes', kind: 'conflict', value: 'their text' }));
    expect(entry.summary).toBe('Notes edited at the same time by rita; both versions were kept');
    expect(entry.value).toBe('their text');
  });

  it('names a person by their display name when they set one', () => {
    expect(describeEvent(event({ displayName: 'Rita Alvarez' })).summary).toBe('Phone changed by Rita Alvarez');
  });
});
