import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotesAutosave, type NotesDraftStorage } from './notes-autosave';

function memoryStorage(): NotesDraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value), removeItem: (key) => void map.delete(key) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('interview notes autosave', () => {
  it('keeps a draft at every keystroke and saves after a pause, with the text the edit started from', async () => {
    const storage = memoryStorage();
    const save = vi.fn(async () => {});
    const notes = new NotesAutosave('Intro', { key: 'k', save, storage, delayMs: 500 });
    notes.edit('Intro\nAsked');
    notes.edit('Intro\nAsked about quota');
    expect(JSON.parse(storage.map.get('k')!)).toEqual({ text: 'Intro\nAsked about quota', base: 'Intro' });
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('Intro\nAsked about quota', 'Intro');
    expect(storage.map.has('k')).toBe(false);
    // The next edit starts from what was saved.
    notes.edit('Intro\nAsked about quota\nGood');
    await notes.flush();
    expect(save).toHaveBeenLastCalledWith('Intro\nAsked about quota\nGood', 'Intro\nAsked about quota');
  });

  it('saves a draft left by a closed tab when it starts again, and keeps it while the save fails', async () => {
    const storage = memoryStorage();
    storage.setItem('k', JSON.stringify({ text: 'Intro\nwritten before the tab closed', base: 'Intro' }));
    const save = vi.fn().mockRejectedValueOnce(new Error('disk full')).mockResolvedValue(undefined);
    const notes = new NotesAutosave('Intro', { key: 'k', save, storage });
    expect(notes.text).toBe('Intro\nwritten before the tab closed');
    await vi.advanceTimersByTimeAsync(0);
    expect(notes.error).toBeInstanceOf(Error);
    expect(storage.map.has('k')).toBe(true);
    await notes.flush();
    expect(save).toHaveBeenLastCalledWith('Intro\nwritten before the tab closed', 'Intro');
    expect(notes.error).toBeNull();
    expect(storage.map.has('k')).toBe(false);
  });

  it('follows the stored notes while nothing waits, and not over an edit in progress', async () => {
    const save = vi.fn(async () => {});
    const notes = new NotesAutosave('A', { key: 'k', save, storage: memoryStorage() });
    notes.stored('A\nfrom the other device');
    expect(notes.text).toBe('A\nfrom the other device');
    notes.edit('A\nfrom the other device\nmine');
    notes.stored('A\nfrom the other device\nand another');
    expect(notes.text).toBe('A\nfrom the other device\nmine');
    await notes.flush();
    expect(save).toHaveBeenLastCalledWith('A\nfrom the other device\nmine', 'A\nfrom the other device');
  });
});
