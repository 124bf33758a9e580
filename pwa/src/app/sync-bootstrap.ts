/**
 * Connects the sync engine to the signed-in user: the engine (and Dexie with it) loads only once a user
 * is known, starts for that user, stops at sign-out; and sign-out first pushes what is waiting, asks
 * before discarding what could not be sent, then wipes this device's data.
 */
import { useAuthStore } from '@/features/auth/auth-store';
import { registerBeforeSignOut } from '@/features/auth/before-sign-out';
import { confirmAction } from '@/ui/confirm';

const loadEngine = () => import('@/sync/app-sync').then((module) => module.syncEngine);
const loadSignOutFlow = () => import('@/features/sync/sign-out-flow');

export function startSyncForSignedInUser(): () => void {
  let runningFor: number | null = null;

  const follow = async () => {
    const { status, user } = useAuthStore.getState();
    const engine = await loadEngine();
    if (status === 'signedIn' && user) {
      if (runningFor === user.id) return;
      runningFor = user.id;
      await engine.signedIn(user);
      engine.start();
    } else if (status === 'signedOut' && runningFor !== null) {
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
      const [engine, { createSignOutFlow, discardQuestion }] = await Promise.all([loadEngine(), loadSignOutFlow()]);
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
