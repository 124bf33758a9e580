import { Button } from '@/ui/Button';
import { useUiStore } from '@/ui/ui-store';
import { applyUpdate, dismissUpdate, useUpdateStore } from './update-store';

/** A non-blocking card: "A new version is available — Reload". Never reloads over unsaved changes. */
export function UpdatePrompt() {
  const { needRefresh, blockedByUnsavedChanges } = useUpdateStore();
  const dirty = useUiStore((state) => state.dirtyForms.size > 0);
  if (!needRefresh) return null;
  const blocked = blockedByUnsavedChanges && dirty;

  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed bottom-4 left-4 z-[90] w-[calc(100%-2rem)] max-w-sm rounded-lg border bg-card p-4 text-card-foreground shadow-lg"
    >
      <p className="text-sm font-semibold">A new version is available</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {blocked
          ? 'You have unsaved changes. Save them first, then reload.'
          : 'Reload to use it. Your data stays on this device.'}
      </p>
      <div className="mt-3 flex gap-2">
        <Button size="sm" onClick={() => void applyUpdate()}>
          Reload
        </Button>
        <Button size="sm" variant="ghost" onClick={dismissUpdate}>
          Later
        </Button>
      </div>
    </div>
  );
}
