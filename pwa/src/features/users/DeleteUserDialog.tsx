import type { User } from '@shared/schemas/user.schema';
import { apiCall } from '@/api/client';
import { onlineFailureMessage } from '@/lib/online-only';
import { DestructiveConfirmDialog } from '@/ui/DestructiveConfirmDialog';
import { toast } from '@/ui/toast/toast-queue';

export const DELETE_USER_WARNING =
  'This action cannot be undone. This will permanently delete the user and all associated data.';

/** What "associated data" is (the server's foreign keys decide it): said, so nobody fears for candidates. */
export const DELETE_USER_SCOPE =
  'Their sign-ins, API keys, lead provider key and saved leads are deleted. Candidates they added and their interview notes stay with the team.';

/** The delete confirmation, with the spec's text and what it really covers. */
export function DeleteUserDialog({ user, online, onClose, onDeleted }: { user: User; online: boolean; onClose: () => void; onDeleted: (id: number) => void }) {
  async function remove(): Promise<string | void> {
    try {
      await apiCall('deleteUser', { params: { id: user.id } });
    } catch (error) {
      const message = onlineFailureMessage(error);
      toast({ title: 'Failed to delete user', description: message, variant: 'destructive' });
      return message;
    }
    toast({ title: 'User deleted', description: `${user.username} has been removed.` });
    onDeleted(user.id);
  }

  return (
    <DestructiveConfirmDialog
      title={`Delete ${user.username}?`}
      description={`${DELETE_USER_WARNING} ${DELETE_USER_SCOPE}`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      canConfirm={online}
      onConfirm={remove}
      onClose={onClose}
    />
  );
}
