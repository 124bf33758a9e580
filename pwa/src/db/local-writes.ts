/**
 * A signal from repos to the sync engine: "this database just queued an outbox mutation". Repos call
 * `notifyLocalWrite` after their transaction commits; the engine listens for its own database and
 * schedules a push: debounced after an edit (the next keystroke or click may follow), at once after a
 * batch (an import's thousands of rows: the server works on them while the device writes the next
 * batch). Keeping it a plain listener list means repos never import the engine.
 */
import type { RepHireDb } from './database';

export type LocalWriteKind = 'edit' | 'batch';
type Listener = (kind: LocalWriteKind) => void;
const listeners = new WeakMap<RepHireDb, Set<Listener>>();

export function onLocalWrite(db: RepHireDb, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export function notifyLocalWrite(db: RepHireDb, kind: LocalWriteKind = 'edit'): void {
  for (const listener of listeners.get(db) ?? []) listener(kind);
}
