import { useEffect, useState } from 'react';
import type { CalendarFeedStatus } from '@shared/api/calendar.contract';
import { apiCall } from '@/api/client';
import { onlineFailureMessage } from '@/lib/online-only';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { FormError } from '@/ui/FormError';
import { Input } from '@/ui/Input';
import { OfflineNotice } from '@/ui/OfflineNotice';
import { copyToClipboard } from '@/ui/clipboard';
import { confirmAction } from '@/ui/confirm';
import { toast } from '@/ui/toast/toast-queue';
import { useOnline } from '@/ui/useOnline';

/**
 * The signed-in user's private calendar feed (the interviews they conduct), online only: whether they
 * have an address, making or resetting it (the old one stops working), and the new address shown once
 * to copy into a calendar app.
 */
export function CalendarFeedDialog({ onClose }: { onClose: () => void }) {
  const online = useOnline();
  const [status, setStatus] = useState<CalendarFeedStatus | null>(null);
  const [address, setAddress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    apiCall('calendarFeedStatus', { signal: controller.signal })
      .then(setStatus)
      .catch((failure: unknown) => !controller.signal.aborted && setError(onlineFailureMessage(failure)));
    return () => controller.abort();
  }, [online]);

  async function makeAddress() {
    if (status?.active) {
      const ok = await confirmAction({
        title: 'Reset the feed address?',
        description: 'Calendars subscribed to the current address stop receiving your interviews.',
        confirmLabel: 'Reset address',
        destructive: true,
      });
      if (!ok) return;
    }
    setBusy(true);
    setError(null);
    try {
      const made = await apiCall('resetCalendarFeed');
      setAddress(`${window.location.origin}${made.path}`);
      setStatus({ active: true, createdAt: made.createdAt });
    } catch (failure) {
      setError(onlineFailureMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (address && (await copyToClipboard(address))) toast({ title: 'Copied', description: 'The feed address is on the clipboard' });
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Calendar feed"
      description="A private address your calendar app can subscribe to: it lists the interviews you conduct."
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className="grid gap-4 text-sm">
        {!online && <OfflineNotice />}
        {address ? (
          <div className="grid gap-2">
            <label htmlFor="calendar-feed-address" className="font-medium">
              Your feed address
            </label>
            <div className="flex gap-2">
              <Input id="calendar-feed-address" readOnly value={address} onFocus={(event) => event.target.select()} />
              <Button variant="outline" onClick={() => void copy()}>
                Copy
              </Button>
            </div>
            <p className="text-muted-foreground">It is shown only now. Anyone with it can read your interviews: keep it private, and reset it if it leaks.</p>
          </div>
        ) : (
          <p className="text-muted-foreground">
            {status === null ? 'Checking…' : status.active ? 'You have a feed address. It is not shown again; reset it to get a new one (the current one stops working).' : 'You have no feed address yet.'}
          </p>
        )}
        {error && <FormError message={error} />}
        <div>
          <Button variant={status?.active ? 'outline' : 'default'} disabled={!online || busy || status === null} onClick={() => void makeAddress()}>
            {busy ? 'Working...' : status?.active ? 'Reset feed address' : 'Create feed address'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
