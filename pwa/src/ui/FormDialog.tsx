import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { FormError } from './FormError';

interface FormDialogProps {
  title: string;
  description: string;
  /** The id of the <form> among the children; the footer's submit button submits it. */
  formId: string;
  submitting: boolean;
  /** False disables submitting (offline, say) but leaves Cancel. */
  canSubmit?: boolean;
  submitLabel: string;
  busyLabel: string;
  onClose: () => void;
  /** Why the last submit failed when no one field is to blame; shown above the buttons. */
  error?: string;
  children: ReactNode;
}

/** A dialog around one form that talks to the server: it cannot be dismissed while the form submits. */
export function FormDialog({ title, description, formId, submitting, canSubmit = true, submitLabel, busyLabel, onClose, error, children }: FormDialogProps) {
  return (
    <Dialog
      open
      onClose={() => !submitting && onClose()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={submitting || !canSubmit}>
            {submitting ? busyLabel : submitLabel}
          </Button>
        </>
      }
    >
      {children}
      {error && (
        <div className="mt-4">
          <FormError message={error} />
        </div>
      )}
    </Dialog>
  );
}
