import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOut } from '@/features/auth/auth-actions';

/** Signs out (hooks, server, device) and goes to the sign-in page; `busy` while it runs. */
export function useSignOut() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    try {
      if (await signOut()) navigate('/auth', { replace: true });
    } finally {
      setBusy(false);
    }
  }, [busy, navigate]);
  return { signOut: run, busy };
}
