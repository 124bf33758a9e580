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
 */
export function Dialog({ open, onClose, title, description, children, footer, className, hideClose }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-black/50 transition-opacity duration-150 data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex w-screen items-center justify-center overflow-y-auto p-4">
        <DialogPanel
          transition
          className={cn(
            'relative w-full max-w-lg rounded-lg border bg-card p-6 text-card-foreground shadow-lg',
            'transition duration-150 data-closed:scale-95 data-closed:opacity-0',
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
