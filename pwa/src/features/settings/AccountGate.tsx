import type { ReactNode } from 'react';
import type { User } from '@shared/schemas/user.schema';
import { OfflineNotice } from '@/ui/OfflineNotice';
import { Spinner } from '@/ui/Spinner';
import { useOnline } from '@/ui/useOnline';
import { useAccount } from './useAccount';

/**
 * Renders a settings form once the full user is known (see useAccount), with the offline notice above
 * it while there is no connection. The form gets `online` to disable its controls.
 */
export function AccountGate({
  children,
  offlineNotice = true,
}: {
  children: (user: User, online: boolean) => ReactNode;
  /** False when the tab shows one notice for several forms. */
  offlineNotice?: boolean;
}) {
  const user = useAccount();
  const online = useOnline();
  return (
    <div className="grid gap-4">
      {!online && offlineNotice && <OfflineNotice />}
      {user ? (
        children(user, online)
      ) : online ? (
        <div className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
          <Spinner size="sm" label="Loading your account" /> Loading your account...
        </div>
      ) : null}
    </div>
  );
}
