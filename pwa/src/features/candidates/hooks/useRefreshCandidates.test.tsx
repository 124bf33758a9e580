// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import type { SyncEngine, SyncOutcome } from '@/sync/engine';
import { toastQueue } from '@/ui/toast/toast-queue';
import type { CandidatesRepo } from '../repo';
import { REFRESH_OFFLINE_DESCRIPTION, useRefreshCandidates } from './useRefreshCandidates';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  while (toastQueue.getSnapshot().length) toastQueue.dismiss();
});

async function refreshWith(outcome: SyncOutcome) {
  const seen: string[] = [];
  const unsubscribe = toastQueue.subscribe(() => {
    const head = toastQueue.getSnapshot()[0];
    if (head && seen[seen.length - 1] !== head.title) seen.push(head.title);
  });
  const engine = { syncNow: async () => outcome } as unknown as SyncEngine;
  const repo = { countCandidates: async () => 42 } as unknown as CandidatesRepo;
  let refresh!: () => Promise<void>;
  function Probe() {
    refresh = useRefreshCandidates(engine, repo).refresh;
    return null;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Probe />));
  await act(async () => refresh());
  unsubscribe();
  await act(async () => root.unmount());
  return { seen, last: toastQueue.getSnapshot().at(-1)! };
}

it('says it is refreshing, then how many candidates the device has', async () => {
  const { seen, last } = await refreshWith({ ok: true });
  expect(seen).toEqual(['Refreshing candidates', 'Refresh complete']);
  expect(toastQueue.getSnapshot()).toHaveLength(1); // the "Refreshing" toast went when the work was done
  expect([last.title, last.description]).toEqual(['Refresh complete', 'Found 42 candidates']);
});

it('says a refresh failed, and that it needs a connection when offline', async () => {
  expect((await refreshWith({ ok: false, reason: 'error', message: 'boom' })).last).toMatchObject({
    title: 'Refresh failed',
    description: 'Please try again',
    variant: 'destructive',
  });
  toastQueue.dismiss();
  expect((await refreshWith({ ok: false, reason: 'offline' })).last).toMatchObject({
    title: 'Refresh failed',
    description: REFRESH_OFFLINE_DESCRIPTION,
  });
});
