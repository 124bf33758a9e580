import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createApiKeySchema, type createdApiKeySchema } from '@shared/schemas/api-key.schema';
import { apiCall } from '@/api/client';
import { onlineFailureMessage } from '@/lib/online-only';
import { FormDialog } from '@/ui/FormDialog';
import { FormField, fieldControlProps } from '@/ui/FormField';
import { Input } from '@/ui/Input';
import { setServerFieldErrors } from '@/ui/form-errors';
import { toast } from '@/ui/toast/toast-queue';

export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
type CreateForm = z.infer<typeof createApiKeySchema>;

const FORM_ID = 'create-api-key-form';

/** Asks for the key's name and creates it; the caller then shows the key once. */
export function CreateApiKeyDialog({ online, onClose, onCreated }: { online: boolean; onClose: () => void; onCreated: (key: CreatedApiKey) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateForm>({ resolver: zodResolver(createApiKeySchema), defaultValues: { name: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await apiCall('createApiKey', { body: values });
      toast({ title: 'API key created', description: 'Make sure to copy it now' });
      onCreated(created);
    } catch (error) {
      setServerFieldErrors(error, setError, ['name']);
      toast({ title: 'Failed to create API key', description: onlineFailureMessage(error), variant: 'destructive' });
    }
  });

  return (
    <FormDialog
      title="Create API Key"
      description="Give the key a name that says where it is used."
      formId={FORM_ID}
      submitting={isSubmitting}
      canSubmit={online}
      submitLabel="Create Key"
      busyLabel="Creating..."
      onClose={onClose}
      error={errors.root?.server?.message}
    >
      <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label="Create API Key">
        <FormField id="api-key-name" label="API Key Name" error={errors.name?.message}>
          <Input placeholder="e.g. Zapier Integration" autoComplete="off" {...fieldControlProps('api-key-name', { error: errors.name?.message })} {...register('name')} />
        </FormField>
      </form>
    </FormDialog>
  );
}
