// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

async function load() {
  vi.resetModules();
  return import('./ui-store');
}

beforeEach(() => localStorage.clear());

describe('ui store', () => {
  it('starts from the remembered sidebar state and remembers changes under sidebar-collapsed', async () => {
    localStorage.setItem('sidebar-collapsed', 'true');
    const { useUiStore } = await load();
    expect(useUiStore.getState().sidebarCollapsed).toBe(true);
    useUiStore.getState().toggleSidebar();
    expect(useUiStore.getState().sidebarCollapsed).toBe(false);
    expect(localStorage.getItem('sidebar-collapsed')).toBe('false');
  });

  it('opens the import dialog slot and closes the mobile menu that asked for it', async () => {
    const { useUiStore } = await load();
    useUiStore.getState().setMobileMenuOpen(true);
    useUiStore.getState().openImport();
    expect(useUiStore.getState()).toMatchObject({ importOpen: true, mobileMenuOpen: false });
    useUiStore.getState().closeImport();
    expect(useUiStore.getState().importOpen).toBe(false);
  });

  it('tracks which forms have unsaved changes', async () => {
    const { useUiStore, hasUnsavedChanges } = await load();
    const { setFormDirty } = useUiStore.getState();
    setFormDirty('profile', true);
    setFormDirty('note-7', true);
    setFormDirty('profile', false);
    expect(hasUnsavedChanges()).toBe(true);
    setFormDirty('note-7', false);
    expect(hasUnsavedChanges()).toBe(false);
  });
});
