/**
 * Erase for privacy (admins only, online only): asks first, since it cannot be undone, then has the
 * server erase the candidate — its record, notes, interview notes and history — and syncs this device
 * at once so it forgets the candidate too; every other device forgets it on its next sync.
 */
import type { Candidate } from '@shared/schemas/candidate.schema';
import { apiCall } from '@/api/client';
import { onlineFailureMessage } from '@/lib/online-only';
import { syncEngine } from '@/sync/app-sync';
import { confirmAction } from '@/ui/confirm';
import { toast } from '@/ui/toast/toast-queue';

export const ERASE_LABEL = 'Erase for privacy…';

function eraseConfirmation(name: string) {
  return {
    title: `Erase ${name} for privacy?`,
    description:
      `This permanently removes ${name}'s personal data — the record, its notes, interview notes and change history, ` +
      'and deleted duplicates with the same email — from the server, and from every device when it next syncs. ' +
      'This action cannot be undone.',
    confirmLabel: 'Erase',
    destructive: true,
  };
}

export interface EraseDeps {
  erase(id: number): Promise<unknown>;
  sync(): Promise<unknown>;
}

const appDeps: EraseDeps = {
  erase: (id) => apiCall('eraseCandidate', { params: { id } }),
  sync: () => syncEngine.syncNow(),
};

/** Resolves to whether the candidate was erased. `candidate.id` is its server id (null before it synced). */
export async function eraseCandidateForPrivacy(candidate: Pick<Candidate, 'id' | 'name'>, deps: EraseDeps = appDeps): Promise<boolean> {
  if (candidate.id === null) return false;
  if (!(await confirmAction(eraseConfirmation(candidate.name)))) return false;
  try {
    await deps.erase(candidate.id);
  } catch (error) {
    toast({ title: 'Erase failed', description: onlineFailureMessage(error), variant: 'destructive' });
    return false;
  }
  toast({ title: 'Candidate erased', description: 'The personal data was removed. Other devices remove it when they next sync.' });
  void deps.sync();
  return true;
}
