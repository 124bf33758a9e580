import type { ApiKey } from '@shared/schemas/api-key.schema';
import { Button } from '@/ui/Button';
import { CopyIcon, TrashIcon } from '@/ui/action-icons';
import { copyToClipboard } from '@/ui/clipboard';
import { toast } from '@/ui/toast/toast-queue';
import { formatCreated, formatLastUsed, maskedKey } from './format';

/**
 * Name, Key, Created, Last Used ('Never' if unset), and copy/delete. Only the key's prefix is kept on
 * the server, so the copy action copies that prefix (to find the key in an integration's settings).
 */
export function ApiKeysTable({ keys, online, onDelete }: { keys: ApiKey[]; online: boolean; onDelete: (key: ApiKey) => void }) {
  async function copyPrefix(key: ApiKey) {
    if (await copyToClipboard(key.keyPrefix)) {
      toast({ title: 'Key prefix copied', description: `${key.keyPrefix} has been copied to the clipboard.` });
    } else {
      toast({ title: 'Copy failed', description: 'Select the key prefix and copy it by hand.', variant: 'destructive' });
    }
  }

  return (
    <div className="relative overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="h-10 px-4 font-medium">Name</th>
            <th scope="col" className="h-10 px-4 font-medium">Key</th>
            <th scope="col" className="h-10 px-4 font-medium">Created</th>
            <th scope="col" className="h-10 px-4 font-medium">Last Used</th>
            <th scope="col" className="h-10 px-4 text-right font-medium">Actions</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} className="border-t">
              <td className="px-4 py-2 font-medium">{key.name}</td>
              <td className="px-4 py-2">
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{maskedKey(key.keyPrefix)}</code>
              </td>
              <td className="px-4 py-2 whitespace-nowrap">{formatCreated(key.createdAt)}</td>
              <td className="px-4 py-2 whitespace-nowrap" data-testid="last-used">
                {formatLastUsed(key.lastUsed)}
              </td>
              <td className="px-4 py-2">
                <div className="flex justify-end gap-1">
                  <Button variant="ghost" size="icon" onClick={() => void copyPrefix(key)} aria-label={`Copy key prefix of ${key.name}`} title="Copy key prefix">
                    <CopyIcon />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-destructive hover:text-destructive"
                    onClick={() => onDelete(key)}
                    disabled={!online}
                    aria-label={`Delete ${key.name}`}
                    title="Delete key"
                  >
                    <TrashIcon />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
