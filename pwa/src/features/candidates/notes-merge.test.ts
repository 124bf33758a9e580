import { describe, expect, it } from 'vitest';
import { mergeNotesEdit } from './notes-merge';

describe('mergeNotesEdit', () => {
  it('saves the edit as typed when nothing changed underneath', () => {
    expect(mergeNotesEdit('Called once', 'Called twice', 'Called once')).toBe('Called twice');
  });

  it('keeps lines appended while the notes were being edited', () => {
    const base = 'Good call';
    const current = 'Good call\n[2024-01-05 10:30 PST] Status updated from new to interview';
    expect(mergeNotesEdit(base, 'Good call. Wants a second round', current)).toBe(
      'Good call. Wants a second round\n[2024-01-05 10:30 PST] Status updated from new to interview',
    );
  });

  it('appends to empty notes and to an emptied edit', () => {
    expect(mergeNotesEdit('', 'First note', '[d] Status updated from new to hired')).toBe('First note\n[d] Status updated from new to hired');
    expect(mergeNotesEdit('Old', '', 'Old\n[d] line')).toBe('[d] line');
  });

  it('lets the edit win over a different change (a real conflict)', () => {
    expect(mergeNotesEdit('Old text', 'My text', 'Someone rewrote it')).toBe('My text');
  });
});
