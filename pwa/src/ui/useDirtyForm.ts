import { useEffect, useId } from 'react';
import { useUiStore } from './ui-store';

/**
 * Marks a form as holding unsaved changes while `dirty` is true (e.g. react-hook-form's
 * `formState.isDirty`), and clears the mark when the form unmounts. The update prompt will not reload
 * the app while any form is marked.
 */
export function useDirtyForm(dirty: boolean, formId?: string) {
  const generated = useId();
  const id = formId ?? generated;
  const setFormDirty = useUiStore((state) => state.setFormDirty);
  useEffect(() => {
    setFormDirty(id, dirty);
  }, [id, dirty, setFormDirty]);
  useEffect(() => () => setFormDirty(id, false), [id, setFormDirty]);
}
