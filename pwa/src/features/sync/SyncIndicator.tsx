import { cn } from '@/ui/cn';
import { formatDateTime } from '@shared/format/dates';
import { CloudIcon, CloudOffIcon } from '@/ui/icons';
import { Tooltip } from '@/ui/Tooltip';
import { useSyncStatus, type SyncStatus } from './useSyncStatus';

function describe(status: SyncStatus): { label: string; detail: string } {
  if (!status.online) {
    return { label: 'Offline', detail: 'You are offline. Changes are kept on this device and sync when you reconnect.' };
  }
  if (status.error) return { label: 'Sync error', detail: status.error };
  if (status.syncing) return { label: 'Syncing…', detail: 'Sending and receiving changes.' };
  if (status.pending) return { label: `${status.pending} waiting`, detail: `${status.pending} changes waiting to sync.` };
  const last = status.lastSyncedAt ? ` Last synced ${formatDateTime(status.lastSyncedAt)}.` : '';
  return { label: 'Online', detail: `Connected.${last}` };
}

/** Small, always visible: online/offline now; the sync engine adds waiting changes, last sync and errors. */
export function SyncIndicator() {
  const status = useSyncStatus();
  const { label, detail } = describe(status);
  const bad = !status.online || Boolean(status.error);
  return (
    <Tooltip content={detail} side="bottom">
      <span
        tabIndex={0}
        role="status"
        aria-label={`${label}. ${detail}`}
        data-online={status.online}
        className={cn(
          'inline-flex h-8 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium',
          bad ? 'border-warning/40 bg-warning/10 text-warning' : 'border-success/30 bg-success/10 text-success',
        )}
      >
        {status.online ? <CloudIcon className="size-4" /> : <CloudOffIcon className="size-4" />}
        <span className="hidden sm:inline">{label}</span>
      </span>
    </Tooltip>
  );
}
