/**
 * Interview notes on the device: one per candidate per day, its uid derived from both (so two devices
 * writing the same day's note offline write one record). Saving changes the row and queues
 * `interviewNote.save` in one transaction, with the shared merge rule (last writer wins).
 */
import { interviewEntriesForDay, type InterviewEntry } from '@shared/interviews/interview-day';
import { dayBounds, shiftDay } from '@shared/format/time-zone';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import type { InterviewNote } from '@shared/schemas/candidate.schema';
import { interviewNoteUid } from '@shared/sync/ids';
import { mutationArgsSchemas } from '@shared/sync/protocol.schema';
import { appDb } from '@/db/app-db';
import { fromLocalCandidate, type RepHireDb } from '@/db/database';
import { IN_INTERVIEW_INDEX } from '@/db/stored-candidate';
import { notifyLocalWrite } from '@/db/local-writes';
import { RecordNotFoundError, parseOrThrow } from '@/db/repo-errors';
import { writeMutation } from '@/sync/outbox';
import { changeLabels } from '@/features/candidates/change-labels';
import { createScheduledInterviewsRepo } from './scheduled-interviews-repo';

/** A scheduled interview on the day view: the interview, its candidate and the candidate's note that day. */
export type ScheduledEntry = InterviewEntry & { interview: ScheduledInterview };

/** How many days after today Upcoming lists. */
export const UPCOMING_DAYS = 14;

export function createInterviewsRepo(db: RepHireDb) {
  const scheduled = createScheduledInterviewsRepo(db);

  /** Live interviews of live candidates starting in [from, to), earliest first, with that day's notes. */
  async function scheduledEntries(from: number, to: number, noteDay: string | null): Promise<ScheduledEntry[]> {
    const interviews = await scheduled.interviewsStartingBetween(from, to);
    const candidates = await db.candidates.bulkGet(interviews.map((row) => row.candidateUid));
    const entries: ScheduledEntry[] = [];
    for (const [i, interview] of interviews.entries()) {
      const candidate = candidates[i];
      if (!candidate || candidate.deletedAt) continue;
      entries.push({ interview, candidate: fromLocalCandidate(candidate), note: noteDay === null ? null : ((await noteFor(candidate.uid, noteDay)) ?? null) });
    }
    return entries;
  }

  async function noteFor(candidateUid: string, day: string): Promise<InterviewNote | undefined> {
    const note = await db.interviewNotes.where('[candidateUid+day]').equals([candidateUid, day]).first();
    return note && !note.deletedAt ? note : undefined;
  }

  return {
    /** Saves the note of `candidateUid` for `day` (yyyy-MM-dd); unchanged text queues nothing. */
    async saveInterviewNote(candidateUid: string, day: string, text: string): Promise<InterviewNote> {
      // The uid is a digest (crypto.subtle): computed before the transaction, which must only await IndexedDB.
      const uid = await interviewNoteUid(candidateUid, day);
      const args = parseOrThrow(mutationArgsSchemas['interviewNote.save'], { uid, candidateUid, day, note: text });
      const written = await writeMutation(db, async () => {
        const candidate = await db.candidates.get(candidateUid);
        if (!candidate || candidate.deletedAt) throw new RecordNotFoundError('Candidate not found');
        // A note made on the server may carry another uid; the save merges into it, as on the server.
        const existing = (await db.interviewNotes.get(uid)) ?? (await noteFor(candidateUid, day));
        if (existing && !existing.deletedAt && existing.note === args.note) return null;
        return { name: 'interviewNote.save', args, label: changeLabels.interviewNote(candidate.name, day) };
      });
      if (written) notifyLocalWrite(db);
      return (await noteFor(candidateUid, day))!;
    },

    getInterviewNote: noteFor,

    async notesForDay(day: string): Promise<InterviewNote[]> {
      return (await db.interviewNotes.where('day').equals(day).toArray()).filter((note) => !note.deletedAt);
    },

    async notesForCandidate(candidateUid: string): Promise<InterviewNote[]> {
      const notes = await db.interviewNotes
        .where('[candidateUid+day]')
        .between([candidateUid, ''], [candidateUid, '\uffff'])
        .toArray();
      return notes.filter((note) => !note.deletedAt);
    },

    /**
     * The day view: the day's scheduled interviews in time order, then the spec's entries (the
     * interview-day rule) of candidates not already listed.
     */
    async dayView(day: string, timeZone: string): Promise<{ scheduled: ScheduledEntry[]; entries: InterviewEntry[] }> {
      const { start, end } = dayBounds(day, timeZone);
      const listed = await scheduledEntries(start.getTime(), end.getTime(), day);
      const uids = new Set(listed.map((entry) => entry.candidate.uid));
      const entries = (await this.interviewEntries(day, timeZone)).filter((entry) => !uids.has(entry.candidate.uid));
      return { scheduled: listed, entries };
    },

    /** Interviews of the UPCOMING_DAYS days after `today`, in time order. */
    async upcoming(today: string, timeZone: string): Promise<ScheduledEntry[]> {
      const from = dayBounds(shiftDay(today, 1), timeZone).start.getTime();
      const to = dayBounds(shiftDay(today, UPCOMING_DAYS), timeZone).end.getTime();
      return scheduledEntries(from, to, null);
    },

    /** The Interviews page's list for `day` in `timeZone`, from local data (the shared interview-day rule). */
    async interviewEntries(day: string, timeZone: string): Promise<InterviewEntry[]> {
      const notes = (await db.interviewNotes.where('day').equals(day).toArray()).filter((note) => !note.deletedAt);
      const inInterview = await db.candidates.where(IN_INTERVIEW_INDEX).equals(1).toArray();
      const noted = await db.candidates.bulkGet(notes.map((note) => note.candidateUid));
      const byUid = new Map(inInterview.map((row) => [row.uid, row]));
      for (const row of noted) if (row) byUid.set(row.uid, row);
      return interviewEntriesForDay([...byUid.values()].map(fromLocalCandidate), notes, day, timeZone);
    },
  };
}

export type InterviewsRepo = ReturnType<typeof createInterviewsRepo>;

export const interviewsRepo: InterviewsRepo = createInterviewsRepo(appDb);
