/**
 * Registers the service worker (vite-plugin-pwa, registerType 'prompt'). A new version waits until the
 * user chooses Reload in the update prompt; when it takes control because of this tab's choice the page
 * reloads, and when another tab activated it this page only reloads if nothing unsaved is open (otherwise
 * the prompt stays and says to save first). Also checks for a new version every hour and when the app
 * comes back to the foreground.
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
    onRegisteredSW(_url, registration) {
      if (!registration) return;
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
