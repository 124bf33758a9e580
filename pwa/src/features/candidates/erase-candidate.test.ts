import { afterEach, expect, it, vi } from 'vitest';
import { ApiError, OfflineError } from '@/api/errors';
import { NEEDS_CONNECTION_MESSAGE } from '@/lib/online-only';
import { toastQueue } from '@/ui/toast/toast-queue';
import { eraseCandidateForPrivacy, type EraseDeps } from './erase-candidate';

const confirmAction = vi.hoisted(() => vi.fn<(request: { title: string; description: string; confirmLabel: string }) => Promise<boolean>>());
vi.mock('@/ui/confirm', () => ({ confirmAction }));
vi.mock('@/sync/app-sync', () => ({ syncEngine: { syncNow: vi.fn() } }));

function fakeDeps(fail?: Error) {
  const deps = {
    erase: vi.fn(async (_id: number) => {
      if (fail) throw fail;
    }),
    sync: vi.fn(async () => undefined),
  } satisfies EraseDeps;
  return deps;
}

const toasts = () => toastQueue.getSnapshot().map((t) => [t.title, t.description, t.variant]);
afterEach(() => {
  while (toastQueue.getSnapshot().length) toastQueue.dismiss();
  confirmAction.mockReset();
});

it('asks first, saying it cannot be undone, and does nothing on no', async () => {
  confirmAction.mockResolvedValue(false);
  const deps = fakeDeps();
  expect(await eraseCandidateForPrivacy({ id: 7, name: 'Ann Lee' }, deps)).toBe(false);
  const asked = confirmAction.mock.calls[0]![0];
  expect(asked).toMatchObject({ title: 'Erase Ann Lee for privacy?', confirmLabel: 'Erase' });
  expect(asked.description).toMatch(/permanently removes Ann Lee's personal data.*cannot be undone/);
  expect(deps.erase).not.toHaveBeenCalled();
  expect(toasts()).toEqual([]);
});

it('erases on the server, says so and syncs this device at once', async () => {
  confirmAction.mockResolvedValue(true);
  const deps = fakeDeps();
  expect(await eraseCandidateForPrivacy({ id: 7, name: 'Ann Lee' }, deps)).toBe(true);
  expect(deps.erase).toHaveBeenCalledWith(7);
  expect(deps.sync).toHaveBeenCalled();
  expect(toasts()).toEqual([['Candidate erased', 'The personal data was removed. Other devices remove it when they next sync.', 'default']]);
});

it('reports failures, offline in plain words, and never asks for a candidate the server does not have yet', async () => {
  confirmAction.mockResolvedValue(true);
  expect(await eraseCandidateForPrivacy({ id: 7, name: 'Ann' }, fakeDeps(new OfflineError(true)))).toBe(false);
  expect(await eraseCandidateForPrivacy({ id: 7, name: 'Ann' }, fakeDeps(new ApiError(403, 'Forbidden', '{"code":"FORBIDDEN","message":"Only administrators can do this"}')))).toBe(false);
  expect(toasts()).toEqual([
    ['Erase failed', NEEDS_CONNECTION_MESSAGE, 'destructive'],
    ['Erase failed', 'Only administrators can do this', 'destructive'],
  ]);
  confirmAction.mockClear();
  expect(await eraseCandidateForPrivacy({ id: null, name: 'Ann' }, fakeDeps())).toBe(false);
  expect(confirmAction).not.toHaveBeenCalled();
});
