/**
 * Notes merge three ways, by line, instead of the last whole text winning: an edit of the notes carries
 * the text it started from (its base), and the stored text may have moved on since (lines appended by
 * status changes and re-applications, or another device's edit). The invariant, tested as a property:
 * a line disappears only when an edit whose base contained it removed it.
 *
 * - Edits of different lines are both kept.
 * - Where both sides changed the same region, the stored lines are kept except those the edit removed
 *   from its base, followed by the edit's lines the stored text lacks. When both sides brought lines of
 *   their own there (the same line rewritten twice, two lines added at the end), both versions are kept
 *   and the merge reports a conflict, so the history can show it.
 *
 * node-diff3 does the line diff (a maintained diff3 implementation; hand-written diff3 is easy to get
 * subtly wrong at region boundaries).
 */
import { diff3Merge } from 'node-diff3';

export interface NotesMerge {
  text: string;
  /** Both sides changed the same region: both versions were kept. */
  conflict: boolean;
}

const lines = (text: string) => (text === '' ? [] : text.split('\n'));

export function mergeNotes(base: string, stored: string, edited: string): NotesMerge {
  if (stored === base || stored === edited) return { text: edited, conflict: false };
  if (edited === base) return { text: stored, conflict: false };
  const out: string[] = [];
  let conflict = false;
  for (const region of diff3Merge(lines(stored), lines(base), lines(edited), { excludeFalseConflicts: true })) {
    if (region.ok) {
      out.push(...region.ok);
      continue;
    }
    const { a: ours, o: base, b: theirs } = region.conflict!;
    const removedByEdit = new Set(base.filter((line) => !theirs.includes(line)));
    const kept = ours.filter((line) => !removedByEdit.has(line));
    const added = theirs.filter((line) => !ours.includes(line));
    if (added.length && ours.some((line) => !base.includes(line))) conflict = true;
    out.push(...kept, ...added);
  }
  return { text: out.join('\n'), conflict };
}
