import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { notificationSettingsSchema, type NotificationSettings, type User } from '@shared/schemas/user.schema';
import { apiCall } from '@/api/client';
import { setSignedIn } from '@/features/auth/auth-store';
import { onlineFailureMessage } from '@/lib/online-only';
import { Button } from '@/ui/Button';
import { FormError } from '@/ui/FormError';
import { Switch } from '@/ui/Switch';
import { setServerFieldErrors } from '@/ui/form-errors';
import { toast } from '@/ui/toast/toast-queue';
import { useDirtyForm } from '@/ui/useDirtyForm';

const FIELDS: ReadonlyArray<{ name: keyof NotificationSettings; label: string; description: string }> = [
  { name: 'emailNotifications', label: 'Email notifications', description: 'Receive notifications by email.' },
  { name: 'newCandidateAlert', label: 'New candidate alerts', description: 'When a new candidate arrives.' },
  { name: 'statusChangeAlert', label: 'Status change alerts', description: "When a candidate's status changes." },
  { name: 'weeklyDigest', label: 'Weekly digest', description: 'A summary of your pipeline once a week.' },
];

/** The notification preferences (PATCH /api/users/:id/notifications). */
export function NotificationsForm({ user, online }: { user: User; online: boolean }) {
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<NotificationSettings>({
    resolver: zodResolver(notificationSettingsSchema),
    values: user.notifications,
    resetOptions: { keepDirtyValues: true },
  });
  useDirtyForm(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const updated = await apiCall('updateNotifications', { params: { id: user.id }, body: values });
      setSignedIn(updated);
      reset(updated.notifications);
      toast({ title: 'Notification settings updated', description: 'Your notification preferences have been saved.' });
    } catch (error) {
      setServerFieldErrors(error, setError, []);
      toast({ title: 'Failed to update notification settings', description: onlineFailureMessage(error), variant: 'destructive' });
    }
  });

  const disabled = !online || isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Notifications" className="grid max-w-xl gap-5">
      {FIELDS.map(({ name, label, description }) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <Switch label={label} description={description} checked={field.value} onChange={field.onChange} disabled={disabled} />
          )}
        />
      ))}
      <FormError message={errors.root?.server?.message} />
      <div>
        <Button type="submit" disabled={disabled}>
          {isSubmitting ? 'Saving...' : 'Save Notification Settings'}
        </Button>
      </div>
    </form>
  );
}
