/**
 * Connects the sync engine to the signed-in user: the engine (and Dexie with it) loads only once a user
 * is known, starts for that user, stops at sign-out; and sign-out first pushes what is waiting, asks
 * before discarding what could not be sent, then wipes this device's data.
 */
import { useAuthStore } from '@/features/auth/auth-store';
import { registerBeforeSignOut } from '@/features/auth/before-sign-out';
import { confirmAction } from '@/ui/confirm';

const loadAppEngine = () => import('@/sync/app-sync').then((module) => module.syncEngine);
const loadSignOutFlow = () => import('@/features/sync/sign-out-flow');

/** What following the signed-in user drives of the engine (app-sync.ts: syncEngine). */
type Engine = Pick<Awaited<ReturnType<typeof loadAppEngine>>, 'signedIn' | 'start' | 'stop'>;

/**
 * `loadEngine`: how the engine is loaded to follow the user (tests give a fake). It is asked only once
 * a user is signed in (sign-out loads it too, to push what waits): a signed-out visitor's first load
 * fetches neither the engine nor Dexie, 51 of the 281 kB the sign-in screen took with them
 * (bench:import, "A new device: the app's first load").
 */
export function startSyncForSignedInUser(loadEngine: () => Promise<Engine> = loadAppEngine): () => void {
  let runningFor: number | null = null;

  /** Whether the engine has something to do: start for a user it does not run for, or stop. */
  const engineWanted = ({ status, user }: ReturnType<typeof useAuthStore.getState>) =>
    status === 'signedIn' && user ? runningFor !== user.id : status === 'signedOut' && runningFor !== null;

  const follow = async () => {
    // Nothing to start or stop: the engine is not loaded (a signed-out first visit never loads it).
    if (!engineWanted(useAuthStore.getState())) return;
    const engine = await loadEngine();
    // Read again: the status may have changed while the engine loaded (the change's own follow handles it).
    const now = useAuthStore.getState();
    if (now.status === 'signedIn' && now.user) {
      if (runningFor === now.user.id) return;
      const id = (runningFor = now.user.id);
      await engine.signedIn(now.user);
      // Signed out (or in as someone else) while the engine got ready: that change's follow has it.
      if (runningFor === id) engine.start();
    } else if (now.status === 'signedOut' && runningFor !== null) {
      runningFor = null;
      engine.stop();
    }
  };

  const unsubscribe = useAuthStore.subscribe((state, previous) => {
    if (state.status !== previous.status || state.user?.id !== previous.user?.id) void follow();
  });
  void follow();

  const unregister = registerBeforeSignOut(
    'sync',
    async () => {
      const [engine, { createSignOutFlow, discardQuestion }] = await Promise.all([loadAppEngine(), loadSignOutFlow()]);
      const flow = createSignOutFlow(engine, (unsynced) =>
        confirmAction({
          title: 'Discard unsynced changes?',
          description: discardQuestion(unsynced),
          confirmLabel: 'Sign out and discard',
          cancelLabel: 'Stay signed in',
          destructive: true,
        }),
      );
      const proceed = await flow();
      if (proceed) engine.stop();
      return proceed;
    },
    10,
  );

  return () => {
    unsubscribe();
    unregister();
  };
}
