/**
 * Saving the notes textarea without losing lines appended meanwhile. While someone edits the notes in
 * the detail dialog, the stored notes can grow underneath them: a status change from the dialog or the
 * table appends its dated line, and a sync can bring lines other devices appended. Writing the edited
 * text as-is would drop those lines. If the stored notes are the text the edit started from plus
 * appended lines, those lines are kept after the edited text; any other change is a real conflict,
 * and the edit wins (the server keeps the overwritten text in the candidate's change history).
 */
import { appendNoteLine } from '@shared/candidates/notes';

export function mergeNotesEdit(base: string, edited: string, current: string): string {
  if (current === base || !current.startsWith(base)) return edited;
  const appended = current.slice(base.length).replace(/^[\r\n]+/, '');
  if (!appended.trim()) return edited;
  return appendNoteLine(edited, appended);
}
