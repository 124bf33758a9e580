import { useState } from 'react';
import { Button } from '@/ui/Button';
import { TrashIcon } from '@/ui/action-icons';
import { formatCreated, hookEventLabel } from './format';
import { RemoveHookDialog } from './RemoveHookDialog';
import type { KeyHook, KeyHooksState } from './useKeyHooks';

/**
 * The REST hooks of the user's keys: which Zap trigger (event) posts to which target URL, since when,
 * with Remove. Zapier removes a hook itself when its Zap is turned off; Remove is for a Zap deleted
 * while RepHire was unreachable, or a key shared with a tool no longer trusted.
 */
export function ApiKeyHooks({ state, online }: { state: KeyHooksState; online: boolean }) {
  const [removing, setRemoving] = useState<KeyHook | null>(null);
  const { hooks, error } = state;

  return (
    <div className="grid gap-2" data-testid="api-key-hooks">
      <h3 className="font-medium">Zapier triggers</h3>
      <p className="text-sm text-muted-foreground">
        Zaps with a RepHire trigger (New Candidate, Candidate Status Changed) subscribe here while they are on; each event is sent to the target URL.
      </p>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          Failed to load hooks: {error}
        </p>
      )}
      {hooks && hooks.length === 0 && <p className="text-sm text-muted-foreground">No Zap is subscribed to these keys.</p>}
      {hooks && hooks.length > 0 && (
        <div className="relative overflow-x-auto rounded-md border">
          <table className="w-full text-sm" aria-label="Zapier triggers">
            <thead className="bg-muted/50 text-left text-muted-foreground">
              <tr>
                <th scope="col" className="h-10 px-4 font-medium">Key</th>
                <th scope="col" className="h-10 px-4 font-medium">Event</th>
                <th scope="col" className="h-10 px-4 font-medium">Target URL</th>
                <th scope="col" className="h-10 px-4 font-medium">Created</th>
                <th scope="col" className="h-10 px-4 text-right font-medium">Actions</th>
              </tr>
            </thead>
            <tbody>
              {hooks.map((hook) => (
                <tr key={hook.id} className="border-t">
                  <td className="px-4 py-2 font-medium">{hook.keyName}</td>
                  <td className="px-4 py-2 whitespace-nowrap">{hookEventLabel(hook.event)}</td>
                  <td className="max-w-xs px-4 py-2">
                    <code className="font-mono text-xs break-all">{hook.targetUrl}</code>
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">{formatCreated(hook.createdAt)}</td>
                  <td className="px-4 py-2 text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:text-destructive"
                      onClick={() => setRemoving(hook)}
                      disabled={!online}
                      aria-label={`Remove ${hookEventLabel(hook.event)} hook of ${hook.keyName}`}
                    >
                      <TrashIcon /> Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {removing && (
        <RemoveHookDialog
          hook={removing}
          online={online}
          onClose={() => setRemoving(null)}
          onRemoved={(id) => {
            state.removed(id);
            setRemoving(null);
          }}
        />
      )}
    </div>
  );
}
