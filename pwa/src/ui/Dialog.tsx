import {
  Dialog as HeadlessDialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Description,
} from '@headlessui/react';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { CloseIcon } from './icons';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  className?: string;
  /** Hide the × in the corner (e.g. while a blocking action runs). */
  hideClose?: boolean;
}

/**
 * A modal dialog: focus moves into it and is trapped there, Escape and the backdrop close it, and focus
 * returns to the control that opened it (Headless UI does all three).
 *
 * It fades in with a CSS animation and closes at once. Not Headless UI's `transition`: in 2.2 a dialog
 * closed while its enter transition still runs (a confirmation answered within ~100 ms) can stay mounted
 * for good, invisible, taking every click on the page (tailwindlabs/headlessui#3892, open); browser
 * tests met it as clicks intercepted after a quick Confirm or Discard.
 */
export function Dialog({ open, onClose, title, description, children, footer, className, hideClose }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 animate-[fade-in_150ms_ease-out] bg-black/50" />
      <div className="fixed inset-0 flex w-screen items-center justify-center overflow-y-auto p-4">
        <DialogPanel
          className={cn(
            'relative w-full max-w-lg animate-[dialog-in_150ms_ease-out] rounded-lg border bg-card p-6 text-card-foreground shadow-lg',
            className,
          )}
        >
          <DialogTitle className="pr-8 text-lg font-semibold leading-tight">{title}</DialogTitle>
          {description && <Description className="mt-1.5 text-sm text-muted-foreground">{description}</Description>}
          {children && <div className="mt-4">{children}</div>}
          {footer && <div data-toast-avoid className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>}
          {!hideClose && (
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="absolute top-4 right-4 rounded-sm p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              <CloseIcon className="size-4" />
            </button>
          )}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
