import { useEffect, useState, type FormEvent } from 'react';
import { isOfflineError } from '@/api/client';
import { NEEDS_CONNECTION_MESSAGE } from '@/lib/online-only';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { FormField, fieldControlProps } from '@/ui/FormField';
import { Input } from '@/ui/Input';
import { toast } from '@/ui/toast/toast-queue';
import { errorFields, saveProviderKey } from './lead-api';

export interface ProviderKeyDialogProps {
  open: boolean;
  onClose(): void;
  /** The key was saved: the page refreshes the leads and runs the search again. */
  onSaved(): void;
}

/** "Configure Proxycurl API Key": the key is sent once and never shown again (the server keeps it encrypted). */
export function ProviderKeyDialog({ open, onClose, onSaved }: ProviderKeyDialogProps) {
  const [key, setKey] = useState('');
  const [saving, setSaving] = useState(false);
  // Why the last save failed, under the field as well as in the toast (a toast can be missed).
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (open) setError(undefined);
  }, [open]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!key.trim()) {
      setError('Please enter your Proxycurl API key');
      toast({ title: 'API Key Required', description: 'Please enter your Proxycurl API key', variant: 'destructive' });
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      await saveProviderKey(key.trim());
      setKey('');
      onSaved();
    } catch (failure) {
      const description = errorFields(failure).error ?? (isOfflineError(failure) ? NEEDS_CONNECTION_MESSAGE : 'Failed to save API key');
      setError(description);
      toast({ title: 'Error saving API key', description, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={() => !saving && onClose()}
      title="Configure Proxycurl API Key"
      description="Lead search uses Proxycurl to find LinkedIn profiles. Your key is stored encrypted on the server and is never shown again."
    >
      <form onSubmit={save} className="grid gap-4" noValidate>
        <FormField id="provider-api-key" label="API Key" error={error}>
          <Input
            {...fieldControlProps('provider-api-key', { error })}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={key}
            onChange={(e) => setKey(e.target.value)}
            placeholder="Your Proxycurl API key"
          />
        </FormField>
        <div data-toast-avoid className="flex justify-end">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save API Key'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
