import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { appearanceSchema, type Appearance, type User } from '@shared/schemas/user.schema';
import { apiCall } from '@/api/client';
import { setSignedIn } from '@/features/auth/auth-store';
import { onlineFailureMessage } from '@/lib/online-only';
import { Button } from '@/ui/Button';
import { FormError } from '@/ui/FormError';
import { OfflineNotice } from '@/ui/OfflineNotice';
import { Select } from '@/ui/Select';
import { Switch } from '@/ui/Switch';
import { setServerFieldErrors } from '@/ui/form-errors';
import { toast } from '@/ui/toast/toast-queue';
import { useDirtyForm } from '@/ui/useDirtyForm';
import { useOnline } from '@/ui/useOnline';
import { AccountGate } from './AccountGate';
import { NotificationsForm } from './NotificationsForm';
import { SettingsSection } from './SettingsSection';

const THEME_OPTIONS = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
] as const satisfies ReadonlyArray<{ value: Appearance['theme']; label: string }>;

/** Appearance (theme, compact view, high contrast) and, below it, the notification preferences. */
export function AppearanceTab() {
  const online = useOnline();
  return (
    <div className="grid gap-6">
      {!online && <OfflineNotice />}
      <SettingsSection title="Appearance" description="How the app looks for you, on every device you sign in on.">
        <AccountGate offlineNotice={false}>{(user, online) => <AppearanceForm user={user} online={online} />}</AccountGate>
      </SettingsSection>
      <SettingsSection title="Notifications" description="Which emails you get about your pipeline.">
        <AccountGate offlineNotice={false}>{(user, online) => <NotificationsForm user={user} online={online} />}</AccountGate>
      </SettingsSection>
    </div>
  );
}

function AppearanceForm({ user, online }: { user: User; online: boolean }) {
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Appearance>({
    resolver: zodResolver(appearanceSchema),
    values: { theme: user.theme, compactView: user.compactView, highContrast: user.highContrast },
    resetOptions: { keepDirtyValues: true },
  });
  useDirtyForm(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const updated = await apiCall('updateAppearance', { params: { id: user.id }, body: values });
      setSignedIn(updated); // the shell re-applies the appearance from the signed-in user
      reset({ theme: updated.theme, compactView: updated.compactView, highContrast: updated.highContrast });
      toast({ title: 'Appearance settings updated', description: 'Your display preferences have been saved.' });
    } catch (error) {
      setServerFieldErrors(error, setError, []);
      toast({ title: 'Failed to update appearance settings', description: onlineFailureMessage(error), variant: 'destructive' });
    }
  });

  const disabled = !online || isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Appearance" className="grid max-w-xl gap-5">
      <Controller
        control={control}
        name="theme"
        render={({ field }) => (
          <div className="grid gap-1.5">
            <Select<Appearance['theme']> label="Theme" value={field.value} onChange={field.onChange} options={THEME_OPTIONS} disabled={disabled} />
            <p className="text-xs text-muted-foreground">System follows your device's light or dark setting.</p>
          </div>
        )}
      />
      <Controller
        control={control}
        name="compactView"
        render={({ field }) => (
          <Switch label="Compact view" description="Display more content on the screen at once." checked={field.value} onChange={field.onChange} disabled={disabled} />
        )}
      />
      <Controller
        control={control}
        name="highContrast"
        render={({ field }) => (
          <Switch label="High contrast" description="Increase contrast for better readability." checked={field.value} onChange={field.onChange} disabled={disabled} />
        )}
      />
      <FormError message={errors.root?.server?.message} />
      <div>
        <Button type="submit" disabled={disabled}>
          {isSubmitting ? 'Saving...' : 'Save Preferences'}
        </Button>
      </div>
    </form>
  );
}
