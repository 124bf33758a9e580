/**
 * Whether the browser says it has a network, followed live through the `online`/`offline` events.
 * Screens that only work with the server (user management, API keys, password, deduplication) use it
 * to say so up front and disable their controls, instead of failing with a raw network error.
 */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const read = () => navigator.onLine;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, read, () => true);
}
