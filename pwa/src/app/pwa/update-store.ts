/**
 * The app-update state behind the "new version" prompt. The service worker registration (register-sw.ts)
 * fills it; the prompt reads it. The app never reloads by itself: only when the user asks, and only when
 * no form holds unsaved changes.
 */
import { create } from 'zustand';
import { hasUnsavedChanges } from '@/ui/ui-store';

export interface UpdateState {
  /** A new version is installed and waiting. */
  needRefresh: boolean;
  /** A new version took over (e.g. from another tab): this page must reload to match it. */
  needReload: boolean;
  /** The user asked to reload while a form had unsaved changes. */
  blockedByUnsavedChanges: boolean;
  /** Activates the waiting worker (set by register-sw.ts). */
  activate: (() => Promise<void>) | null;
}

export const useUpdateStore = create<UpdateState>(() => ({
  needRefresh: false,
  needReload: false,
  blockedByUnsavedChanges: false,
  activate: null,
}));

/** What the Reload button does. Returns false (and says why) when unsaved changes block it. */
export async function applyUpdate(reload: () => void = () => window.location.reload()): Promise<boolean> {
  if (hasUnsavedChanges()) {
    useUpdateStore.setState({ blockedByUnsavedChanges: true });
    return false;
  }
  const { needReload, activate } = useUpdateStore.getState();
  useUpdateStore.setState({ blockedByUnsavedChanges: false });
  if (needReload || !activate) reload();
  // The new worker takes control, then register-sw.ts reloads this page (onNeedReload).
  else await activate();
  return true;
}

export function dismissUpdate(): void {
  useUpdateStore.setState({ needRefresh: false, blockedByUnsavedChanges: false });
}
