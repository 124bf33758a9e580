import { apiCall } from '@/api/client';
import { onlineFailureMessage } from '@/lib/online-only';
import { DestructiveConfirmDialog } from '@/ui/DestructiveConfirmDialog';
import { toast } from '@/ui/toast/toast-queue';
import { hookEventLabel } from './format';
import type { KeyHook } from './useKeyHooks';

/** Confirms removing a REST hook: its Zap stops receiving events (events not yet sent are dropped). */
export function RemoveHookDialog({ hook, online, onClose, onRemoved }: { hook: KeyHook; online: boolean; onClose: () => void; onRemoved: (id: number) => void }) {
  async function remove() {
    try {
      await apiCall('deleteApiKeyHook', { params: { id: hook.apiKeyId, hookId: hook.id } });
    } catch (error) {
      toast({ title: 'Failed to remove hook', description: onlineFailureMessage(error), variant: 'destructive' });
      return;
    }
    toast({ title: 'Hook removed', description: `${hookEventLabel(hook.event)} events no longer go to this URL.` });
    onRemoved(hook.id);
  }

  return (
    <DestructiveConfirmDialog
      title="Remove Hook"
      description="The Zap behind this hook stops receiving events; events not sent yet are dropped. Turning the Zap off and on again subscribes it anew."
      confirmLabel="Remove Hook"
      busyLabel="Removing..."
      canConfirm={online}
      onConfirm={remove}
      onClose={onClose}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Key</dt>
        <dd className="font-medium">{hook.keyName}</dd>
        <dt className="text-muted-foreground">Event</dt>
        <dd>{hookEventLabel(hook.event)}</dd>
        <dt className="text-muted-foreground">Target URL</dt>
        <dd>
          <code className="font-mono text-xs break-all">{hook.targetUrl}</code>
        </dd>
      </dl>
    </DestructiveConfirmDialog>
  );
}
