// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToastQueue, type ToastQueue } from './toast-queue';
import { Toaster } from './Toaster';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let queue: ToastQueue;

beforeEach(async () => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  queue = createToastQueue();
  await act(async () => root.render(<Toaster queue={queue} />));
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const card = () => container.querySelector<HTMLElement>('[data-toast]');
const live = (politeness: string) => container.querySelector(`[aria-live="${politeness}"]`)?.textContent;

function pointer(type: string, target: Element, clientX: number) {
  target.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX }));
}

describe('Toaster', () => {
  it('shows one toast with title, description and waiting count, and announces it', async () => {
    await act(async () => {
      queue.toast({ title: 'Login successful', description: 'Welcome back to RepHire!' });
      queue.toast({ title: 'Second' });
    });
    expect(card()?.textContent).toContain('Login successful');
    expect(card()?.textContent).toContain('Welcome back to RepHire!');
    expect(card()?.textContent).toContain('1 more notification');
    expect(container.querySelectorAll('[data-toast]')).toHaveLength(1);
    expect(live('polite')).toBe('Login successful. Welcome back to RepHire!');
    expect(live('assertive')).toBe('');
  });

  it('announces destructive toasts assertively', async () => {
    await act(async () => void queue.toast({ title: 'Login failed', description: 'Invalid username or password', variant: 'destructive' }));
    expect(card()?.dataset.variant).toBe('destructive');
    expect(live('assertive')).toBe('Login failed. Invalid username or password');
  });

  it('closes with the close control and shows the next', async () => {
    await act(async () => {
      queue.toast({ title: 'First' });
      queue.toast({ title: 'Second' });
    });
    const close = container.querySelector<HTMLButtonElement>('button[aria-label="Close notification"]')!;
    await act(async () => close.click());
    expect(card()?.textContent).toContain('Second');
  });

  it('runs the action and closes', async () => {
    let undone = false;
    await act(async () => void queue.toast({ title: 'Deleted', action: { label: 'Undo', onClick: () => (undone = true) } }));
    const undo = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Undo')!;
    await act(async () => undo.click());
    expect(undone).toBe(true);
    expect(card()).toBeNull();
  });

  it('dismisses on a swipe right beyond 50 px, not on a shorter one', async () => {
    await act(async () => void queue.toast({ title: 'Swipe me' }));
    const toast = card()!;
    await act(async () => {
      pointer('pointerdown', toast, 100);
      pointer('pointermove', toast, 140);
    });
    await act(async () => pointer('pointerup', toast, 140));
    expect(card()).not.toBeNull();
    await act(async () => {
      pointer('pointerdown', toast, 100);
      pointer('pointermove', toast, 160);
    });
    await act(async () => pointer('pointerup', toast, 160));
    expect(card()).toBeNull();
  });

  it('focuses the toast on F8', async () => {
    await act(async () => void queue.toast({ title: 'Focus me' }));
    await act(async () => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8' })));
    expect(document.activeElement).toBe(card());
  });
});
