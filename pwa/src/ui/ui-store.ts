/**
 * UI state shared across the shell (never data: candidates live in IndexedDB). Owns:
 * - the sidebar's collapsed state, remembered in localStorage under `sidebar-collapsed`;
 * - the mobile menu;
 * - the import dialog slot: any screen opens it with `openImport()`; the import feature renders the
 *   dialog from `importOpen` (see layout/ImportDialogSlot.tsx);
 * - which forms hold unsaved changes, so an app update never reloads over someone's typing.
 */
import { create } from 'zustand';

export const SIDEBAR_STORAGE_KEY = 'sidebar-collapsed';

function readCollapsed(): boolean {
  try {
    return globalThis.localStorage?.getItem(SIDEBAR_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeCollapsed(collapsed: boolean) {
  try {
    globalThis.localStorage?.setItem(SIDEBAR_STORAGE_KEY, String(collapsed));
  } catch {
    // Storage full or blocked: the sidebar still works, it just will not be remembered.
  }
}

export interface UiState {
  sidebarCollapsed: boolean;
  mobileMenuOpen: boolean;
  importOpen: boolean;
  /** Ids of forms with unsaved changes. */
  dirtyForms: ReadonlySet<string>;
  toggleSidebar(): void;
  setSidebarCollapsed(collapsed: boolean): void;
  setMobileMenuOpen(open: boolean): void;
  openImport(): void;
  closeImport(): void;
  setFormDirty(formId: string, dirty: boolean): void;
}

export const useUiStore = create<UiState>((set, get) => ({
  sidebarCollapsed: readCollapsed(),
  mobileMenuOpen: false,
  importOpen: false,
  dirtyForms: new Set(),
  toggleSidebar: () => get().setSidebarCollapsed(!get().sidebarCollapsed),
  setSidebarCollapsed(collapsed) {
    writeCollapsed(collapsed);
    set({ sidebarCollapsed: collapsed });
  },
  setMobileMenuOpen: (open) => set({ mobileMenuOpen: open }),
  openImport: () => set({ importOpen: true, mobileMenuOpen: false }),
  closeImport: () => set({ importOpen: false }),
  setFormDirty(formId, dirty) {
    const current = get().dirtyForms;
    if (current.has(formId) === dirty) return;
    const next = new Set(current);
    if (dirty) next.add(formId);
    else next.delete(formId);
    set({ dirtyForms: next });
  },
}));

export function hasUnsavedChanges(): boolean {
  return useUiStore.getState().dirtyForms.size > 0;
}
