/**
 * The browser's own install prompt (Chrome, Edge, and other Chromium browsers). The browser fires
 * `beforeinstallprompt` once it finds the app installable; we keep that event and offer "Install app"
 * (user menu, landing page) instead of the browser's mini-infobar. The event can show the prompt once:
 * after the user answers it is spent, and the browser fires a fresh one if installing is still possible.
 * Safari has no such event: iOS keeps its Share → Add to Home Screen hint (InstallHint.tsx).
 */
import { create } from 'zustand';

/** The part of Chromium's BeforeInstallPromptEvent we use (it is not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

interface InstallPromptState {
  /** The event kept for later, while installing is offered. */
  deferred: InstallPromptEvent | null;
}

export const useInstallPromptStore = create<InstallPromptState>(() => ({ deferred: null }));

export const useCanInstall = () => useInstallPromptStore((state) => state.deferred !== null);

/** Called once at start-up, before the first render, so an early event is not missed. */
export function listenForInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    useInstallPromptStore.setState({ deferred: event as InstallPromptEvent });
  });
  target.addEventListener('appinstalled', () => useInstallPromptStore.setState({ deferred: null }));
}

/** Shows the browser's install prompt; resolves to whether the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const { deferred } = useInstallPromptStore.getState();
  if (!deferred) return false;
  // Spent once shown, whatever the answer.
  useInstallPromptStore.setState({ deferred: null });
  await deferred.prompt();
  const choice = await deferred.userChoice;
  return choice.outcome === 'accepted';
}
