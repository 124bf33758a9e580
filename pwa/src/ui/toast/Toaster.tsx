import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { cn } from '../cn';
import { chooseToastPlacement, TOAST_AVOID_SELECTOR, TOAST_BELOW_SELECTOR, type Box, type ToastPlacement } from './toast-placement';
import { toastQueue as defaultQueue, type ToastQueue } from './toast-queue';
import { ToastCard } from './ToastCard';

/** Below Tailwind's `sm` breakpoint the toast prefers the top edge, full width. */
const PHONE_WIDTH_PX = 640;
/** How often the placement is checked while a toast shows: a dialog may open or the page move under it. */
const PLACEMENT_CHECK_MS = 250;

interface Placement {
  edge: ToastPlacement;
  /** At the top: how far below the screen's edge (the sticky top bar's height). */
  topInset: number;
}

function measurePlacement(region: HTMLElement): Placement {
  const preferred: ToastPlacement = window.innerWidth < PHONE_WIDTH_PX ? 'top' : 'bottom';
  const topInset = Math.max(0, document.querySelector(TOAST_BELOW_SELECTOR)?.getBoundingClientRect().bottom ?? 0);
  const card = region.querySelector<HTMLElement>('[data-toast]');
  if (!card) return { edge: preferred, topInset };
  const avoid: Box[] = [];
  for (const element of document.querySelectorAll<HTMLElement>(TOAST_AVOID_SELECTOR)) {
    const rect = element.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0) avoid.push(rect);
  }
  const edge = chooseToastPlacement({ card: card.getBoundingClientRect(), viewportHeight: window.innerHeight, avoid, preferred, topInset });
  return { edge, topInset };
}

const samePlacement = (a: Placement, b: Placement) => a.edge === b.edge && a.topInset === b.topInset;

/** Keeps the toast off the controls marked `data-toast-avoid` while one is visible (see toast-placement.ts). */
function useToastPlacement(regionRef: RefObject<HTMLElement | null>, visibleId: string | undefined): Placement {
  const [placement, setPlacement] = useState<Placement>({ edge: 'bottom', topInset: 0 });
  useLayoutEffect(() => {
    const region = regionRef.current;
    if (!region || visibleId === undefined) return;
    const check = () => {
      const next = measurePlacement(region);
      setPlacement((current) => (samePlacement(current, next) ? current : next));
    };
    check();
    const timer = setInterval(check, PLACEMENT_CHECK_MS);
    window.addEventListener('resize', check);
    window.addEventListener('scroll', check, { capture: true, passive: true });
    return () => {
      clearInterval(timer);
      window.removeEventListener('resize', check);
      window.removeEventListener('scroll', check, { capture: true });
    };
  }, [regionRef, visibleId]);
  return placement;
}

/**
 * Renders the visible toast of the queue in a fixed region (bottom-right, 420 px wide from md up; full
 * width at the top on phones; at the other edge when it would cover a dialog's buttons or a pager). F8 moves focus to the region. Screen readers hear each toast through
 * always-present live regions: polite for default toasts, assertive for destructive ones.
 */
export function Toaster({ queue = defaultQueue }: { queue?: ToastQueue }) {
  const toasts = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const visible = toasts[0];
  const regionRef = useRef<HTMLElement>(null);
  const placement = useToastPlacement(regionRef, visible?.id);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      event.preventDefault();
      const target = regionRef.current?.querySelector<HTMLElement>('[data-toast]') ?? regionRef.current;
      target?.focus();
    };
    const onVisibility = () => (document.hidden ? queue.pause('hidden') : queue.resume('hidden'));
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
        data-placement={placement.edge}
        style={placement.edge === 'top' ? { top: placement.topInset } : undefined}
        className={cn(
          'pointer-events-none fixed right-0 z-[100] flex max-h-screen w-full flex-col p-4 outline-none md:max-w-[420px]',
          placement.edge === 'bottom' && 'bottom-0',
        )}
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
