import { useState } from 'react';
import { useAppConfig } from '@/lib/app-config';
import { CloseIcon, ShareIcon } from '@/ui/icons';
import { isIos, isStandalone } from './ios';

export const INSTALL_HINT_DISMISSED_KEY = 'install-hint-dismissed';

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(INSTALL_HINT_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Safari on iPhone and iPad has no install prompt, so tell people how: Share, then Add to Home Screen.
 * Installed, the app keeps its data better (Safari may clear a website's storage after days unused).
 */
export function InstallHint() {
  const name = useAppConfig((state) => state.appName);
  const [visible, setVisible] = useState(() => isIos() && !isStandalone() && !dismissedBefore());
  if (!visible) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(INSTALL_HINT_DISMISSED_KEY, '1');
    } catch {
      // shown again next time; harmless
    }
    setVisible(false);
  };

  return (
    <aside
      aria-label={`Install ${name}`}
      className="fixed inset-x-3 bottom-3 z-[80] mx-auto flex max-w-md items-start gap-3 rounded-lg border bg-card p-4 pr-10 text-card-foreground shadow-lg"
    >
      <ShareIcon className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="text-sm">
        <p className="font-semibold">Install {name} on this device</p>
        <p className="mt-1 text-muted-foreground">
          Tap the Share button in Safari, then <strong>Add to Home Screen</strong>. The app then opens full screen and
          keeps working offline.
        </p>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss install hint"
        className="absolute top-2 right-2 rounded-md p-1.5 text-muted-foreground hover:bg-accent"
      >
        <CloseIcon className="size-4" />
      </button>
    </aside>
  );
}
