/**
 * Sign-out, as far as this device's data goes: push what is waiting; if something could not be sent
 * (offline, server trouble, session ended), ask before discarding it; then wipe the device. Shaped as a
 * before-sign-out hook: resolves false when the user keeps their changes (the sign-out is cancelled).
 */
import type { SyncEngine } from '@/sync/engine';

/** Asks "N changes have not reached the server. Sign out and discard them?"; true to discard. */
export type ConfirmDiscard = (unsynced: number) => Promise<boolean>;

export function discardQuestion(unsynced: number): string {
  const changes = unsynced === 1 ? '1 change has' : `${unsynced.toLocaleString('en-US')} changes have`;
  return `${changes} not reached the server yet. Signing out now discards ${unsynced === 1 ? 'it' : 'them'}.`;
}

export function createSignOutFlow(engine: SyncEngine, confirmDiscard: ConfirmDiscard): () => Promise<boolean> {
  return async () => {
    const flushed = await engine.flushBeforeSignOut();
    if (!flushed.ok && !(await confirmDiscard(flushed.unsynced))) return false;
    await engine.wipeDeviceData();
    return true;
  };
}
