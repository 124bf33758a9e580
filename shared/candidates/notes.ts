/**
 * Candidate notes are one free-text field; the product appends date-stamped lines to it (status
 * changes, turn-downs, re-applications). One line format everywhere, device and server:
 *
 *   [2024-01-05 10:30 PST] Status updated from new to interview
 *
 * The stamp is in Pacific time (the product's display zone) with its PST/PDT abbreviation, so a line
 * reads the same on every device and on the server, whatever zone wrote it.
 */
import { PACIFIC_TIME_ZONE } from '../format/dates';
import { dateParts } from '../format/intl';
import type { CandidateStatus } from '../schemas/candidate.schema';

const REAPPLIED_MARKER = 'Candidate reapplied';
const LEADING_STAMP = /^\s*\[([^\]\n]*)\]\s*(.*)$/;


/** '2024-01-05 10:30 PST'. */
export function formatNoteStamp(date: Date | string, timeZone: string = PACIFIC_TIME_ZONE): string {
  const epochMs = typeof date === 'string' ? Date.parse(date) : date.getTime();
  if (!Number.isFinite(epochMs)) throw new RangeError(`Invalid note date: ${String(date)}`);
  const p = dateParts(
    { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' },
    epochMs,
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} ${p.timeZoneName}`;
}

/** '[2024-01-05 10:30 PST] text' — one line: line breaks in the text become spaces. */
export function formatNoteLine(date: Date | string, text: string, timeZone: string = PACIFIC_TIME_ZONE): string {
  const oneLine = text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  return `[${formatNoteStamp(date, timeZone)}] ${oneLine}`;
}

/** The row dropdown, kanban and detail dialog status change: 'Status updated from new to interview'. */
export function statusChangeNote(from: CandidateStatus, to: CandidateStatus): string {
  return `Status updated from ${from} to ${to}`;
}

/** Turn Down: 'Candidate marked as turned down (status rejected)'. */
export function turnedDownNote(): string {
  return 'Candidate marked as turned down (status rejected)';
}

/** An automation-tool or form arrival with a known email: 'Candidate reapplied via Zapier'. */
export function reappliedNote(source: string | null | undefined): string {
  const name = (source ?? '').trim();
  return `${REAPPLIED_MARKER} via ${name || 'unknown source'}`;
}

/**
 * Adds a line at the end of the notes, on its own line. Trailing line breaks of the existing notes are
 * dropped so lines never get blank lines between them; nothing else in the notes changes.
 */
export function appendNoteLine(notes: string | null | undefined, line: string): string {
  const existing = (notes ?? '').replace(/[\r\n]+$/, '');
  return existing.trim() ? `${existing}\n${line}` : line;
}

export interface NoteLine {
  /** The text inside the leading brackets, as written, or null when the line has none. */
  date: string | null;
  /** The line without its stamp. */
  text: string;
  /** The whole line as stored. */
  line: string;
}

/** Splits a line into its bracketed stamp and text. */
export function parseNoteLine(line: string): NoteLine {
  const match = LEADING_STAMP.exec(line);
  if (!match) return { date: null, text: line.trim(), line };
  return { date: match[1]!.trim(), text: match[2]!.trim(), line };
}

/** The detail dialog's Application history: the note lines that mention 'Candidate reapplied'. */
export function applicationHistory(notes: string | null | undefined): NoteLine[] {
  return (notes ?? '')
    .split(/\r?\n/)
    .filter((line) => line.includes(REAPPLIED_MARKER))
    .map(parseNoteLine);
}

/**
 * Adds the lines of `addition` that are not already whole lines of `notes`, in order, each on its own
 * line (blank lines ignored). A line is compared whole, never as a substring: "remote" is not in
 * "Prefers remote work", "Rating: 1" is not in "Rating: 10". Imports, re-applications and
 * deduplication add notes this way, so the same note brought twice is kept once.
 */
export function appendMissingLines(notes: string | null | undefined, addition: string | null | undefined): string {
  let result = notes ?? '';
  const present = new Set(result.split(/\r?\n/));
  for (const line of (addition ?? '').split(/\r?\n/)) {
    if (!line.trim() || present.has(line)) continue;
    result = appendNoteLine(result, line);
    present.add(line);
  }
  return result;
}

/**
 * Takes one line out of the notes again: the last line equal to `line` (compared whole), as an undo
 * takes back the line its change appended. Lines added since, before or after it, stay. Notes without
 * that line come back unchanged.
 */
export function removeLastLine(notes: string | null | undefined, line: string): string {
  const text = notes ?? '';
  const lines = text.split(/\r?\n/);
  const at = lines.lastIndexOf(line);
  if (at === -1) return text;
  lines.splice(at, 1);
  return lines.join('\n');
}
