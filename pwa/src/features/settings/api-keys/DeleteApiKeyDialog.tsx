import type { ApiKey } from '@shared/schemas/api-key.schema';
import { apiCall } from '@/api/client';
import { onlineFailureMessage } from '@/lib/online-only';
import { DestructiveConfirmDialog } from '@/ui/DestructiveConfirmDialog';
import { toast } from '@/ui/toast/toast-queue';
import { maskedKey } from './format';

/** The delete confirmation: names the key and warns that integrations using it stop working. */
export function DeleteApiKeyDialog({ apiKey, online, onClose, onDeleted }: { apiKey: ApiKey; online: boolean; onClose: () => void; onDeleted: (id: number) => void }) {
  async function remove(): Promise<string | void> {
    try {
      await apiCall('deleteApiKey', { params: { id: apiKey.id } });
    } catch (error) {
      const message = onlineFailureMessage(error);
      toast({ title: 'Failed to delete API key', description: message, variant: 'destructive' });
      return message;
    }
    toast({ title: 'API key deleted', description: `${apiKey.name} no longer works.` });
    onDeleted(apiKey.id);
  }

  return (
    <DestructiveConfirmDialog
      title="Delete API Key"
      description="This action cannot be undone. Any integrations using this key will stop working."
      confirmLabel="Delete Key"
      busyLabel="Deleting..."
      canConfirm={online}
      onConfirm={remove}
      onClose={onClose}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Name</dt>
        <dd className="font-medium">{apiKey.name}</dd>
        <dt className="text-muted-foreground">Key</dt>
        <dd>
          <code className="font-mono text-xs">{maskedKey(apiKey.keyPrefix)}</code>
        </dd>
      </dl>
    </DestructiveConfirmDialog>
  );
}
