// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncEngine } from '@/sync/engine';
import { createSyncStatusStore, type PendingChange, type SyncStatus } from '@/sync/status-store';
import { SyncStatusPanel } from './SyncStatusPanel';
import { createSignOutFlow, discardQuestion } from './sign-out-flow';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** An engine double: a real status store, and spies for what the panel calls. */
function fakeEngine(status: Partial<SyncStatus>, pending: PendingChange[] = []) {
  const store = createSyncStatusStore(true);
  store.setState(status);
  return {
    status: store,
    pendingChanges: vi.fn(async () => pending),
    dismissRejected: vi.fn(async () => undefined),
    syncNow: vi.fn(async () => ({ ok: true as const })),
    flushBeforeSignOut: vi.fn(),
    wipeDeviceData: vi.fn(async () => undefined),
  } as unknown as SyncEngine & Record<string, ReturnType<typeof vi.fn>>;
}

let root: Root | null = null;
let container: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
});

async function render(engine: SyncEngine, onSignIn?: () => void) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<SyncStatusPanel engine={engine} onSignIn={onSignIn} />));
}

const button = (name: RegExp) =>
  [...document.querySelectorAll('button')].find((b) => name.test(b.getAttribute('aria-label') ?? b.textContent ?? ''))!;

describe('SyncStatusPanel', () => {
  it('shows changes waiting and lists them, with the server reason for rejected ones', async () => {
    const engine = fakeEngine(
      {
        pendingCount: 2,
        rejected: [{ id: 4, label: 'Edit Ann (phone)', reason: 'Phone is too long', createdAt: new Date().toISOString(), count: 1, rejectedAt: '' }],
      },
      [
        { id: 5, label: 'Add Bo', createdAt: new Date().toISOString(), count: 1 },
        { id: 6, label: 'Import 1,000 candidates from a.csv', createdAt: new Date().toISOString(), count: 1000 },
      ],
    );
    await render(engine);
    const indicator = button(/^Sync:/);
    expect(indicator.getAttribute('aria-label')).toBe('Sync: 1 change not accepted');
    await act(async () => indicator.click());
    // The pending list loads through a live query: let React render until it is there.
    await vi.waitFor(async () => {
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(document.body.textContent).toContain('Waiting to sync (2)');
    });
    expect(document.body.textContent).toContain('Import 1,000 candidates from a.csv');
    expect(document.body.textContent).toContain('Phone is too long');
    await act(async () => button(/^Dismiss: Edit Ann/).click());
    expect(engine.dismissRejected).toHaveBeenCalledWith(4);
    await act(async () => button(/^Sync now$/).click());
    expect(engine.syncNow).toHaveBeenCalled();
  });

  it('asks to sign in again when sync is paused, keeping the queue', async () => {
    const engine = fakeEngine({ needsSignIn: true, pendingCount: 3 });
    const onSignIn = vi.fn();
    await render(engine, onSignIn);
    expect(button(/^Sync:/).getAttribute('aria-label')).toBe('Sync: Sync paused — sign in again');
    await act(async () => button(/^Sync:/).click());
    expect(document.body.textContent).toContain('Your 3 changes are kept on this device.');
    await act(async () => button(/^Sign in$/).click());
    expect(onSignIn).toHaveBeenCalled();
  });

  it('follows the store as the engine reports', async () => {
    const engine = fakeEngine({ online: false });
    await render(engine);
    expect(button(/^Sync:/).getAttribute('aria-label')).toBe('Sync: Offline');
    await act(async () => engine.status.setState({ online: true, lastSyncAt: new Date().toISOString() }));
    expect(button(/^Sync:/).getAttribute('aria-label')).toBe('Sync: Synced just now');
  });
});

describe('sign-out flow', () => {
  it('wipes after a successful flush, asks before discarding, and cancels when the user keeps changes', async () => {
    const engine = fakeEngine({});
    const confirm = vi.fn(async () => false);
    const flow = createSignOutFlow(engine, confirm);
    vi.mocked(engine.flushBeforeSignOut).mockResolvedValueOnce({ ok: true });
    expect(await flow()).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
    expect(engine.wipeDeviceData).toHaveBeenCalledTimes(1);

    vi.mocked(engine.flushBeforeSignOut).mockResolvedValueOnce({ ok: false, unsynced: 2 });
    expect(await flow()).toBe(false);
    expect(confirm).toHaveBeenCalledWith(2);
    expect(engine.wipeDeviceData).toHaveBeenCalledTimes(1);

    confirm.mockResolvedValueOnce(true);
    vi.mocked(engine.flushBeforeSignOut).mockResolvedValueOnce({ ok: false, unsynced: 1 });
    expect(await flow()).toBe(true);
    expect(engine.wipeDeviceData).toHaveBeenCalledTimes(2);
    expect(discardQuestion(1)).toBe('1 change has not reached the server yet. Signing out now discards it.');
  });
});
