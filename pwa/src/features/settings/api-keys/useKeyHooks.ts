/**
 * The REST hooks of the user's API keys (what Zapier subscribed when Zaps were turned on), fetched with
 * the keys while the API Keys tab is open and online: one call per key, keys without hooks left out.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ApiKey } from '@shared/schemas/api-key.schema';
import type { WebhookSubscription } from '@shared/schemas/zapier.schema';
import { apiCall } from '@/api/client';
import { onlineFailureMessage } from '@/lib/online-only';
import { useOnline } from '@/ui/useOnline';

export interface KeyHook extends WebhookSubscription {
  keyName: string;
}

export interface KeyHooksState {
  hooks: KeyHook[] | null;
  error: string | null;
  removed(id: number): void;
}

export function useKeyHooks(keys: ApiKey[] | null): KeyHooksState {
  const online = useOnline();
  const [hooks, setHooks] = useState<KeyHook[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const keyIds = keys?.map((key) => key.id).join(',') ?? null;

  useEffect(() => {
    if (!online || !keys) return;
    const controller = new AbortController();
    Promise.all(
      keys.map(async (key) => {
        const list = await apiCall('listApiKeyHooks', { params: { id: key.id }, signal: controller.signal });
        return list.map((hook) => ({ ...hook, keyName: key.name }));
      }),
    )
      .then((lists) => {
        setHooks(lists.flat());
        setError(null);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(onlineFailureMessage(failure));
      });
    return () => controller.abort();
    // The key list's ids are what matters, not the array's identity.
  }, [online, keyIds]);

  return {
    hooks,
    error,
    removed: useCallback((id: number) => setHooks((list) => list?.filter((hook) => hook.id !== id) ?? null), []),
  };
}
