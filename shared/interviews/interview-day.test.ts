import { describe, expect, it } from 'vitest';
import { makeCandidate } from '../candidates/testing';
import type { InterviewNote } from '../schemas/candidate.schema';
import { interviewEntriesForDay } from './interview-day';

const note = (candidateUid: string, day: string, text = 'went well', deletedAt: string | null = null): InterviewNote => ({
  id: null,
  uid: `00000000-0000-4000-8000-${day.replace(/-/g, '').padStart(12, '0')}`,
  candidateUid,
  day,
  note: text,
  userId: null,
  fieldClocks: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt,
});

describe('the interview-day rule', () => {
  it('lists candidates who entered interview that day in the viewer’s zone, or have a note for that day', () => {
    // 2026-03-10T06:30Z is March 9 in Los Angeles and March 10 in Berlin.
    const entered = makeCandidate({ name: 'Entered', status: 'interview', statusChangedAt: '2026-03-10T06:30:00.000Z' });
    const noted = makeCandidate({ name: 'Noted', status: 'hired' });
    const moved = makeCandidate({ name: 'Moved on', status: 'hired', statusChangedAt: '2026-03-10T06:30:00.000Z' });
    const candidates = [entered, noted, moved];
    const notes = [note(noted.uid, '2026-03-09')];
    const la = interviewEntriesForDay(candidates, notes, '2026-03-09', 'America/Los_Angeles');
    expect(la.map((e) => e.candidate.name)).toEqual(['Entered', 'Noted']);
    expect(la[1]!.note?.note).toBe('went well');
    const berlin = interviewEntriesForDay(candidates, notes, '2026-03-10', 'Europe/Berlin');
    expect(berlin.map((e) => e.candidate.name)).toEqual(['Entered']);
  });

  it('ignores deleted notes and deleted candidates', () => {
    const gone = makeCandidate({ name: 'Gone', status: 'interview', statusChangedAt: '2026-03-10T12:00:00.000Z', deletedAt: '2026-03-11T00:00:00.000Z' });
    const kept = makeCandidate({ name: 'Kept', status: 'new' });
    const entries = interviewEntriesForDay([gone, kept], [note(kept.uid, '2026-03-10', 'x', '2026-03-10T13:00:00.000Z')], '2026-03-10', 'UTC');
    expect(entries).toEqual([]);
  });
});
