/**
 * Work that must happen before a user signs out, in order: the sync engine registers "push pending
 * changes, or ask before discarding them, then wipe the device's data". A hook may return false to cancel
 * the sign-out (the user chose to keep their unsynced changes); a hook that throws cancels it too, and the
 * error is shown. Hooks run only on a sign-out the user asked for, never when a session merely expired:
 * then the device keeps its data and its queue for the next sign-in.
 */
export type BeforeSignOutHook = () => boolean | void | Promise<boolean | void>;

interface Entry {
  name: string;
  order: number;
  run: BeforeSignOutHook;
  seq: number;
}

const hooks: Entry[] = [];
let seq = 0;

/**
 * Adds a hook. Lower `order` runs first; equal orders run in registration order. A second registration
 * under the same name replaces the first (hot reload, remounts). Returns a function that removes it.
 */
export function registerBeforeSignOut(name: string, run: BeforeSignOutHook, order = 100): () => void {
  const existing = hooks.findIndex((hook) => hook.name === name);
  if (existing >= 0) hooks.splice(existing, 1);
  const entry: Entry = { name, order, run, seq: ++seq };
  hooks.push(entry);
  hooks.sort((a, b) => a.order - b.order || a.seq - b.seq);
  return () => {
    const index = hooks.indexOf(entry);
    if (index >= 0) hooks.splice(index, 1);
  };
}

/** Runs the hooks in order; resolves false as soon as one cancels. Errors propagate. */
export async function runBeforeSignOut(): Promise<boolean> {
  for (const hook of [...hooks]) {
    if ((await hook.run()) === false) return false;
  }
  return true;
}
