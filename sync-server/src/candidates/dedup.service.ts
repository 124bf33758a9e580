/**
 * The admin's two deduplication calls (DECISIONS, Candidates). Live candidates sharing a trimmed,
 * lower-cased email are one person: the most recently updated record is kept, the others become
 * tombstones (devices pull the deletion; the removed records stay in each one's history as a '*'
 * snapshot).
 * - deduplicate: first merges the removed records' note lines (those the kept one lacks) and their
 *   interview notes into the kept record — a day the kept one also has a note for gets both texts.
 * - dedup-now: only removes.
 * Arrivals by email wait while this runs (it holds every email lock stripe), so none slips in between.
 */
import type { Knex } from 'knex';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { applyAppendNote, applyDelete, appendLine, applyInterviewNoteSave } from '@shared/sync/merge';
import { interviewNoteUid } from '@shared/sync/ids';
import { normalizeEmail } from '@shared/candidates/email';
import { serverClock } from '../sync/server-clock';
import { eventsFor, recordEvents, type PendingEvent, type Writer } from './candidate-events';
import { rowToCandidate, updateCandidates, type StoredCandidate } from './candidate.store';
import { EMAIL_LOCK_CLASS, EMAIL_LOCK_STRIPES, NORMALISED_EMAIL_SQL } from './email';
import { interviewNoteField, rowToInterviewNote, type StoredInterviewNote } from '../interview-notes/interview-note-writes.service';

export type DedupMode = 'merge' | 'delete';

async function duplicateGroups(trx: Knex): Promise<StoredCandidate[][]> {
  const rows = await trx('candidates')
    .whereNull('deletedAt')
    .whereRaw(
      `${NORMALISED_EMAIL_SQL} IN (
         SELECT ${NORMALISED_EMAIL_SQL} FROM candidates
          WHERE deleted_at IS NULL AND btrim(email) <> ''
          GROUP BY 1 HAVING count(*) > 1)`,
    )
    .orderByRaw(`${NORMALISED_EMAIL_SQL}, updated_at DESC, id DESC`)
    .forUpdate();
  const groups = new Map<string, StoredCandidate[]>();
  for (const row of rows) {
    const candidate = rowToCandidate(row);
    const key = normalizeEmail(candidate.email);
    groups.set(key, [...(groups.get(key) ?? []), candidate]);
  }
  return [...groups.values()];
}

/** Note lines of `from` that `into` does not have yet, appended in their order. */
function mergeNoteLines(into: Candidate, from: Candidate, hlc: string, now: string): Candidate {
  const present = new Set(into.notes.split(/\r?\n/));
  let record = into;
  for (const line of from.notes.split(/\r?\n/)) {
    if (!line.trim() || present.has(line)) continue;
    record = applyAppendNote(record, line, hlc, now).record;
    present.add(line);
  }
  return record;
}

async function liveNotesOf(trx: Knex, candidate: StoredCandidate): Promise<StoredInterviewNote[]> {
  const rows = await trx('interview_notes').where({ candidateId: candidate.id }).whereNull('deletedAt').orderBy('day').forUpdate();
  return rows.map((row) => rowToInterviewNote(row, candidate.uid));
}

/** Moves the removed candidate's interview notes to the kept one (new uid, derived like a device's). */
async function moveInterviewNotes(
  trx: Knex,
  kept: StoredCandidate,
  keptNotes: Map<string, StoredInterviewNote>,
  removed: StoredCandidate,
  hlc: string,
  now: string,
  events: PendingEvent[],
): Promise<void> {
  for (const note of await liveNotesOf(trx, removed)) {
    await trx('interview_notes').where({ id: note.id }).update({ deletedAt: now, updatedAt: now });
    // The removed record's history says where its note went.
    events.push(...eventsFor(removed, [{ field: 'note', kind: 'merged', value: note.note, clock: hlc }], interviewNoteField(note.day)));
    const existing = keptNotes.get(note.day);
    if (existing) {
      if (!note.note.trim() || existing.note.includes(note.note)) continue;
      const saved = applyInterviewNoteSave(existing, appendLine(existing.note, note.note), hlc, now);
      events.push(...eventsFor(kept, saved.events, interviewNoteField(note.day)));
      await trx('interview_notes')
        .where({ id: existing.id })
        .update({ note: saved.record.note, fieldClocks: JSON.stringify(saved.record.fieldClocks), updatedAt: now });
      keptNotes.set(note.day, { ...existing, ...saved.record } as StoredInterviewNote);
      continue;
    }
    const uid = await interviewNoteUid(kept.uid, note.day);
    const [row] = await trx('interview_notes')
      .insert({
        uid,
        candidateId: kept.id,
        userId: note.userId,
        day: note.day,
        note: note.note,
        fieldClocks: JSON.stringify({ note: note.fieldClocks.note ?? hlc }),
        createdAt: note.createdAt,
        updatedAt: now,
      })
      .onConflict('uid')
      .merge({ candidateId: kept.id, note: note.note, deletedAt: null, updatedAt: now })
      .returning('*');
    keptNotes.set(note.day, rowToInterviewNote(row, kept.uid));
  }
}

export async function deduplicate(trx: Knex, userId: number, mode: DedupMode): Promise<{ duplicatesRemoved: number; totalCandidates: number }> {
  await trx.raw('SELECT pg_advisory_xact_lock(?, s) FROM generate_series(0, ?) AS s', [EMAIL_LOCK_CLASS, EMAIL_LOCK_STRIPES - 1]);
  const writer: Writer = { origin: 'dedup', userId };
  const hlc = serverClock.tick();
  const now = new Date().toISOString();
  const changed: StoredCandidate[] = [];
  const events: PendingEvent[] = [];
  let removedCount = 0;
  for (const [first, ...rest] of await duplicateGroups(trx)) {
    let kept: Candidate = first!;
    const keptNotes = new Map((mode === 'merge' ? await liveNotesOf(trx, first!) : []).map((n) => [n.day, n]));
    for (const removed of rest) {
      if (mode === 'merge') {
        kept = mergeNoteLines(kept, removed, hlc, now);
        await moveInterviewNotes(trx, first!, keptNotes, removed, hlc, now, events);
      }
      const deletion = applyDelete(removed, hlc, now);
      events.push(...eventsFor(removed, deletion.events));
      changed.push({ ...deletion.record, id: removed.id });
      removedCount += 1;
    }
    if (kept !== first) changed.push({ ...kept, id: first!.id });
  }
  await updateCandidates(trx, changed);
  await recordEvents(trx, writer, events);
  const { count } = (await trx('candidates').whereNull('deletedAt').count({ count: '*' }).first()) as { count: string | number };
  return { duplicatesRemoved: removedCount, totalCandidates: Number(count) };
}
