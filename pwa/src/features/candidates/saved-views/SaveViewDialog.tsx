import { useState, type FormEvent } from 'react';
import { savedViewNameSchema } from '@shared/schemas/saved-view.schema';
import { errorMessage } from '@/api/errors';
import { FormDialog } from '@/ui/FormDialog';
import { FormField, fieldControlProps } from '@/ui/FormField';
import { Input } from '@/ui/Input';
import { toast } from '@/ui/toast/toast-queue';
import { useCandidatesView, viewStateOf } from '../candidates-view-store';
import { savedViewsRepo } from './saved-views-repo';

const FORM_ID = 'save-view-form';

/** Saves the page's filters, sort and page size under a name (on the device at once; synced later). */
export function SaveViewDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = savedViewNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setSaving(true);
    try {
      await savedViewsRepo.createView(parsed.data, viewStateOf(useCandidatesView.getState()), isDefault);
      toast({ title: 'View saved', description: `“${parsed.data}” is in your saved views` });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title="Save view"
      description="Keep the current filters, sort and rows per page under a name."
      formId={FORM_ID}
      submitting={saving}
      submitLabel="Save view"
      busyLabel="Saving..."
      onClose={onClose}
    >
      <form id={FORM_ID} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Save view" className="grid gap-4">
        <FormField id="saved-view-name" label="View name" error={error}>
          <Input
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
            {...fieldControlProps('saved-view-name', { error })}
          />
        </FormField>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />
          Open the Candidates page with this view
        </label>
      </form>
    </FormDialog>
  );
}
