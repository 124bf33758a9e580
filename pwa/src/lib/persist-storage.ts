/**
 * Asks the browser to keep this site's storage (IndexedDB with unsynced changes) instead of evicting it
 * under storage pressure or, in Safari, after days without use. Best effort: browsers may say no.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted?.()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
