/**
 * The interview-day rule, one function for the server (GET /api/interview-notes/day/:date?tz=) and the
 * device (the Interviews page, from local data): a candidate appears on day D (a yyyy-MM-dd date in the
 * viewer's IANA time zone) when it is in the `interview` status and entered it on D, or when it has an
 * interview note for D. At most one note per candidate per day.
 */
import type { Candidate, InterviewNote } from '../schemas/candidate.schema';
import { toDayString } from '../format/time-zone';

export interface InterviewEntry {
  candidate: Candidate;
  note: InterviewNote | null;
}

export function interviewEntriesForDay(
  candidates: Iterable<Candidate>,
  notes: Iterable<InterviewNote>,
  day: string,
  timeZone: string,
): InterviewEntry[] {
  const notesByCandidate = new Map<string, InterviewNote>();
  for (const note of notes) {
    if (note.deletedAt || note.day !== day) continue;
    const existing = notesByCandidate.get(note.candidateUid);
    if (!existing || existing.updatedAt < note.updatedAt) notesByCandidate.set(note.candidateUid, note);
  }
  const entries: InterviewEntry[] = [];
  for (const candidate of candidates) {
    if (candidate.deletedAt) continue;
    const note = notesByCandidate.get(candidate.uid) ?? null;
    const enteredInterviewThatDay =
      candidate.status === 'interview' &&
      candidate.statusChangedAt !== null &&
      toDayString(candidate.statusChangedAt, timeZone) === day;
    if (note || enteredInterviewThatDay) entries.push({ candidate, note });
  }
  return entries.sort((a, b) => a.candidate.name.localeCompare(b.candidate.name));
}
