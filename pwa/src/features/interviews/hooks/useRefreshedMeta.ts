/**
 * Team data a screen reads offline from the device's meta (the copy fetched when last online) and
 * fetches again whenever a screen using it is shown online: the team's users, the scorecard criteria.
 */
import { useEffect } from 'react';
import { appDb } from '@/db/app-db';
import { setMeta, type DeviceMeta } from '@/db/meta';
import { useOnline } from '@/ui/useOnline';

/** Keeps a fetched value in meta, in its own transaction. */
export function rememberMeta<K extends keyof DeviceMeta>(key: K, value: DeviceMeta[K]): Promise<void> {
  return appDb.transaction('rw', appDb.meta, () => setMeta(appDb, key, value));
}

/** While online, fetches `key`'s value and keeps it; offline or refused, the copy from before stays. */
export function useRefreshedMeta<K extends keyof DeviceMeta>(key: K, fetchValue: (signal: AbortSignal) => Promise<DeviceMeta[K]>): void {
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    fetchValue(controller.signal)
      .then((value) => rememberMeta(key, value))
      .catch(() => {});
    return () => controller.abort();
    // The fetch is the same for a key: refetch only when the connection comes back.
  }, [online, key]);
}
