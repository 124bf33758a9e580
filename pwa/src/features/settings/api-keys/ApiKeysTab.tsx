import { useState } from 'react';
import type { ApiKey } from '@shared/schemas/api-key.schema';
import { Button } from '@/ui/Button';
import { OfflineNotice } from '@/ui/OfflineNotice';
import { Spinner } from '@/ui/Spinner';
import { KeyIcon, PlusIcon } from '@/ui/action-icons';
import { useOnline } from '@/ui/useOnline';
import { SettingsSection } from '../SettingsSection';
import { ApiKeyCreatedDialog } from './ApiKeyCreatedDialog';
import { ApiKeyHooks } from './ApiKeyHooks';
import { ApiKeysHelp } from './ApiKeysHelp';
import { ApiKeysTable } from './ApiKeysTable';
import { CreateApiKeyDialog, type CreatedApiKey } from './CreateApiKeyDialog';
import { DeleteApiKeyDialog } from './DeleteApiKeyDialog';
import { useApiKeys } from './useApiKeys';
import { useKeyHooks } from './useKeyHooks';

type OpenDialog = { kind: 'create' } | { kind: 'created'; key: CreatedApiKey } | { kind: 'delete'; key: ApiKey } | null;

/**
 * Settings → API Keys: keys for integrations, created and shown once, listed by prefix, deleted; and
 * the REST hooks (Zapier triggers) subscribed with them, each removable.
 */
export function ApiKeysTab() {
  const online = useOnline();
  const { keys, error, reload, added, removed } = useApiKeys();
  const hooks = useKeyHooks(keys);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const createButton = (
    <Button onClick={() => setDialog({ kind: 'create' })} disabled={!online}>
      <PlusIcon /> Create Key
    </Button>
  );

  return (
    <SettingsSection title="API Keys" description="Keys let integrations such as Zapier add candidates to your pipeline.">
      {!online && <OfflineNotice />}
      {keys && keys.length > 0 && <div className="flex justify-end">{createButton}</div>}
      {online && !keys && !error && (
        <div className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
          <Spinner size="sm" label="Loading API keys" /> Loading API keys...
        </div>
      )}
      {online && error && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
          Failed to load API keys: {error}
          <Button variant="outline" size="sm" onClick={reload}>
            Try again
          </Button>
        </div>
      )}
      {keys && keys.length === 0 && (
        <div className="grid justify-items-center gap-3 rounded-md border border-dashed px-4 py-10 text-center">
          <KeyIcon className="size-8 text-muted-foreground" />
          <div className="grid gap-1">
            <h3 className="font-medium">No API Keys</h3>
            <p className="text-sm text-muted-foreground">Create a key to connect an integration.</p>
          </div>
          {createButton}
        </div>
      )}
      {keys && keys.length > 0 && <ApiKeysTable keys={keys} online={online} onDelete={(key) => setDialog({ kind: 'delete', key })} />}
      {online && keys && keys.length > 0 && <ApiKeyHooks state={hooks} online={online} />}
      <ApiKeysHelp />

      {dialog?.kind === 'create' && (
        <CreateApiKeyDialog
          online={online}
          onClose={close}
          onCreated={(key) => {
            const { key: _secret, ...listed } = key;
            added(listed);
            setDialog({ kind: 'created', key });
          }}
        />
      )}
      {dialog?.kind === 'created' && <ApiKeyCreatedDialog apiKey={dialog.key} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <DeleteApiKeyDialog
          apiKey={dialog.key}
          online={online}
          onClose={close}
          onDeleted={(id) => {
            removed(id);
            close();
          }}
        />
      )}
    </SettingsSection>
  );
}
