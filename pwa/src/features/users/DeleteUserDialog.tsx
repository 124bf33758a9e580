import { useState } from 'react';
import type { User } from '@shared/schemas/user.schema';
import { apiCall } from '@/api/client';
import { onlineFailureMessage } from '@/app/online-only';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { toast } from '@/ui/toast/toast-queue';

export const DELETE_USER_WARNING =
  'This action cannot be undone. This will permanently delete the user and all associated data.';

/** The delete confirmation, with the spec's text. */
export function DeleteUserDialog({ user, online, onClose, onDeleted }: { user: User; online: boolean; onClose: () => void; onDeleted: (id: number) => void }) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await apiCall('deleteUser', { params: { id: user.id } });
      toast({ title: 'User deleted', description: `${user.username} has been removed.` });
      onDeleted(user.id);
    } catch (error) {
      toast({ title: 'Failed to delete user', description: onlineFailureMessage(error), variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      title={`Delete ${user.username}?`}
      description={DELETE_USER_WARNING}
      hideClose={busy}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={busy || !online}>
            {busy ? 'Deleting...' : 'Delete'}
          </Button>
        </>
      }
    />
  );
}
