import { useState } from 'react';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { useAuthStore } from '@/features/auth/auth-store';
import { NEEDS_CONNECTION_MESSAGE } from '@/lib/online-only';
import { Button } from '@/ui/Button';
import { useOnline } from '@/ui/useOnline';
import { ERASE_LABEL, eraseCandidateForPrivacy } from '../../erase-candidate';

export const ERASE_UNSYNCED_HINT = 'This candidate has not reached the server yet';

/** The admin's "Erase for privacy…" in the detail dialog; nothing for recruiters. Needs a connection. */
export function EraseCandidateButton({ candidate, onErased }: { candidate: Candidate; onErased: () => void }) {
  const isAdmin = useAuthStore((state) => state.user?.role === 'admin');
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  if (!isAdmin) return null;
  const hint = !online ? NEEDS_CONNECTION_MESSAGE : candidate.id === null ? ERASE_UNSYNCED_HINT : undefined;
  const erase = async () => {
    setBusy(true);
    const erased = await eraseCandidateForPrivacy(candidate);
    setBusy(false);
    if (erased) onErased();
  };
  return (
    <Button
      variant="ghost"
      className="text-destructive hover:text-destructive sm:mr-auto"
      onClick={() => void erase()}
      disabled={busy || hint !== undefined}
      title={hint}
    >
      {ERASE_LABEL}
    </Button>
  );
}
