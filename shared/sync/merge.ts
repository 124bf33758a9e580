/**
 * The merge rules, as pure functions over records, run by the server when it applies a mutation and by
 * a device when it applies its own writes and replays its outbox on top of pulled rows (rebase):
 *
 * - Scalar fields are last-writer-wins per field by HLC stamp: a write applies only if its stamp is
 *   greater than the field's current stamp.
 * - Every value that loses is reported as an event, never silently dropped: the old value a newer write
 *   overwrote ('overwritten'), or the incoming value that was older than what is stored ('rejected').
 * - appendNote appends a line whatever the clocks say, so two offline appends both survive.
 * - Deletes win: a deleted record ignores later writes (reported as 'rejected').
 */
import type { Candidate, CandidateLwwField, InterviewNote } from '../schemas/candidate.schema';
import { CANDIDATE_LWW_FIELDS, DEFAULT_STATUS } from '../schemas/candidate.schema';
import { appendMissingLines, removeLastLine } from '../candidates/notes';
import { hlcToIso } from './hlc';
import { mergeNotes } from './notes-merge';
import type { CandidateChanges, CandidateCreateArgs, ImportRow } from './protocol.schema';

export type FieldEventKind = 'overwritten' | 'rejected' | 'deleted' | 'conflict' | 'restored';

export interface FieldEvent {
  field: string;
  kind: FieldEventKind;
  /** The value that was lost: the old one for 'overwritten'/'deleted', the incoming one for 'rejected'. */
  value: unknown;
  /** The stamp that value carried. */
  clock: string | null;
}

export interface MergeResult<T> {
  record: T;
  events: FieldEvent[];
  changed: boolean;
}

export interface RecordMeta {
  id: number | null;
  userId: number | null;
  now: string;
}

/** Appends a line to multi-line notes. */
export function appendLine(notes: string, line: string): string {
  return notes ? `${notes.replace(/\n+$/, '')}\n${line}` : line;
}

/** The time a record or a status change happened, read from its write's stamp (the same on every side). */
const stampTime = (hlc: string) => hlcToIso(hlc);

const blank = (value: unknown) => value === undefined || value === null || value === '';

export function createCandidateRecord(args: CandidateCreateArgs | ImportRow, hlc: string, meta: RecordMeta): Candidate {
  const fieldClocks: Record<string, string> = {};
  for (const field of CANDIDATE_LWW_FIELDS) fieldClocks[field] = hlc;
  const status = args.status ?? DEFAULT_STATUS;
  return {
    id: meta.id,
    uid: args.uid,
    name: args.name,
    email: args.email,
    phone: args.phone ?? null,
    location: args.location ?? null,
    status,
    appliedDate: args.appliedDate ? new Date(args.appliedDate).toISOString() : stampTime(hlc),
    statusChangedAt: stampTime(hlc),
    source: args.source ?? null,
    experience: args.experience ?? null,
    skills: args.skills ?? '',
    notes: args.notes ?? '',
    userId: meta.userId,
    fieldClocks,
    createdAt: meta.now,
    updatedAt: meta.now,
    deletedAt: null,
  };
}

function normaliseField(field: CandidateLwwField, value: unknown): unknown {
  if (field === 'appliedDate' && typeof value === 'string') return new Date(value).toISOString();
  if ((field === 'skills' || field === 'notes') && (value === null || value === undefined)) return '';
  return value ?? null;
}

/**
 * Applies changed fields with per-field last-writer-wins. Notes are the exception when the edit says
 * what text it started from (`notesBase`): they merge three ways by line (notes-merge.ts), whatever the
 * clocks say, so no line another writer added is lost.
 */
export function applyCandidateChanges(
  record: Candidate,
  changes: CandidateChanges | Partial<Record<CandidateLwwField, unknown>>,
  hlc: string,
  now: string,
  notesBase?: string,
): MergeResult<Candidate> {
  const mergesNotes = notesBase !== undefined && typeof changes.notes === 'string';
  const entries = Object.entries(changes).filter(
    ([field]) => (CANDIDATE_LWW_FIELDS as readonly string[]).includes(field) && !(mergesNotes && field === 'notes'),
  ) as Array<[CandidateLwwField, unknown]>;
  const fields = applyLwwFields(record, entries, hlc, now);
  if (!mergesNotes) return fields;
  const notes = applyNotesEdit(fields.record, changes.notes as string, notesBase!, hlc, now);
  return { record: notes.record, events: [...fields.events, ...notes.events], changed: fields.changed || notes.changed };
}

/**
 * An edit of the notes text that started from `base`: merged three ways with the stored text. The old
 * text goes to the history whenever the edit changes it (as for every field); a conflict (both sides
 * changed the same lines, both kept) is recorded too, with the edit's version.
 */
export function applyNotesEdit(record: Candidate, edited: string, base: string, hlc: string, now: string): MergeResult<Candidate> {
  if (record.deletedAt) return { record, events: [{ field: 'notes', kind: 'rejected', value: edited, clock: hlc }], changed: false };
  const merged = mergeNotes(base, record.notes, edited);
  const current = record.fieldClocks.notes ?? '';
  const events: FieldEvent[] = [];
  if (merged.conflict) events.push({ field: 'notes', kind: 'conflict', value: edited, clock: hlc });
  if (merged.text !== record.notes) events.push({ field: 'notes', kind: 'overwritten', value: record.notes, clock: current || null });
  if (merged.text === record.notes && hlc <= current) return { record, events, changed: false };
  const fieldClocks = hlc > current ? { ...record.fieldClocks, notes: hlc } : record.fieldClocks;
  return { record: { ...record, notes: merged.text, fieldClocks, updatedAt: now }, events, changed: true };
}

function applyLwwFields(record: Candidate, entries: Array<[CandidateLwwField, unknown]>, hlc: string, now: string): MergeResult<Candidate> {
  const events: FieldEvent[] = [];
  if (record.deletedAt) {
    for (const [field, value] of entries) events.push({ field, kind: 'rejected', value, clock: hlc });
    return { record, events, changed: false };
  }
  const next: Candidate = { ...record, fieldClocks: { ...record.fieldClocks } };
  let changed = false;
  for (const [field, raw] of entries) {
    const value = normaliseField(field, raw);
    const current = next.fieldClocks[field] ?? '';
    const same = next[field] === value;
    if (hlc > current) {
      if (!same) {
        events.push({ field, kind: 'overwritten', value: next[field], clock: current || null });
        (next as Record<string, unknown>)[field] = value;
        if (field === 'status') next.statusChangedAt = stampTime(hlc);
      }
      next.fieldClocks[field] = hlc;
      changed = true;
    } else if (!same) {
      events.push({ field, kind: 'rejected', value, clock: hlc });
    }
  }
  if (changed) next.updatedAt = now;
  return { record: changed ? next : record, events, changed };
}

/** Appends a note line; not subject to clocks, so concurrent appends all survive. */
export function applyAppendNote(record: Candidate, line: string, hlc: string, now: string): MergeResult<Candidate> {
  if (record.deletedAt) return { record, events: [{ field: 'notes', kind: 'rejected', value: line, clock: hlc }], changed: false };
  return { record: { ...record, notes: appendLine(record.notes, line), updatedAt: now }, events: [], changed: true };
}

/** A status change, with its optional dated note line (appended even if a newer status wins). */
export function applySetStatus(
  record: Candidate,
  status: Candidate['status'],
  noteLine: string | undefined,
  hlc: string,
  now: string,
): MergeResult<Candidate> {
  const statusResult = applyCandidateChanges(record, { status }, hlc, now);
  if (!noteLine) return statusResult;
  // On a deleted record the line is refused like the status, and reported with it.
  const appended = applyAppendNote(statusResult.record, noteLine, hlc, now);
  return {
    record: appended.record,
    events: [...statusResult.events, ...appended.events],
    changed: statusResult.changed || appended.changed,
  };
}

/**
 * Undo of a status change: the status it replaced comes back as a new write (so it wins like any later
 * change), with the time that status began, and the dated line the change appended is taken out of the
 * notes (removeLastLine: lines written since stay). On a deleted record it is refused like any change.
 */
export function applyUndoStatus(
  record: Candidate,
  status: Candidate['status'],
  statusChangedAt: string | undefined,
  noteLine: string | undefined,
  hlc: string,
  now: string,
): MergeResult<Candidate> {
  const statusResult = applyCandidateChanges(record, { status }, hlc, now);
  let next = statusResult.record;
  if (next.deletedAt) return statusResult;
  if (statusChangedAt && next.status === status && next.fieldClocks.status === hlc) next = { ...next, statusChangedAt };
  const events = [...statusResult.events];
  const notes = noteLine ? removeLastLine(next.notes, noteLine) : next.notes;
  if (notes !== next.notes) {
    events.push({ field: 'notes', kind: 'overwritten', value: next.notes, clock: next.fieldClocks.notes ?? null });
    next = { ...next, notes, updatedAt: now };
  }
  return { record: next, events, changed: statusResult.changed || next !== statusResult.record };
}

/**
 * The field clock under which a tombstone keeps the stamp of the delete that made it, so an Undo can
 * tell its own delete from another's (deletedAt is each side's wall-clock time, not the same everywhere).
 */
export const DELETE_CLOCK = 'deletedAt';

/** Deletes win: a tombstone, with every field's last value reported and the delete's stamp kept. */
export function applyDelete(record: Candidate, hlc: string, now: string): MergeResult<Candidate> {
  if (record.deletedAt) return { record, events: [], changed: false };
  const events: FieldEvent[] = [{ field: '*', kind: 'deleted', value: snapshot(record), clock: hlc }];
  const fieldClocks = { ...record.fieldClocks, [DELETE_CLOCK]: hlc };
  return { record: { ...record, fieldClocks, deletedAt: now, updatedAt: now }, events, changed: true };
}

/**
 * Undo of a delete: the tombstone goes only if it is still the one the delete stamped `deleteHlc` made
 * (a candidate deleted by someone else stays deleted; a live one is left as it is). Every field keeps
 * the values and clocks it had when deleted, so the candidate comes back exactly as it was. The
 * tombstone's time is reported as 'restored' for the history.
 */
export function applyUndoDelete(record: Candidate, deleteHlc: string, now: string): MergeResult<Candidate> {
  if (!record.deletedAt || record.fieldClocks[DELETE_CLOCK] !== deleteHlc) return { record, events: [], changed: false };
  const { [DELETE_CLOCK]: _undone, ...fieldClocks } = record.fieldClocks;
  const events: FieldEvent[] = [{ field: '*', kind: 'restored', value: record.deletedAt, clock: deleteHlc }];
  return { record: { ...record, fieldClocks, deletedAt: null, updatedAt: now }, events, changed: true };
}

function snapshot(record: Candidate): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of CANDIDATE_LWW_FIELDS) out[field] = record[field];
  return out;
}

/** Import of one row into an existing candidate (same email): only the fields the row has, LWW. */
export function importIntoExisting(record: Candidate, row: ImportRow, hlc: string, now: string): MergeResult<Candidate> {
  const changes: Partial<Record<CandidateLwwField, unknown>> = {};
  for (const field of CANDIDATE_LWW_FIELDS) {
    if (field === 'email' || field === 'notes') continue;
    const value = row[field as keyof ImportRow];
    if (!blank(value)) changes[field] = value;
  }
  const result = applyCandidateChanges(record, changes, hlc, now);
  if (blank(row.notes)) return result;
  if (record.deletedAt) return { ...result, events: [...result.events, { field: 'notes', kind: 'rejected', value: row.notes, clock: hlc }] };
  const notes = appendMissingLines(result.record.notes, row.notes);
  if (notes === result.record.notes) return result;
  return { ...result, record: { ...result.record, notes, updatedAt: now }, changed: true };
}

export function createInterviewNoteRecord(
  args: { uid: string; candidateUid: string; day: string; note: string },
  hlc: string,
  meta: RecordMeta,
): InterviewNote {
  return {
    id: meta.id,
    uid: args.uid,
    candidateUid: args.candidateUid,
    day: args.day,
    note: args.note,
    userId: meta.userId,
    fieldClocks: { note: hlc },
    createdAt: meta.now,
    updatedAt: meta.now,
    deletedAt: null,
  };
}

/** Saves an interview note's text, last writer wins. */
export function applyInterviewNoteSave(record: InterviewNote, note: string, hlc: string, now: string): MergeResult<InterviewNote> {
  const current = record.fieldClocks.note ?? '';
  if (record.deletedAt || hlc <= current) {
    return record.note === note
      ? { record, events: [], changed: false }
      : { record, events: [{ field: 'note', kind: 'rejected', value: note, clock: hlc }], changed: false };
  }
  const events: FieldEvent[] =
    record.note === note ? [] : [{ field: 'note', kind: 'overwritten', value: record.note, clock: current || null }];
  return {
    record: { ...record, note, fieldClocks: { ...record.fieldClocks, note: hlc }, updatedAt: now },
    events,
    changed: true,
  };
}
