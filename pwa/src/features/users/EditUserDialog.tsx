import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { editUserFormSchema, type EditUserForm, type User } from '@shared/schemas/user.schema';
import { apiCall } from '@/api/client';
import { onlineFailureMessage } from '@/lib/online-only';
import { FormDialog } from '@/ui/FormDialog';
import { FormField, fieldControlProps } from '@/ui/FormField';
import { Input } from '@/ui/Input';
import { setServerFieldErrors } from '@/ui/form-errors';
import { toast } from '@/ui/toast/toast-queue';
import { useDirtyForm } from '@/ui/useDirtyForm';
import { RoleField } from './RoleField';
import { changedUserFields } from './user-changes';

const FORM_ID = 'edit-user-form';

export interface EditUserDialogProps {
  user: User;
  /** The signed-in admin edits their own account: the password is changed in Settings instead. */
  isSelf: boolean;
  online: boolean;
  onClose: () => void;
  onUpdated: (user: User) => void;
}

/** Edit User: sends only what changed; with nothing changed, Save just closes. */
export function EditUserDialog({ user, isSelf, online, onClose, onUpdated }: EditUserDialogProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<EditUserForm>({
    resolver: zodResolver(editUserFormSchema),
    defaultValues: { username: user.username, password: '', role: user.role },
  });
  useDirtyForm(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    const changes = changedUserFields(user, values);
    if (Object.keys(changes).length === 0) return onClose();
    try {
      const updated = await apiCall('updateUser', { params: { id: user.id }, body: changes });
      toast({ title: 'User updated', description: `${updated.username}'s account has been updated.` });
      onUpdated(updated);
    } catch (error) {
      setServerFieldErrors(error, setError, ['username', 'password', 'role']);
      toast({ title: 'Failed to update user', description: onlineFailureMessage(error), variant: 'destructive' });
    }
  });

  const passwordHint = isSelf ? 'Change your own password in Settings → Password.' : 'Leave blank to keep the current password.';
  return (
    <FormDialog
      title="Edit User"
      description={`Change ${user.username}'s account.`}
      formId={FORM_ID}
      submitting={isSubmitting}
      canSubmit={online}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      onClose={onClose}
      error={errors.root?.server?.message}
    >
      <form id={FORM_ID} onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Edit User">
        <FormField id="edit-user-username" label="Username" error={errors.username?.message}>
          <Input autoComplete="off" autoCapitalize="none" {...fieldControlProps('edit-user-username', { error: errors.username?.message })} {...register('username')} />
        </FormField>
        <FormField id="edit-user-password" label="New password" labelExtra={<span className="text-xs text-muted-foreground">(optional)</span>} error={errors.password?.message} hint={passwordHint}>
          <Input
            type="password"
            autoComplete="new-password"
            disabled={isSelf}
            {...fieldControlProps('edit-user-password', { error: errors.password?.message, hint: passwordHint })}
            {...register('password')}
          />
        </FormField>
        <RoleField control={control} name="role" />
      </form>
    </FormDialog>
  );
}
