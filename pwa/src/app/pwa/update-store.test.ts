import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '@/ui/ui-store';
import { applyUpdate, dismissUpdate, useUpdateStore } from './update-store';

beforeEach(() => {
  useUiStore.setState({ dirtyForms: new Set() });
  useUpdateStore.setState({ needRefresh: true, needReload: false, blockedByUnsavedChanges: false, activate: null });
});

describe('applying an update', () => {
  it('activates the waiting version when nothing is unsaved', async () => {
    const activate = vi.fn(async () => undefined);
    const reload = vi.fn();
    useUpdateStore.setState({ activate });
    expect(await applyUpdate(reload)).toBe(true);
    expect(activate).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
  });

  it('refuses while a form has unsaved changes, and says so', async () => {
    const activate = vi.fn(async () => undefined);
    const reload = vi.fn();
    useUpdateStore.setState({ activate });
    useUiStore.getState().setFormDirty('candidate-notes', true);
    expect(await applyUpdate(reload)).toBe(false);
    expect(activate).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(useUpdateStore.getState()).toMatchObject({ needRefresh: true, blockedByUnsavedChanges: true });

    useUiStore.getState().setFormDirty('candidate-notes', false);
    expect(await applyUpdate(reload)).toBe(true);
    expect(activate).toHaveBeenCalledOnce();
    expect(useUpdateStore.getState().blockedByUnsavedChanges).toBe(false);
  });

  it('just reloads when another tab already activated the new version', async () => {
    const activate = vi.fn(async () => undefined);
    const reload = vi.fn();
    useUpdateStore.setState({ activate, needReload: true });
    await applyUpdate(reload);
    expect(reload).toHaveBeenCalledOnce();
    expect(activate).not.toHaveBeenCalled();
  });

  it('hides the prompt on Later', () => {
    dismissUpdate();
    expect(useUpdateStore.getState().needRefresh).toBe(false);
  });
});
