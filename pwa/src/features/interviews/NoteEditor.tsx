import { useState } from 'react';
import { Button } from '@/ui/Button';
import { Textarea } from '@/ui/Input';
import { useDirtyForm } from '@/ui/useDirtyForm';

export interface NoteEditorProps {
  candidateName: string;
  initialText: string;
  /** Resolves once the note is safely on the device; rejects with a reason to show. */
  onSave: (text: string) => Promise<void>;
  onCancel: () => void;
}

/** Edit mode of a card: the textarea, Cancel (discards) and Save Notes ('Saving' while pending). */
export function NoteEditor({ candidateName, initialText, onSave, onCancel }: NoteEditorProps) {
  const [text, setText] = useState(initialText);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useDirtyForm(text !== initialText);

  async function save() {
    setSaving(true);
    setError(null);
    try {
      await onSave(text);
    } catch (failure) {
      // The text stays in the box, so nothing typed is lost; the toast already said it failed.
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Textarea
        autoFocus
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Add your interview notes here..."
        aria-label={`Interview notes for ${candidateName}`}
        rows={5}
        disabled={saving}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !saving) onCancel();
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void save();
          }
        }}
      />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div data-toast-avoid className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? 'Saving' : 'Save Notes'}
        </Button>
      </div>
    </form>
  );
}
