/**
 * User Management (spec section 2): the list, Add User, Edit User and the delete confirmation, for
 * admins. It needs the server: offline it says so and disables its controls. Used by the /users page
 * and usable anywhere else; non-admins get the spec's message instead.
 */
import { useState } from 'react';
import type { User } from '@shared/schemas/user.schema';
import { setSignedIn, useAuthStore } from '@/features/auth/auth-store';
import { Button } from '@/ui/Button';
import { OfflineNotice } from '@/ui/OfflineNotice';
import { Spinner } from '@/ui/Spinner';
import { PlusIcon } from '@/ui/action-icons';
import { useOnline } from '@/ui/useOnline';
import { AddUserDialog } from './AddUserDialog';
import { DeleteUserDialog } from './DeleteUserDialog';
import { EditUserDialog } from './EditUserDialog';
import { UsersTable } from './UsersTable';
import { useUsers } from './useUsers';

export const NEED_ADMIN_MESSAGE = 'You need admin access to manage users.';

type OpenDialog = { kind: 'add' } | { kind: 'edit'; user: User } | { kind: 'delete'; user: User } | null;

export function UserManagement() {
  const me = useAuthStore((state) => state.user);
  if (!me || me.role !== 'admin') {
    return <p className="rounded-lg border bg-card p-6 text-sm text-muted-foreground">{NEED_ADMIN_MESSAGE}</p>;
  }
  return <UserManagementPanel currentUserId={me.id} />;
}

function UserManagementPanel({ currentUserId }: { currentUserId: number }) {
  const online = useOnline();
  const { users, loading, error, reload, added, replaced, removed } = useUsers();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  return (
    <section aria-labelledby="users-heading" className="grid gap-4 rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="users-heading" className="text-lg font-semibold">
            Users
          </h2>
          <p className="text-sm text-muted-foreground">Add, edit and remove the people who can sign in.</p>
        </div>
        <Button onClick={() => setDialog({ kind: 'add' })} disabled={!online}>
          <PlusIcon /> Add User
        </Button>
      </div>

      {!online && <OfflineNotice />}
      {online && loading && !users && (
        <div className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
          <Spinner size="sm" label="Loading users" /> Loading users...
        </div>
      )}
      {online && error && !loading && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
          Failed to fetch users: {error}
          <Button variant="outline" size="sm" onClick={reload}>
            Try again
          </Button>
        </div>
      )}
      {users && users.length === 0 && <p className="py-6 text-center text-sm text-muted-foreground">No users yet.</p>}
      {users && users.length > 0 && (
        <UsersTable
          users={users}
          currentUserId={currentUserId}
          online={online}
          onEdit={(user) => setDialog({ kind: 'edit', user })}
          onDelete={(user) => setDialog({ kind: 'delete', user })}
        />
      )}

      {dialog?.kind === 'add' && (
        <AddUserDialog
          online={online}
          onClose={close}
          onCreated={(user) => {
            added(user);
            close();
          }}
        />
      )}
      {dialog?.kind === 'edit' && (
        <EditUserDialog
          user={dialog.user}
          isSelf={dialog.user.id === currentUserId}
          online={online}
          onClose={close}
          onUpdated={(user) => {
            replaced(user);
            if (user.id === currentUserId) setSignedIn(user); // own name or role changed: the shell follows
            close();
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteUserDialog
          user={dialog.user}
          online={online}
          onClose={close}
          onDeleted={(id) => {
            removed(id);
            close();
          }}
        />
      )}
    </section>
  );
}
