import { useNavigate } from 'react-router-dom';
import { Button } from '@/ui/Button';
import { UsersIcon } from '@/ui/icons';

/** Admin only: the User Management panel with Manage Users. */
export function AdminPanel() {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="admin-heading" className="flex flex-wrap items-center justify-between gap-4 rounded-lg border bg-card p-4 shadow-xs">
      <div className="flex items-center gap-3">
        <span className="rounded-full bg-muted p-2.5 text-muted-foreground">
          <UsersIcon className="size-5" />
        </span>
        <div>
          <h2 id="admin-heading" className="font-semibold">
            User Management
          </h2>
          <p className="text-sm text-muted-foreground">Add recruiters, change roles and remove accounts.</p>
        </div>
      </div>
      <Button variant="outline" onClick={() => navigate('/users')}>
        Manage Users
      </Button>
    </section>
  );
}
