/**
 * candidates.merge — the server's deduplication only: candidates sharing an email are one person; the
 * kept one (the caller's choice: the most recently updated) stays, the others become tombstones whose
 * last values stay in their history. In 'merge' mode the kept candidate first gets the removed ones'
 * note lines it lacks (whole lines, as imports add them) and their interview notes: a day the kept one
 * has a note for gets the lines it lacks, another day's note moves over under the uid a device would
 * derive for it; their scheduled interviews move to the kept one as they are. 'delete' mode only removes.
 */
import { z } from 'zod';
import { appendMissingLines } from '../candidates/notes';
import type { Candidate, InterviewNote } from '../schemas/candidate.schema';
import { applyDelete, applyInterviewNoteSave } from '../sync/merge';
import { interviewNoteUid } from '../sync/ids';
import { uidSchema } from './args.schema';
import { NOTHING_CREATED } from './candidate-writes';
import { interviewNoteField } from './interview-note-save';
import { applied, historyOf, rejected, REFUSALS, type MutationContext, type MutationOutcome, type MutationStore } from './store';

export const argsSchema = z.object({
  keepUid: uidSchema,
  removeUids: z.array(uidSchema).min(1).max(1000),
  mode: z.enum(['merge', 'delete']),
});
export type Args = z.infer<typeof argsSchema>;

export async function apply(store: MutationStore, args: Args, ctx: MutationContext): Promise<MutationOutcome> {
  const [kept, ...others] = await store.getCandidates([args.keepUid, ...args.removeUids]);
  if (!kept || kept.deletedAt || kept.erased) return rejected(REFUSALS.notFound);
  const removed = others.filter((c): c is Candidate => !!c && !c.deletedAt && !c.erased);
  let record: Candidate = kept;
  if (args.mode === 'merge') {
    const keptNotes = new Map((await store.interviewNotesOf(kept.uid)).map((note) => [note.day, note]));
    for (const other of removed) {
      const notes = appendMissingLines(record.notes, other.notes);
      if (notes !== record.notes) record = { ...record, notes, updatedAt: ctx.now };
      await moveInterviewNotes(store, kept.uid, keptNotes, other.uid, ctx);
      for (const interview of await store.scheduledInterviewsOf(other.uid)) {
        await store.putScheduledInterview({ ...interview, candidateUid: kept.uid, updatedAt: ctx.now });
      }
    }
  }
  const tombstones = removed.map((other) => {
    const deletion = applyDelete(other, ctx.hlc, ctx.now);
    store.recordEvents(historyOf(other.uid, deletion.events));
    return deletion.record;
  });
  await store.putCandidates(record === kept ? tombstones : [...tombstones, record], NOTHING_CREATED);
  return applied(0, removed.length + (record === kept ? 0 : 1), 0);
}

async function moveInterviewNotes(store: MutationStore, keptUid: string, keptNotes: Map<string, InterviewNote>, fromUid: string, ctx: MutationContext) {
  for (const note of await store.interviewNotesOf(fromUid)) {
    await store.putInterviewNote({ ...note, deletedAt: ctx.now, updatedAt: ctx.now });
    // The removed record's history says where its note went.
    store.recordEvents(historyOf(fromUid, [{ field: 'note', kind: 'merged', value: note.note, clock: ctx.hlc }], interviewNoteField(note.day)));
    const existing = keptNotes.get(note.day);
    if (existing) {
      const combined = appendMissingLines(existing.note, note.note);
      if (combined === existing.note) continue;
      const saved = applyInterviewNoteSave(existing, combined, ctx.hlc, ctx.now);
      store.recordEvents(historyOf(keptUid, saved.events, interviewNoteField(note.day)));
      await store.putInterviewNote(saved.record);
      keptNotes.set(note.day, saved.record);
      continue;
    }
    const uid = await interviewNoteUid(keptUid, note.day);
    // A note of that day deleted earlier holds the uid: it comes back with this text.
    const earlier = await store.getInterviewNote(uid);
    const moved: InterviewNote = {
      id: earlier?.id ?? null,
      uid,
      candidateUid: keptUid,
      day: note.day,
      note: note.note,
      userId: note.userId,
      fieldClocks: { note: note.fieldClocks.note ?? ctx.hlc },
      createdAt: note.createdAt,
      updatedAt: ctx.now,
      deletedAt: null,
    };
    await store.putInterviewNote(moved);
    // As stored: a new note gets its id there, and another removed record's note of the same day must
    // update this one, not insert a second under the same uid (the server refused that with a 409).
    keptNotes.set(note.day, (await store.getInterviewNote(uid)) ?? moved);
  }
}
