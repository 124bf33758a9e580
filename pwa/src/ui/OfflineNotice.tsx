import { NEEDS_CONNECTION_MESSAGE } from '@/lib/online-only';
import { cn } from '@/ui/cn';
import { CloudOffIcon } from '@/ui/icons';

/** The banner an online-only part shows while the device is offline (its controls are disabled). */
export function OfflineNotice({ className }: { className?: string }) {
  return (
    <p
      role="status"
      className={cn(
        'flex items-center gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm font-medium text-warning',
        className,
      )}
    >
      <CloudOffIcon className="size-4 shrink-0" aria-hidden="true" />
      {NEEDS_CONNECTION_MESSAGE}
    </p>
  );
}
