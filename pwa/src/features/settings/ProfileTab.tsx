import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { profileFormSchema, type ProfileForm, type User } from '@shared/schemas/user.schema';
import { apiCall } from '@/api/client';
import { setSignedIn } from '@/features/auth/auth-store';
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

const HINTS = {
  username: 'This is your public username.',
  email: "We'll send notifications to this address.",
  displayName: 'This is how your name appears to others.',
} as const;

export function ProfileTab() {
  return (
    <SettingsSection title="Profile" description="Your username, email address and the name others see.">
      <AccountGate>{(user, online) => <ProfileFormView user={user} online={online} />}</AccountGate>
    </SettingsSection>
  );
}

function ProfileFormView({ user, online }: { user: User; online: boolean }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    // Follows the user as the server reports it, keeping whatever is being typed.
    values: { username: user.username, email: user.email ?? '', displayName: user.displayName ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  useDirtyForm(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const updated = await apiCall('updateUser', {
        params: { id: user.id },
        body: { username: values.username, email: values.email ?? '', displayName: values.displayName ?? '' },
      });
      setSignedIn(updated);
      reset({ username: updated.username, email: updated.email ?? '', displayName: updated.displayName ?? '' });
      toast({ title: 'Profile updated', description: 'Your profile has been saved.' });
    } catch (error) {
      setServerFieldErrors(error, setError, ['username', 'email', 'displayName']);
      toast({ title: 'Failed to update profile', description: onlineFailureMessage(error), variant: 'destructive' });
    }
  });

  const control = (id: string, error: string | undefined, hint: string) => fieldControlProps(id, { error, hint });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Profile" className="grid max-w-xl gap-4">
      <fieldset disabled={!online} className="grid gap-4">
        <FormField id="profile-username" label="Username" hint={HINTS.username} error={errors.username?.message}>
          <Input autoComplete="username" autoCapitalize="none" {...control('profile-username', errors.username?.message, HINTS.username)} {...register('username')} />
        </FormField>
        <FormField id="profile-email" label="Email" hint={HINTS.email} error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...control('profile-email', errors.email?.message, HINTS.email)} {...register('email')} />
        </FormField>
        <FormField id="profile-display-name" label="Display name" hint={HINTS.displayName} error={errors.displayName?.message}>
          <Input autoComplete="name" {...control('profile-display-name', errors.displayName?.message, HINTS.displayName)} {...register('displayName')} />
        </FormField>
      </fieldset>
      <FormError message={errors.root?.server?.message} />
      <div>
        <Button type="submit" disabled={isSubmitting || !online}>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
