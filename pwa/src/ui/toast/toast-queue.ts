/**
 * The notification queue. Owns every pending toast; only the first one is visible (spec: one toast at a
 * time). The visible toast's display timer runs here, so it can pause while the user reads it (pointer
 * over it, focus inside it, page hidden) and resume with the time it had left. When a toast goes, the
 * next one becomes visible and gets its own full display time. No React here; Toaster.tsx renders it.
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

export const TOAST_DURATION_MS = 5000;
/** Older waiting toasts are dropped beyond this, so a burst of errors cannot queue for minutes. */
export const TOAST_QUEUE_LIMIT = 5;

export interface ToastQueue {
  toast(input: ToastInput): { id: string; dismiss: () => void };
  dismiss(id?: string): void;
  /** Stop the visible toast's timer (pointer or focus on it, page hidden). */
  pause(): void;
  resume(): void;
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

export function createToastQueue({ limit = TOAST_QUEUE_LIMIT } = {}): ToastQueue {
  let queue: readonly Toast[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerFor: string | undefined;
  let remaining = 0;
  let startedAt = 0;
  let paused = false;

  const emit = () => listeners.forEach((listener) => listener());

  function stopTimer() {
    clearTimeout(timer);
    timer = undefined;
  }

  function startTimer() {
    stopTimer();
    const head = queue[0];
    if (!head || paused || !Number.isFinite(remaining)) return;
    startedAt = Date.now();
    timer = setTimeout(() => dismiss(head.id), remaining);
  }

  /** Called whenever the queue changes: a new head gets a fresh display time. */
  function syncHead() {
    const head = queue[0];
    if (head?.id !== timerFor) {
      timerFor = head?.id;
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
      let next = [...queue, entry];
      // Keep the visible one; drop the oldest waiting ones over the limit.
      while (next.length > limit) next = [next[0]!, ...next.slice(2)];
      queue = next;
      syncHead();
      emit();
      return { id, dismiss: () => dismiss(id) };
    },
    dismiss,
    pause() {
      if (paused) return;
      paused = true;
      if (timer !== undefined) remaining = Math.max(0, remaining - (Date.now() - startedAt));
      stopTimer();
    },
    resume() {
      if (!paused) return;
      paused = false;
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
