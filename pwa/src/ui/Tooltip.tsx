import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn';

export const TOOLTIP_DELAY_MS = 700;
const GAP_PX = 8;

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element; it gets aria-describedby pointing at the tooltip while it shows. */
  children: ReactElement<Record<string, unknown>>;
  side?: 'top' | 'bottom' | 'right';
  delayMs?: number;
  className?: string;
}

type Position = { top: number; left: number; transform: string };

function place(rect: DOMRect, side: NonNullable<TooltipProps['side']>): Position {
  if (side === 'right') return { top: rect.top + rect.height / 2, left: rect.right + GAP_PX, transform: 'translateY(-50%)' };
  const left = Math.min(Math.max(rect.left + rect.width / 2, 80), window.innerWidth - 80);
  if (side === 'bottom') return { top: rect.bottom + GAP_PX, left, transform: 'translateX(-50%)' };
  return { top: rect.top - GAP_PX, left, transform: 'translate(-50%, -100%)' };
}

/**
 * Shows `content` after the pointer rests on, or keyboard focus reaches, the child for 700 ms; hides on
 * leave, blur, click or Escape. Rendered in a portal with fixed positioning, so scrolling containers
 * (the sidebar) cannot clip it. Text only: never put controls inside (they could not be reached).
 */
export function Tooltip({ content, children, side = 'top', delayMs = TOOLTIP_DELAY_MS, className }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<Position | null>(null);
  const anchor = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delayMs);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useLayoutEffect(() => {
    if (open && anchor.current) setPosition(place(anchor.current.getBoundingClientRect(), side));
  }, [open, side]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && hide();
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, true);
    };
  }, [open]);

  const trigger = cloneElement(children, { 'aria-describedby': open ? id : undefined });
  return (
    <span
      ref={anchor}
      className="inline-flex"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onPointerDown={hide}
    >
      {trigger}
      {open &&
        position &&
        createPortal(
          <span
            id={id}
            role="tooltip"
            style={{ top: position.top, left: position.left, transform: position.transform }}
            className={cn(
              'pointer-events-none fixed z-[200] w-max max-w-64 rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md',
              className,
            )}
          >
            {content}
          </span>,
          document.body,
        )}
    </span>
  );
}
