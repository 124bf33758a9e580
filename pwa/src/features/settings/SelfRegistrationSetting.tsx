import { useEffect, useState } from 'react';
import { apiCall } from '@/api/client';
import { useAppConfig } from '@/lib/app-config';
import { onlineFailureMessage } from '@/lib/online-only';
import { Button } from '@/ui/Button';
import { Spinner } from '@/ui/Spinner';
import { Switch } from '@/ui/Switch';
import { toast } from '@/ui/toast/toast-queue';

/**
 * "Allow self-registration" (DECISIONS, Registration): read from and saved to the server at once; the
 * sign-in page's Register tab follows through the app config.
 */
export function SelfRegistrationSetting({ online }: { online: boolean }) {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    apiCall('getSystemSettings', { signal: controller.signal })
      .then((settings) => {
        setAllowed(settings.allowSelfRegistration);
        setLoadError(null);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoadError(onlineFailureMessage(error));
      });
    return () => controller.abort();
  }, [online, attempt]);

  async function change(next: boolean) {
    const previous = allowed;
    setAllowed(next);
    setSaving(true);
    try {
      const settings = await apiCall('updateSystemSettings', { body: { allowSelfRegistration: next } });
      setAllowed(settings.allowSelfRegistration);
      useAppConfig.setState({ registrationOpen: settings.allowSelfRegistration });
      toast({
        title: 'System settings updated',
        description: settings.allowSelfRegistration
          ? 'Anyone can now create a recruiter account from the sign-in page.'
          : 'Only administrators can add users now.',
      });
    } catch (error) {
      setAllowed(previous);
      toast({ title: 'Failed to update system settings', description: onlineFailureMessage(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  if (loadError && allowed === null) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
        Failed to load system settings: {loadError}
        <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)} disabled={!online}>
          Try again
        </Button>
      </div>
    );
  }
  if (allowed === null) {
    return online ? <Spinner size="sm" label="Loading system settings" className="justify-self-start" /> : null;
  }
  return (
    <Switch
      label="Allow self-registration"
      description="Let people create their own recruiter account on the sign-in page. When off, only administrators add users."
      checked={allowed}
      onChange={(next) => void change(next)}
      disabled={!online || saving}
    />
  );
}
