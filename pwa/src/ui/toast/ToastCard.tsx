import { useRef, useState, type PointerEvent } from 'react';
import { cn } from '../cn';
import { CloseIcon } from '../icons';
import type { Toast } from './toast-queue';

/** A swipe to the right further than this dismisses the toast. */
export const SWIPE_THRESHOLD_PX = 50;

export interface ToastCardProps {
  toast: Toast;
  /** How many toasts wait behind this one. */
  waiting: number;
  onDismiss: () => void;
  onPause: (reason: 'pointer' | 'focus') => void;
  onResume: (reason: 'pointer' | 'focus') => void;
}

export function ToastCard({ toast, waiting, onDismiss, onPause, onResume }: ToastCardProps) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const destructive = toast.variant === 'destructive';

  const onPointerDown = (event: PointerEvent) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientX;
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset > SWIPE_THRESHOLD_PX) onDismiss();
    else setOffset(0);
  };

  return (
    <div
      data-toast
      data-variant={toast.variant}
      tabIndex={-1}
      onPointerEnter={() => onPause('pointer')}
      onPointerLeave={() => onResume('pointer')}
      onFocus={() => onPause('focus')}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget as Node | null) && onResume('focus')}
      onKeyDown={(event) => event.key === 'Escape' && onDismiss()}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      className={cn(
        'pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg',
        'animate-[toast-in_150ms_ease-out] outline-none focus-visible:ring-2 focus-visible:ring-ring',
        offset === 0 && 'transition-transform',
        destructive ? 'border-destructive bg-destructive text-destructive-foreground' : 'bg-card text-card-foreground',
      )}
    >
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className="text-sm break-words opacity-90">{toast.description}</p>}
        {waiting > 0 && <p className="text-xs opacity-70">{waiting} more notification{waiting === 1 ? '' : 's'}</p>}
      </div>
      {toast.action && (
        <button
          type="button"
          onClick={() => {
            toast.action!.onClick();
            onDismiss();
          }}
          className={cn(
            'inline-flex h-8 shrink-0 items-center rounded-md border px-3 text-sm font-medium',
            destructive ? 'border-destructive-foreground/40 hover:bg-destructive-foreground/10' : 'hover:bg-accent',
          )}
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        aria-label="Close notification"
        onClick={onDismiss}
        className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
