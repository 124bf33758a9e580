import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { amy } from '@shared/schemas/user.testing';
import { useAuthStore } from '@/features/auth/auth-store';
import { startSyncForSignedInUser } from './sync-bootstrap';

/** An engine that records what it is told; `signedIn` waits for `ready` when one is set. */
function fakeEngine() {
  const calls: string[] = [];
  let ready: Promise<void> | null = null;
  const engine = {
    async signedIn(user: { id: number }) {
      calls.push(`signedIn ${user.id}`);
      await ready;
    },
    start: () => void calls.push('start'),
    stop: () => void calls.push('stop'),
  };
  const load = vi.fn(async () => engine);
  return { calls, load, holdSignedIn: (until: Promise<void>) => void (ready = until) };
}

/** Lets the loads and the awaits after them run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startSyncForSignedInUser', () => {
  let stop: (() => void) | null = null;
  beforeEach(() => useAuthStore.setState({ status: 'loading', user: null }));
  afterEach(() => stop?.());

  it('loads no engine while nobody is signed in: not while the status is loading, not when signed out', async () => {
    const { load } = fakeEngine();
    stop = startSyncForSignedInUser(load);
    await settle();
    useAuthStore.setState({ status: 'signedOut', user: null });
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads and starts the engine for the user who signs in, and stops it at sign-out', async () => {
    const { load, calls } = fakeEngine();
    stop = startSyncForSignedInUser(load);
    useAuthStore.setState({ status: 'signedIn', user: amy });
    await settle();
    expect(calls).toEqual(['signedIn 7', 'start']);
    // The same user again (a refreshed profile) changes nothing.
    useAuthStore.setState({ user: { ...amy, displayName: 'Amy A.' } });
    await settle();
    useAuthStore.setState({ status: 'signedOut', user: null });
    await settle();
    expect(calls).toEqual(['signedIn 7', 'start', 'stop']);
  });

  it('starts at once for a user already signed in (the remembered one)', async () => {
    useAuthStore.setState({ status: 'signedIn', user: amy });
    const { load, calls } = fakeEngine();
    stop = startSyncForSignedInUser(load);
    await settle();
    expect(calls).toEqual(['signedIn 7', 'start']);
  });

  it('does not start an engine whose user signed out while it got ready', async () => {
    const { load, calls, holdSignedIn } = fakeEngine();
    let release!: () => void;
    holdSignedIn(new Promise<void>((resolve) => (release = resolve)));
    stop = startSyncForSignedInUser(load);
    useAuthStore.setState({ status: 'signedIn', user: amy });
    await settle();
    useAuthStore.setState({ status: 'signedOut', user: null });
    await settle();
    release();
    await settle();
    expect(calls).toEqual(['signedIn 7', 'stop']);
  });
});
