/**
 * The user list for User Management, fetched from the server whenever the component is shown online
 * (and again when the connection returns). Changes made through the dialogs are applied to the list
 * from the server's answers, so it never needs a second fetch to be right.
 */
import { useCallback, useEffect, useState } from 'react';
import type { User } from '@shared/schemas/user.schema';
import { apiCall } from '@/api/client';
import { onlineFailureMessage } from '@/lib/online-only';
import { toast } from '@/ui/toast/toast-queue';
import { useOnline } from '@/ui/useOnline';

export interface UsersState {
  users: User[] | null;
  loading: boolean;
  /** Why the last fetch failed, for the error block. */
  error: string | null;
  reload(): void;
  added(user: User): void;
  replaced(user: User): void;
  removed(id: number): void;
}

export function useUsers(): UsersState {
  const online = useOnline();
  const [users, setUsers] = useState<User[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    setLoading(true);
    apiCall('listUsers', { signal: controller.signal })
      .then((list) => {
        setUsers(list);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        const message = onlineFailureMessage(failure);
        setError(message);
        toast({ title: 'Failed to fetch users', description: message, variant: 'destructive' });
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [online, attempt]);

  return {
    users,
    loading,
    error,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
    added: useCallback((user: User) => setUsers((list) => [...(list ?? []), user]), []),
    replaced: useCallback((user: User) => setUsers((list) => list?.map((u) => (u.id === user.id ? user : u)) ?? null), []),
    removed: useCallback((id: number) => setUsers((list) => list?.filter((u) => u.id !== id) ?? null), []),
  };
}
