/**
 * The signed-in user's API keys, fetched only while the API Keys tab is open (spec section 7) and
 * online. Creations and deletions are applied from the server's answers.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ApiKey } from '@shared/schemas/api-key.schema';
import { apiCall } from '@/api/client';
import { onlineFailureMessage } from '@/lib/online-only';
import { useOnline } from '@/ui/useOnline';

export interface ApiKeysState {
  keys: ApiKey[] | null;
  error: string | null;
  reload(): void;
  added(key: ApiKey): void;
  removed(id: number): void;
}

export function useApiKeys(): ApiKeysState {
  const online = useOnline();
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    apiCall('listApiKeys', { signal: controller.signal })
      .then((list) => {
        setKeys(list);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(onlineFailureMessage(failure));
      });
    return () => controller.abort();
  }, [online, attempt]);

  return {
    keys,
    error,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
    added: useCallback((key: ApiKey) => setKeys((list) => [key, ...(list ?? [])]), []),
    removed: useCallback((id: number) => setKeys((list) => list?.filter((key) => key.id !== id) ?? null), []),
  };
}
