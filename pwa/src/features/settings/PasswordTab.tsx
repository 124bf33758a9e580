import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { passwordFormSchema, type PasswordForm, type User } from '@shared/schemas/user.schema';
import { apiCall, isApiError } from '@/api/client';
import { onlineFailureMessage } from '@/lib/online-only';
import { Button } from '@/ui/Button';
import { FormError } from '@/ui/FormError';
import { FormField, fieldControlProps } from '@/ui/FormField';
import { Input } from '@/ui/Input';
import { setServerFieldErrors } from '@/ui/form-errors';
import { toast } from '@/ui/toast/toast-queue';
import { useDirtyForm } from '@/ui/useDirtyForm';
import { AccountGate } from './AccountGate';
import { SettingsSection } from './SettingsSection';

const NEW_PASSWORD_HINT = 'Your password must be at least 6 characters long.';
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordTab() {
  return (
    <SettingsSection title="Password" description="Change your password. Your other devices will need to sign in again.">
      <AccountGate>{(user, online) => <PasswordFormView user={user} online={online} />}</AccountGate>
    </SettingsSection>
  );
}

function PasswordFormView({ user, online }: { user: User; online: boolean }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PasswordForm>({ resolver: zodResolver(passwordFormSchema), defaultValues: EMPTY });
  useDirtyForm(isDirty);

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await apiCall('updateUser', { params: { id: user.id }, body: { password: newPassword, currentPassword } });
      reset(EMPTY);
      toast({ title: 'Password updated', description: 'Your password has been changed.' });
    } catch (error) {
      // The server names the new password `password`; this form calls it newPassword.
      const newPasswordError = isApiError(error) ? error.fields.password : undefined;
      if (newPasswordError) setError('newPassword', { type: 'server', message: newPasswordError });
      else setServerFieldErrors(error, setError, ['currentPassword']);
      toast({ title: 'Failed to update password', description: onlineFailureMessage(error), variant: 'destructive' });
    }
  });

  const control = (id: string, error: string | undefined, hint?: string) => fieldControlProps(id, { error, hint });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Password" className="grid max-w-xl gap-4">
      {/* Lets password managers tie the new password to this account. */}
      <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
      <fieldset disabled={!online} className="grid gap-4">
        <FormField id="password-current" label="Current password" error={errors.currentPassword?.message}>
          <Input type="password" autoComplete="current-password" {...control('password-current', errors.currentPassword?.message)} {...register('currentPassword')} />
        </FormField>
        <FormField id="password-new" label="New password" hint={NEW_PASSWORD_HINT} error={errors.newPassword?.message}>
          <Input type="password" autoComplete="new-password" {...control('password-new', errors.newPassword?.message, NEW_PASSWORD_HINT)} {...register('newPassword')} />
        </FormField>
        <FormField id="password-confirm" label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...control('password-confirm', errors.confirmPassword?.message)} {...register('confirmPassword')} />
        </FormField>
      </fieldset>
      <FormError message={errors.root?.server?.message} />
      <div>
        <Button type="submit" disabled={isSubmitting || !online}>
          {isSubmitting ? 'Updating...' : 'Update Password'}
        </Button>
      </div>
    </form>
  );
}
