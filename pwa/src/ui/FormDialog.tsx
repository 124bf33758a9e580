import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

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
  children: ReactNode;
}

/** A dialog around one form that talks to the server: it cannot be dismissed while the form submits. */
export function FormDialog({ title, description, formId, submitting, canSubmit = true, submitLabel, busyLabel, onClose, children }: FormDialogProps) {
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
    </Dialog>
  );
}
