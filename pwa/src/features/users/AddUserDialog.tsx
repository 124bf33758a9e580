import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { addUserFormSchema, DEFAULT_ROLE, type AddUserForm, type User } from '@shared/schemas/user.schema';
import { apiCall } from '@/api/client';
import { onlineFailureMessage } from '@/lib/online-only';
import { FormDialog } from '@/ui/FormDialog';
import { FormField, fieldControlProps } from '@/ui/FormField';
import { Input } from '@/ui/Input';
import { setServerFieldErrors } from '@/ui/form-errors';
import { toast } from '@/ui/toast/toast-queue';
import { useDirtyForm } from '@/ui/useDirtyForm';
import { RoleField } from './RoleField';

const FORM_ID = 'add-user-form';

/** Add User: username, password and role (default recruiter). */
export function AddUserDialog({ onClose, onCreated, online }: { onClose: () => void; onCreated: (user: User) => void; online: boolean }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<AddUserForm>({
    resolver: zodResolver(addUserFormSchema),
    defaultValues: { username: '', password: '', role: DEFAULT_ROLE },
  });
  useDirtyForm(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await apiCall('createUser', { body: values });
      toast({ title: 'User created', description: `${user.username} can now sign in.` });
      onCreated(user);
    } catch (error) {
      setServerFieldErrors(error, setError, ['username', 'password', 'role']);
      toast({ title: 'Failed to create user', description: onlineFailureMessage(error), variant: 'destructive' });
    }
  });

  return (
    <FormDialog
      title="Add User"
      description="Create an account for a new member of your team."
      formId={FORM_ID}
      submitting={isSubmitting}
      canSubmit={online}
      submitLabel="Create User"
      busyLabel="Creating..."
      onClose={onClose}
      error={errors.root?.server?.message}
    >
      <form id={FORM_ID} onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Add User">
        <FormField id="add-user-username" label="Username" error={errors.username?.message}>
          <Input autoComplete="off" autoCapitalize="none" {...fieldControlProps('add-user-username', { error: errors.username?.message })} {...register('username')} />
        </FormField>
        <FormField id="add-user-password" label="Password" error={errors.password?.message} hint="At least 6 characters.">
          <Input
            type="password"
            autoComplete="new-password"
            {...fieldControlProps('add-user-password', { error: errors.password?.message, hint: 'At least 6 characters.' })}
            {...register('password')}
          />
        </FormField>
        <RoleField control={control} name="role" />
      </form>
    </FormDialog>
  );
}
