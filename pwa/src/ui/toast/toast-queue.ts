/**
 * The notification queue. Owns every pending toast; only the first one is visible (spec: one toast at a
 * time), and errors go ahead of successes (see enqueue). The visible toast's display timer runs here, so
 * it can pause while the user reads it (pointer over it, focus inside it, page hidden) and resume with
 * the time it had left. When a toast goes, the next one becomes visible and gets its own full display
 * time. No React here; Toaster.tsx renders it.
 */
export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  action?: ToastAction;
  variant?: ToastVariant;
  /** Milliseconds on screen once visible; Infinity keeps it until closed. */
  duration?: number;
}

export interface Toast extends ToastInput {
  id: string;
  variant: ToastVariant;
  duration: number;
}

/**
 * Why the visible toast's timer stands still. The pointer and focus belong to the card on screen: when
 * it goes (closed with the pointer on its × button, say) they go with it, or the next toast would wait
 * for a pointer that will never leave. A hidden page pauses whatever toast is up.
 */
export type PauseReason = 'pointer' | 'focus' | 'hidden';

export const TOAST_DURATION_MS = 5000;
/** Older waiting toasts are dropped beyond this, so a burst of errors cannot queue for minutes. */
export const TOAST_QUEUE_LIMIT = 5;

export interface ToastQueue {
  toast(input: ToastInput): { id: string; dismiss: () => void };
  dismiss(id?: string): void;
  /** Stop the visible toast's timer (pointer or focus on it, page hidden). */
  pause(reason?: PauseReason): void;
  resume(reason?: PauseReason): void;
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

/**
 * Where a new toast goes in line. An error never waits behind a success: a destructive toast goes ahead
 * of every default one, the visible one included (that one shows again, with a fresh display time, once
 * the errors ahead of it have gone). Toasts of one variant keep their order.
 */
function enqueue(queue: readonly Toast[], entry: Toast): Toast[] {
  if (entry.variant !== 'destructive') return [...queue, entry];
  const firstDefault = queue.findIndex((t) => t.variant !== 'destructive');
  if (firstDefault === -1) return [...queue, entry];
  return [...queue.slice(0, firstDefault), entry, ...queue.slice(firstDefault)];
}

/** Over the limit: the oldest waiting success goes first, then the oldest waiting error; never the visible one. */
function dropOldestWaiting(queue: readonly Toast[]): Toast[] {
  const waiting = queue.slice(1);
  const index = waiting.findIndex((t) => t.variant !== 'destructive');
  const drop = 1 + (index === -1 ? 0 : index);
  return [...queue.slice(0, drop), ...queue.slice(drop + 1)];
}

export function createToastQueue({ limit = TOAST_QUEUE_LIMIT } = {}): ToastQueue {
  let queue: readonly Toast[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerFor: string | undefined;
  let remaining = 0;
  let startedAt = 0;
  const pausedBy = new Set<PauseReason>();

  const emit = () => listeners.forEach((listener) => listener());

  function stopTimer() {
    clearTimeout(timer);
    timer = undefined;
  }

  function startTimer() {
    stopTimer();
    const head = queue[0];
    if (!head || pausedBy.size > 0 || !Number.isFinite(remaining)) return;
    startedAt = Date.now();
    timer = setTimeout(() => dismiss(head.id), remaining);
  }

  /** Called whenever the queue changes: a new head gets a fresh display time. */
  function syncHead() {
    const head = queue[0];
    if (head?.id !== timerFor) {
      timerFor = head?.id;
      pausedBy.delete('pointer');
      pausedBy.delete('focus');
      remaining = head?.duration ?? 0;
      startTimer();
    }
  }

  function dismiss(id?: string) {
    const target = id ?? queue[0]?.id;
    if (target === undefined || !queue.some((t) => t.id === target)) return;
    queue = queue.filter((t) => t.id !== target);
    syncHead();
    emit();
  }

  return {
    toast(input) {
      const id = `toast-${++counter}`;
      const entry: Toast = { ...input, id, variant: input.variant ?? 'default', duration: input.duration ?? TOAST_DURATION_MS };
      let next = enqueue(queue, entry);
      while (next.length > limit) next = dropOldestWaiting(next);
      queue = next;
      syncHead();
      emit();
      return { id, dismiss: () => dismiss(id) };
    },
    dismiss,
    pause(reason = 'pointer') {
      const wasRunning = pausedBy.size === 0;
      pausedBy.add(reason);
      if (!wasRunning) return;
      if (timer !== undefined) remaining = Math.max(0, remaining - (Date.now() - startedAt));
      stopTimer();
    },
    resume(reason = 'pointer') {
      if (!pausedBy.delete(reason) || pausedBy.size > 0) return;
      startTimer();
    },
    getSnapshot: () => queue,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one queue. */
export const toastQueue = createToastQueue();
export const toast = toastQueue.toast;
export const dismissToast = toastQueue.dismiss;
