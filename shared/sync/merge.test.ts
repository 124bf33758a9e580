import { describe, expect, it } from 'vitest';
import { formatHlc } from './hlc';
import {
  applyAppendNote,
  applyCandidateChanges,
  applyDelete,
  applySetStatus,
  createCandidateRecord,
  importIntoExisting,
} from './merge';

const stamp = (millis: number, node = 'a') => formatHlc({ millis, counter: 0, node });
const NOW = '2026-01-01T00:00:00.000Z';
const base = () =>
  createCandidateRecord(
    { uid: '00000000-0000-4000-8000-000000000001', name: 'Ann', email: 'ann@x.io', status: 'new', skills: '', notes: '' },
    stamp(100),
    { id: 1, userId: 1, now: NOW },
  );

describe('per-field last-writer-wins', () => {
  it('applies a newer write and reports the value it overwrote', () => {
    const result = applyCandidateChanges(base(), { name: 'Anne' }, stamp(200), NOW);
    expect(result.record.name).toBe('Anne');
    expect(result.record.fieldClocks.name).toBe(stamp(200));
    expect(result.events).toEqual([{ field: 'name', kind: 'overwritten', value: 'Ann', clock: stamp(100) }]);
  });

  it('keeps the newer value when an older write arrives later, and reports the loser', () => {
    const newer = applyCandidateChanges(base(), { name: 'Anne' }, stamp(300), NOW).record;
    const late = applyCandidateChanges(newer, { name: 'Annie' }, stamp(200), NOW);
    expect(late.record.name).toBe('Anne');
    expect(late.events).toEqual([{ field: 'name', kind: 'rejected', value: 'Annie', clock: stamp(200) }]);
  });

  it('merges edits of different fields from two devices in any order', () => {
    const a = { phone: '555' };
    const b = { location: 'Austin' };
    const ab = applyCandidateChanges(applyCandidateChanges(base(), a, stamp(200, 'a'), NOW).record, b, stamp(150, 'b'), NOW);
    const ba = applyCandidateChanges(applyCandidateChanges(base(), b, stamp(150, 'b'), NOW).record, a, stamp(200, 'a'), NOW);
    expect(ab.record).toMatchObject({ phone: '555', location: 'Austin' });
    expect(ba.record.phone).toBe(ab.record.phone);
    expect(ba.record.location).toBe(ab.record.location);
  });

  it('records when the status changed', () => {
    const result = applySetStatus(base(), 'interview', '[x] Status updated', stamp(Date.parse('2026-02-03T04:05:06Z')), NOW);
    expect(result.record.status).toBe('interview');
    expect(result.record.statusChangedAt).toBe('2026-02-03T04:05:06.000Z');
    expect(result.record.notes).toBe('[x] Status updated');
  });

  it('keeps both of two concurrent appends', () => {
    const one = applyAppendNote(base(), 'first', stamp(300), NOW).record;
    const both = applyAppendNote(one, 'second', stamp(200), NOW).record;
    expect(both.notes).toBe('first\nsecond');
  });

  it('lets deletes win over later edits, reporting the lost edit', () => {
    const deleted = applyDelete(base(), stamp(200), NOW);
    expect(deleted.record.deletedAt).toBe(NOW);
    expect(deleted.events[0]).toMatchObject({ kind: 'deleted', value: expect.objectContaining({ name: 'Ann' }) });
    const edit = applyCandidateChanges(deleted.record, { name: 'Zed' }, stamp(900), NOW);
    expect(edit.record.name).toBe('Ann');
    expect(edit.events).toEqual([{ field: 'name', kind: 'rejected', value: 'Zed', clock: stamp(900) }]);
  });

  it('reports both the status and the note line of a status change refused by a delete', () => {
    const deleted = applyDelete(base(), stamp(200), NOW).record;
    const result = applySetStatus(deleted, 'hired', '[x] Status updated to Hired', stamp(300), NOW);
    expect(result.changed).toBe(false);
    expect(result.record).toBe(deleted);
    expect(result.events).toEqual([
      { field: 'status', kind: 'rejected', value: 'hired', clock: stamp(300) },
      { field: 'notes', kind: 'rejected', value: '[x] Status updated to Hired', clock: stamp(300) },
    ]);
  });

  it('imports into an existing candidate without blanking fields the file lacks', () => {
    const existing = applyCandidateChanges(base(), { phone: '555', status: 'hired' }, stamp(150), NOW).record;
    const result = importIntoExisting(
      existing,
      { uid: '00000000-0000-4000-8000-000000000002', name: 'Ann B', email: 'ANN@x.io', phone: '', location: 'NYC' },
      stamp(200),
      NOW,
    );
    expect(result.record).toMatchObject({ name: 'Ann B', phone: '555', status: 'hired', location: 'NYC', email: 'ann@x.io' });
  });
});
