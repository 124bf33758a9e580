import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mergeNotes } from './notes-merge';

describe('mergeNotes', () => {
  it('takes the edit when nothing changed underneath it', () => {
    expect(mergeNotes('a\nb', 'a\nb', 'a\nB')).toEqual({ text: 'a\nB', conflict: false });
  });

  it('keeps a line appended underneath an edit of another line', () => {
    expect(mergeNotes('one\ntwo\nthree', 'one\ntwo\nthree\n[stamp] turned down', 'ONE\ntwo\nthree')).toEqual({
      text: 'ONE\ntwo\nthree\n[stamp] turned down',
      conflict: false,
    });
  });

  it('keeps both lines when two edits add a different line at the end', () => {
    const merged = mergeNotes('first', 'first\nfrom B', 'first\nfrom A');
    expect(merged.text).toBe('first\nfrom B\nfrom A');
    expect(merged.conflict).toBe(true);
  });

  it('keeps both versions of a line both sides changed', () => {
    const merged = mergeNotes('x\nshared\ny', 'x\nshared (B)\ny', 'x\nshared (A)\ny');
    expect(merged.text).toBe('x\nshared (B)\nshared (A)\ny');
    expect(merged.conflict).toBe(true);
  });

  it('removes a line only the edit removed, when its base held it', () => {
    expect(mergeNotes('a\nb\nc', 'a\nb\nc\nd', 'a\nc').text).toBe('a\nc\nd');
  });

  it('never drops a line the edit did not see (property)', () => {
    const line = fc.stringMatching(/^[a-z]{1,6}$/);
    fc.assert(
      fc.property(fc.uniqueArray(line, { maxLength: 8 }), fc.uniqueArray(line, { maxLength: 4 }), fc.uniqueArray(line, { maxLength: 4 }), fc.nat(), fc.nat(), (baseLines, added, edit, at, drop) => {
        const base = baseLines.join('\n');
        // Stored: the base with lines inserted somewhere (another device, appended status lines).
        const unseen = added.filter((l) => !baseLines.includes(l) && !edit.includes(l));
        const storedLines = [...baseLines];
        storedLines.splice(at % (storedLines.length + 1), 0, ...unseen);
        // Edited: the base with one line removed and some lines added.
        const editedLines = baseLines.filter((_, i) => baseLines.length === 0 || i !== drop % baseLines.length);
        editedLines.push(...edit.filter((l) => !baseLines.includes(l) && !unseen.includes(l)));
        const merged = mergeNotes(base, storedLines.join('\n'), editedLines.join('\n')).text.split('\n');
        for (const l of unseen) expect(merged).toContain(l);
        for (const l of editedLines) expect(merged).toContain(l);
      }),
      { numRuns: 300 },
    );
  });
});

describe('mergeNotes next to a line appended underneath', () => {
  it('removes the line the edit removed even when an append sits right after it', () => {
    expect(mergeNotes('keep\ndrop me', 'keep\ndrop me\nappended later', 'keep')).toEqual({ text: 'keep\nappended later', conflict: false });
  });
});
