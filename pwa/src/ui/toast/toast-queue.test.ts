import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, createToastQueue } from './toast-queue';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const titles = (queue: ReturnType<typeof createToastQueue>) => queue.getSnapshot().map((t) => t.title);

describe('toast queue', () => {
  it('shows one toast at a time, the next after the first goes', () => {
    const queue = createToastQueue();
    queue.toast({ title: 'First' });
    queue.toast({ title: 'Second' });
    expect(titles(queue)).toEqual(['First', 'Second']);
    expect(queue.getSnapshot()[0]).toMatchObject({ variant: 'default', duration: TOAST_DURATION_MS });

    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(titles(queue)).toEqual(['First', 'Second']);
    vi.advanceTimersByTime(1);
    expect(titles(queue)).toEqual(['Second']);
    // The second only started its time when it became visible.
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(titles(queue)).toEqual(['Second']);
    vi.advanceTimersByTime(1);
    expect(titles(queue)).toEqual([]);
  });

  it('closes a toast on request, visible or waiting', () => {
    const queue = createToastQueue();
    const first = queue.toast({ title: 'First' });
    const second = queue.toast({ title: 'Second' });
    queue.toast({ title: 'Third' });
    second.dismiss();
    expect(titles(queue)).toEqual(['First', 'Third']);
    first.dismiss();
    expect(titles(queue)).toEqual(['Third']);
    queue.dismiss();
    expect(titles(queue)).toEqual([]);
  });

  it('pauses the visible toast and resumes with the time it had left', () => {
    const queue = createToastQueue();
    queue.toast({ title: 'Read me' });
    vi.advanceTimersByTime(3000);
    queue.pause();
    vi.advanceTimersByTime(60_000);
    expect(titles(queue)).toEqual(['Read me']);
    queue.resume();
    vi.advanceTimersByTime(1999);
    expect(titles(queue)).toEqual(['Read me']);
    vi.advanceTimersByTime(1);
    expect(titles(queue)).toEqual([]);
  });

  it('forgets the pointer and focus of a toast that has gone, but not a hidden page', () => {
    const queue = createToastQueue();
    queue.toast({ title: 'Closed under the pointer' });
    queue.toast({ title: 'Next' });
    queue.pause('pointer');
    queue.pause('focus');
    queue.dismiss();
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(titles(queue)).toEqual([]);

    queue.toast({ title: 'While hidden' });
    queue.toast({ title: 'After' });
    queue.pause('hidden');
    queue.dismiss();
    vi.advanceTimersByTime(10 * TOAST_DURATION_MS);
    expect(titles(queue)).toEqual(['After']);
    queue.resume('hidden');
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(titles(queue)).toEqual([]);
  });

  it('runs again only when every reason to pause has gone', () => {
    const queue = createToastQueue();
    queue.toast({ title: 'Read me' });
    queue.pause('pointer');
    queue.pause('hidden');
    queue.resume('pointer');
    vi.advanceTimersByTime(2 * TOAST_DURATION_MS);
    expect(titles(queue)).toEqual(['Read me']);
    queue.resume('hidden');
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(titles(queue)).toEqual([]);
  });

  it('keeps a toast with an infinite duration until it is closed', () => {
    const queue = createToastQueue();
    queue.toast({ title: 'Sticky', duration: Infinity });
    vi.advanceTimersByTime(10 * TOAST_DURATION_MS);
    expect(titles(queue)).toEqual(['Sticky']);
  });

  it('drops the oldest waiting toasts beyond the limit, never the visible one', () => {
    const queue = createToastQueue({ limit: 3 });
    for (const title of ['A', 'B', 'C', 'D', 'E']) queue.toast({ title });
    expect(titles(queue)).toEqual(['A', 'D', 'E']);
  });

  it('shows an error at once, ahead of every waiting success; the success it displaced shows again after', () => {
    const queue = createToastQueue();
    queue.toast({ title: 'User created' });
    vi.advanceTimersByTime(4000);
    queue.toast({ title: 'Saved' });
    queue.toast({ title: 'Failed to create user', variant: 'destructive' });
    queue.toast({ title: 'Failed to update user', variant: 'destructive' });
    expect(titles(queue)).toEqual(['Failed to create user', 'Failed to update user', 'User created', 'Saved']);
    vi.advanceTimersByTime(2 * TOAST_DURATION_MS);
    expect(titles(queue)).toEqual(['User created', 'Saved']);
    // The displaced toast gets a full display time of its own, not the second it had left.
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(titles(queue)).toEqual(['User created', 'Saved']);
  });

  it('drops waiting successes before waiting errors beyond the limit', () => {
    const queue = createToastQueue({ limit: 3 });
    queue.toast({ title: 'A' });
    queue.toast({ title: 'B' });
    queue.toast({ title: 'Error 1', variant: 'destructive' });
    queue.toast({ title: 'Error 2', variant: 'destructive' });
    queue.toast({ title: 'Error 3', variant: 'destructive' });
    expect(titles(queue)).toEqual(['Error 1', 'Error 2', 'Error 3']);
  });

  it('notifies subscribers of every change', () => {
    const queue = createToastQueue();
    const listener = vi.fn();
    const stop = queue.subscribe(listener);
    queue.toast({ title: 'A' });
    queue.dismiss();
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    queue.toast({ title: 'B' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('ignores closing a toast that is already gone', () => {
    const queue = createToastQueue();
    const listener = vi.fn();
    queue.subscribe(listener);
    const { dismiss } = queue.toast({ title: 'A' });
    dismiss();
    dismiss();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
