// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { amy, installFetch, reply } from '@/features/auth/auth-test-kit';
import { setSignedIn } from '@/features/auth/auth-store';
import { toastQueue } from '@/ui/toast/toast-queue';
import { NEED_ADMIN_MESSAGE, UserManagement } from './UserManagement';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  installFetch();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  toastQueue.dismiss();
  vi.unstubAllGlobals();
});

const render = () => act(async () => root.render(<UserManagement />));
/** Lets React and the (lazily loaded) API client finish until `check` holds. */
const until = (check: () => unknown) =>
  act(() =>
    vi.waitFor(() => {
      if (!check()) throw new Error('not yet');
    }, { timeout: 5000 }),
  );

describe('UserManagement', () => {
  it('tells a non-admin they need admin access, and asks the server nothing', async () => {
    setSignedIn(amy);
    await render();
    expect(container.textContent).toBe(NEED_ADMIN_MESSAGE);
    expect(NEED_ADMIN_MESSAGE).toBe('You need admin access to manage users.');
  });

  it('says "Failed to fetch users" with the server message when the list cannot be read', async () => {
    setSignedIn({ ...amy, role: 'admin' });
    reply('GET /api/users', { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Database unavailable' } });
    await render();
    await until(() => toastQueue.getSnapshot()[0]);
    expect(toastQueue.getSnapshot()[0]).toMatchObject({
      title: 'Failed to fetch users',
      description: 'Database unavailable',
      variant: 'destructive',
    });
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Failed to fetch users: Database unavailable');

    reply('GET /api/users', { status: 200, body: [{ ...amy, role: 'admin' }] });
    await act(async () => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click());
    await until(() => container.querySelector('tbody'));
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(container.querySelector('tbody')?.textContent).toContain('amy');
  });

  it('says the connection is needed instead of a raw network error', async () => {
    setSignedIn({ ...amy, role: 'admin' });
    reply('GET /api/users', 'network');
    await render();
    await until(() => toastQueue.getSnapshot()[0]);
    // jsdom reports itself online, so the server simply did not answer: still no raw "Failed to fetch".
    expect(toastQueue.getSnapshot()[0]?.description).toBe('You are offline — this needs a connection');
  });
});
