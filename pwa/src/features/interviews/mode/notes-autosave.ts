/**
 * Interview mode's notes save themselves: each keystroke is kept at once as a draft in localStorage
 * (synchronous, so a reload or a closed tab a moment later loses nothing) and written to the device a
 * short pause later as interview.score with the text the edit started from, so the save merges with
 * lines another device added meanwhile. A draft found at start (the tab closed before its save) is saved
 * then. While nothing is waiting to be saved, the editor follows the stored notes (a pull's merge shows).
 */
export interface NotesDraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface NotesAutosaveOptions {
  key: string;
  save: (notes: string, notesBase: string) => Promise<void>;
  storage: NotesDraftStorage | null;
  delayMs?: number;
  /** Told whenever the text to show or the saving state changes. */
  onChange?: () => void;
}

interface Draft {
  text: string;
  base: string;
}

export class NotesAutosave {
  text: string;
  private base: string;
  private dirty = false;
  private saving: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The last save failed: the draft stays and the next edit or flush tries again. */
  error: unknown = null;

  constructor(
    stored: string,
    private readonly options: NotesAutosaveOptions,
  ) {
    this.text = stored;
    this.base = stored;
    const draft = this.readDraft();
    if (draft && draft.text !== stored) {
      this.text = draft.text;
      this.base = draft.base;
      this.dirty = true;
      this.schedule(0);
    } else if (draft) {
      this.clearDraft();
    }
  }

  /** Whether some text is not on the device yet. */
  get pending(): boolean {
    return this.dirty || this.saving !== null;
  }

  edit(text: string): void {
    this.text = text;
    this.dirty = true;
    this.writeDraft();
    this.schedule(this.options.delayMs ?? 600);
    this.options.onChange?.();
  }

  /** The stored notes changed (a save of ours, or a pull): shown unless an edit waits to be saved. */
  stored(text: string): void {
    if (this.pending || text === this.text) return;
    this.text = text;
    this.base = text;
    this.options.onChange?.();
  }

  /** Saves now what waits (on blur, leaving the screen, before unload). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.saving) await this.saving;
    if (!this.dirty) return;
    const text = this.text;
    const base = this.base;
    this.dirty = false;
    this.saving = this.options
      .save(text, base)
      .then(() => {
        this.error = null;
        // The stored text is now the merge of ours; the next edit starts from what we wrote.
        this.base = text;
        if (!this.dirty) this.clearDraft();
      })
      .catch((error: unknown) => {
        this.error = error;
        this.dirty = true;
      })
      .finally(() => {
        this.saving = null;
        this.options.onChange?.();
      });
    this.options.onChange?.();
    await this.saving;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), delay);
  }

  private readDraft(): Draft | null {
    try {
      const raw = this.options.storage?.getItem(this.options.key);
      const draft = raw ? (JSON.parse(raw) as Partial<Draft>) : null;
      return draft && typeof draft.text === 'string' && typeof draft.base === 'string' ? { text: draft.text, base: draft.base } : null;
    } catch {
      return null;
    }
  }

  private writeDraft() {
    try {
      this.options.storage?.setItem(this.options.key, JSON.stringify({ text: this.text, base: this.base } satisfies Draft));
    } catch {
      // Storage full or refused: the save a moment later still keeps the text.
    }
  }

  private clearDraft() {
    try {
      this.options.storage?.removeItem(this.options.key);
    } catch {
      // Nothing to clean.
    }
  }
}

export const notesDraftKey = (interviewUid: string) => `rephire:interview-notes-draft:${interviewUid}`;
