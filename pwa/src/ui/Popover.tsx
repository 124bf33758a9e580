import { Popover as HeadlessPopover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { ReactNode } from 'react';
import { buttonClasses, type ButtonVariant } from './Button';
import { cn } from './cn';

export interface PopoverProps {
  /** The trigger's content. */
  trigger: ReactNode;
  /** The trigger's accessible name when its content is not enough (e.g. a count badge). */
  triggerLabel?: string;
  triggerVariant?: ButtonVariant;
  triggerClassName?: string;
  /** The panel; `close` closes it and returns focus to the trigger. Mounted only while open. */
  children: (close: () => void) => ReactNode;
  panelLabel?: string;
  panelClassName?: string;
  anchor?: 'bottom start' | 'bottom end';
  /** Move focus to the panel's first control on open (off when the panel focuses something itself). */
  focusFirst?: boolean;
}

/**
 * A button that opens a floating panel (Headless UI): Escape and a click outside close it, focus moves
 * into the panel and returns to the button on close.
 */
export function Popover({
  trigger,
  triggerLabel,
  triggerVariant = 'outline',
  triggerClassName,
  children,
  panelLabel,
  panelClassName,
  anchor = 'bottom start',
  focusFirst = true,
}: PopoverProps) {
  return (
    <HeadlessPopover className="relative">
      <PopoverButton aria-label={triggerLabel} className={cn(buttonClasses({ variant: triggerVariant }), triggerClassName)}>
        {trigger}
      </PopoverButton>
      <PopoverPanel
        anchor={anchor}
        focus={focusFirst}
        role={panelLabel ? 'dialog' : undefined}
        aria-label={panelLabel}
        className={cn(
          'z-50 rounded-lg border bg-popover p-4 text-popover-foreground shadow-lg [--anchor-gap:6px] focus:outline-none',
          panelClassName,
        )}
      >
        {({ close }) => <>{children(() => close())}</>}
      </PopoverPanel>
    </HeadlessPopover>
  );
}
