import type { User } from '@shared/schemas/user.schema';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { PencilIcon, TrashIcon } from '@/ui/action-icons';
import { ROLE_LABELS } from './RoleField';

export interface UsersTableProps {
  users: User[];
  currentUserId: number;
  online: boolean;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

/** The user list (id, username, role); the admin badge is destructive, and nobody can delete themself. */
export function UsersTable({ users, currentUserId, online, onEdit, onDelete }: UsersTableProps) {
  return (
    <div className="relative overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="h-10 px-4 font-medium">ID</th>
            <th scope="col" className="h-10 px-4 font-medium">Username</th>
            <th scope="col" className="h-10 px-4 font-medium">Role</th>
            <th scope="col" className="h-10 px-4 text-right font-medium">Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const isSelf = user.id === currentUserId;
            return (
              <tr key={user.id} className="border-t">
                <td className="px-4 py-2 text-muted-foreground tabular-nums">{user.id}</td>
                <td className="px-4 py-2 font-medium">
                  {user.username}
                  {isSelf && <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span>}
                </td>
                <td className="px-4 py-2">
                  <Badge variant={user.role === 'admin' ? 'destructive' : 'secondary'}>{ROLE_LABELS[user.role]}</Badge>
                </td>
                <td className="px-4 py-2">
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="sm" onClick={() => onEdit(user)} disabled={!online} aria-label={`Edit ${user.username}`}>
                      <PencilIcon /> <span className="hidden sm:inline">Edit</span>
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:text-destructive"
                      onClick={() => onDelete(user)}
                      disabled={!online || isSelf}
                      title={isSelf ? 'You cannot delete your own account' : undefined}
                      aria-label={`Delete ${user.username}`}
                    >
                      <TrashIcon /> <span className="hidden sm:inline">Delete</span>
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
