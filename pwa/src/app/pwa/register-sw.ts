/**
 * Registers the service worker (vite-plugin-pwa, registerType 'prompt'). A new version waits until the
 * user chooses Reload in the update prompt; when it takes control because of this tab's choice the page
 * reloads, and when another tab activated it this page only reloads if nothing unsaved is open (otherwise
 * the prompt stays and says to save first). Also checks for a new version every hour and when the app
 * comes back to the foreground.
 *
 * A first install that fails (the connection dropped while the worker was precaching the app: it
 * fetches every file of the app) leaves no worker at all: the browser drops a registration whose first
 * install failed. The app then tries again when the browser is back online (installAgainWhenOnline),
 * so a device that lost its connection in the first seconds of its first visit is ready for offline
 * use once it has one again, without a reload. (The hourly update check keeps the registration it was
 * handed; after such a second install it checks again from the next start.)
 */
import { registerSW } from 'virtual:pwa-register';
import { hasUnsavedChanges } from '@/ui/ui-store';
import { useUpdateStore } from './update-store';

const CHECK_EVERY_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  let activatedHere = false;
  const updateSW = registerSW({
    onNeedRefresh() {
      useUpdateStore.setState({ needRefresh: true });
    },
    onNeedReload() {
      if (activatedHere || !hasUnsavedChanges()) window.location.reload();
      else useUpdateStore.setState({ needRefresh: true, needReload: true });
    },
    onRegisteredSW(url, registration) {
      if (!registration) return;
      installAgainWhenOnline(url, registration);
      const check = () => {
        if (navigator.onLine && registration.installing === null) void registration.update().catch(() => undefined);
      };
      setInterval(check, CHECK_EVERY_MS);
      document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
    },
    onRegisterError(error) {
      console.warn('Service worker registration failed; the app will not work offline.', error);
    },
  });
  useUpdateStore.setState({
    activate: async () => {
      activatedHere = true;
      await updateSW(true);
    },
  });
}

/**
 * Watches a registration's first install (none active yet): when it fails, registers the worker again
 * at the next `online` event, and watches that install the same way (see the module comment).
 */
export function installAgainWhenOnline(url: string, registration: ServiceWorkerRegistration): void {
  if (registration.active || registration.waiting) return;
  const again = () =>
    window.addEventListener(
      'online',
      () =>
        void navigator.serviceWorker
          .register(url, { scope: registration.scope })
          .then((next) => installAgainWhenOnline(url, next))
          .catch((error: unknown) => console.warn('Service worker registration failed again; the app will not work offline.', error)),
      { once: true },
    );
  const installing = registration.installing;
  // Already failed by the time the registration was handed over.
  if (!installing) return again();
  installing.addEventListener('statechange', () => {
    if (installing.state === 'redundant' && !registration.active) again();
  });
}
