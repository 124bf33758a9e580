import { UserManagement } from './UserManagement';

/** /users (admins only: the route sends anyone else to /). */
export function UsersPage() {
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">User Management</h1>
        <p className="text-muted-foreground">Manage who can sign in to your team's pipeline, and what they can do.</p>
      </header>
      <UserManagement />
    </div>
  );
}
