import { Button } from '@/ui/Button';
import { CopyIcon } from '@/ui/action-icons';
import { copyToClipboard } from '@/ui/clipboard';
import { Dialog } from '@/ui/Dialog';
import { toast } from '@/ui/toast/toast-queue';
import type { CreatedApiKey } from './CreateApiKeyDialog';

/** The only time the full key is shown (the server keeps just its hash). */
export function ApiKeyCreatedDialog({ apiKey, onClose }: { apiKey: CreatedApiKey; onClose: () => void }) {
  async function copy() {
    if (await copyToClipboard(apiKey.key)) {
      toast({ title: 'API key copied', description: 'The API key has been copied to clipboard.' });
    } else {
      toast({ title: 'Copy failed', description: 'Select the key and copy it by hand.', variant: 'destructive' });
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="API Key Created"
      description="Copy your new API key now. For your security it cannot be shown again."
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className="grid gap-3">
        <p className="text-sm">
          <span className="text-muted-foreground">Name: </span>
          <span className="font-medium">{apiKey.name}</span>
        </p>
        <div className="flex items-center gap-2">
          <code
            aria-label="API key"
            data-testid="created-api-key"
            className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all select-all"
          >
            {apiKey.key}
          </code>
          <Button variant="outline" size="icon" onClick={() => void copy()} aria-label="Copy API key" title="Copy API key">
            <CopyIcon />
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
