/**
 * Route access (spec section 2): protected routes show a spinner while the user loads and send nobody
 * to /auth; /users sends a non-admin to /; a signed-in user opening / or /auth goes to /dashboard.
 * The server enforces the same rules on every call; these only keep people out of screens that could
 * not work for them.
 */
import { Navigate, Outlet } from 'react-router-dom';
import { useAuthStore } from '@/features/auth/auth-store';
import { PageSpinner } from '@/ui/Spinner';

export function RequireUser() {
  const status = useAuthStore((state) => state.status);
  if (status === 'loading') return <PageSpinner label="Loading your account" />;
  if (status === 'signedOut') return <Navigate to="/auth" replace />;
  return <Outlet />;
}

export function RequireAdmin() {
  const role = useAuthStore((state) => state.user?.role);
  if (role !== 'admin') return <Navigate to="/" replace />;
  return <Outlet />;
}

export function PublicOnly() {
  const status = useAuthStore((state) => state.status);
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedIn') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
