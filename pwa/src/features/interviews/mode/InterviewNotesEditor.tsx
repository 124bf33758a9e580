import { useEffect, useReducer, useRef, useState } from 'react';
import { SCORECARD_NOTES_MAX } from '@shared/schemas/scorecard.schema';
import { Textarea } from '@/ui/Input';
import { NotesAutosave, notesDraftKey } from './notes-autosave';

const browserStorage = () => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/**
 * The interviewer's notes in interview mode, saved as they type (notes-autosave.ts): no Save button.
 * Leaving the screen, the field losing focus or the page being hidden saves what waits at once.
 */
export function InterviewNotesEditor({
  interviewUid,
  stored,
  disabled,
  save,
  onPendingChange,
}: {
  interviewUid: string;
  stored: string;
  disabled?: boolean;
  save: (notes: string, notesBase: string) => Promise<void>;
  onPendingChange: (pending: boolean) => void;
}) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const saveRef = useRef(save);
  saveRef.current = save;
  const pendingRef = useRef(onPendingChange);
  pendingRef.current = onPendingChange;
  const [autosave] = useState(
    () =>
      new NotesAutosave(stored, {
        key: notesDraftKey(interviewUid),
        storage: browserStorage(),
        save: (notes, base) => saveRef.current(notes, base),
        onChange: () => {
          pendingRef.current(autosave.pending);
          rerender();
        },
      }),
  );

  useEffect(() => autosave.stored(stored), [autosave, stored]);
  useEffect(() => {
    const flush = () => void autosave.flush();
    const onHidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      void autosave.flush().finally(() => autosave.dispose());
    };
  }, [autosave]);

  return (
    <div className="grid gap-1.5">
      <label htmlFor={`notes-${interviewUid}`} className="text-sm font-medium">
        Interview notes
      </label>
      <Textarea
        id={`notes-${interviewUid}`}
        value={autosave.text}
        onChange={(event) => autosave.edit(event.target.value)}
        onBlur={() => void autosave.flush()}
        maxLength={SCORECARD_NOTES_MAX}
        disabled={disabled}
        placeholder="What the candidate said, examples, follow-ups…"
        className="min-h-64 text-base md:min-h-80"
      />
      {autosave.error !== null && (
        <p role="alert" className="text-sm text-destructive">
          The notes could not be saved on this device; they are kept in this browser and saved again with your next change.
        </p>
      )}
    </div>
  );
}
