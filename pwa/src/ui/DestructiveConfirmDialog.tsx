import { useState, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { FormError } from './FormError';

interface DestructiveConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  /** False disables the confirm button (offline, say) but leaves Cancel. */
  canConfirm: boolean;
  /**
   * Does the work; the dialog stays open and busy until it settles, and closes nothing itself. A failure
   * answers its message, which the dialog shows above its buttons (as well as the caller's toast).
   */
  onConfirm: () => Promise<string | void>;
  onClose: () => void;
  children?: ReactNode;
}

/**
 * A confirmation for an action that cannot be undone and waits for the server (delete a user, an API
 * key): while the action runs, both buttons are disabled and the dialog cannot be dismissed.
 */
export function DestructiveConfirmDialog({ title, description, confirmLabel, busyLabel, canConfirm, onConfirm, onClose, children }: DestructiveConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  async function confirm() {
    setBusy(true);
    setFailure(undefined);
    try {
      setFailure((await onConfirm()) || undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      title={title}
      description={description}
      hideClose={busy}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={busy || !canConfirm}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      <div className="mt-3 empty:hidden">
        <FormError message={failure} />
      </div>
    </Dialog>
  );
}
