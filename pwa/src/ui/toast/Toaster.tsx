import { useEffect, useRef, useSyncExternalStore } from 'react';
import { toastQueue as defaultQueue, type ToastQueue } from './toast-queue';
import { ToastCard } from './ToastCard';

/**
 * Renders the visible toast of the queue in a fixed region (bottom-right, 420 px wide from md up; full
 * width at the top on phones). F8 moves focus to the region. Screen readers hear each toast through
 * always-present live regions: polite for default toasts, assertive for destructive ones.
 */
export function Toaster({ queue = defaultQueue }: { queue?: ToastQueue }) {
  const toasts = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const visible = toasts[0];
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      event.preventDefault();
      const target = regionRef.current?.querySelector<HTMLElement>('[data-toast]') ?? regionRef.current;
      target?.focus();
    };
    const onVisibility = () => (document.hidden ? queue.pause() : queue.resume());
    window.addEventListener('keydown', onKey);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [queue]);

  const announcement = visible ? [visible.title, visible.description].filter(Boolean).join('. ') : '';
  return (
    <>
      <section
        ref={regionRef}
        tabIndex={-1}
        aria-label="Notifications (F8)"
        className="pointer-events-none fixed top-0 z-[100] flex max-h-screen w-full flex-col p-4 outline-none sm:top-auto sm:right-0 sm:bottom-0 md:max-w-[420px]"
      >
        {visible && (
          <ToastCard
            key={visible.id}
            toast={visible}
            waiting={toasts.length - 1}
            onDismiss={() => queue.dismiss(visible.id)}
            onPause={queue.pause}
            onResume={queue.resume}
          />
        )}
      </section>
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {visible?.variant === 'default' ? announcement : ''}
      </div>
      <div className="sr-only" aria-live="assertive" aria-atomic="true">
        {visible?.variant === 'destructive' ? announcement : ''}
      </div>
    </>
  );
}
