/**
 * The signed-in user with every field the settings forms edit. After an offline start the auth store
 * holds only the remembered fields (no email, display name or notification settings); a form filled
 * from those would save blanks over the real values. So the forms wait for the full user, asking the
 * server for it when the device is online.
 */
import { useEffect } from 'react';
import type { User } from '@shared/schemas/user.schema';
import { refreshUser, useAuthStore } from '@/features/auth/auth-store';
import type { AuthUser } from '@/features/auth/remembered-user';
import { useOnline } from '@/ui/useOnline';

export function isFullUser(user: AuthUser | null): user is AuthUser & User {
  return (
    user !== null &&
    user.email !== undefined &&
    user.displayName !== undefined &&
    user.notifications !== undefined &&
    user.createdAt !== undefined
  );
}

export function useAccount(): User | null {
  const user = useAuthStore((state) => state.user);
  const online = useOnline();
  const full = isFullUser(user) ? user : null;
  useEffect(() => {
    if (user && !full && online) void refreshUser();
  }, [user, full, online]);
  return full;
}
