/**
 * Interview notes on the device: one per candidate per day, its uid derived from both (so two devices
 * writing the same day's note offline write one record). Saving changes the row and queues
 * `interviewNote.save` in one transaction, with the shared merge rule (last writer wins).
 */
import { interviewEntriesForDay, type InterviewEntry } from '@shared/interviews/interview-day';
import type { InterviewNote } from '@shared/schemas/candidate.schema';
import { interviewNoteUid } from '@shared/sync/ids';
import { mutationArgsSchemas } from '@shared/sync/protocol.schema';
import { appDb } from '@/db/app-db';
import { fromLocalCandidate, type RepHireDb } from '@/db/database';
import { notifyLocalWrite } from '@/db/local-writes';
import { RecordNotFoundError, parseOrThrow } from '@/db/repo-errors';
import { writeMutation } from '@/sync/outbox';
import { changeLabels } from '@/features/candidates/change-labels';

export function createInterviewsRepo(db: RepHireDb) {
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

    /** The Interviews page's list for `day` in `timeZone`, from local data (the shared interview-day rule). */
    async interviewEntries(day: string, timeZone: string): Promise<InterviewEntry[]> {
      const notes = (await db.interviewNotes.where('day').equals(day).toArray()).filter((note) => !note.deletedAt);
      const inInterview = await db.candidates.where('status').equals('interview').toArray();
      const noted = await db.candidates.bulkGet(notes.map((note) => note.candidateUid));
      const byUid = new Map(inInterview.map((row) => [row.uid, row]));
      for (const row of noted) if (row) byUid.set(row.uid, row);
      return interviewEntriesForDay([...byUid.values()].map(fromLocalCandidate), notes, day, timeZone);
    },
  };
}

export type InterviewsRepo = ReturnType<typeof createInterviewsRepo>;

export const interviewsRepo: InterviewsRepo = createInterviewsRepo(appDb);
