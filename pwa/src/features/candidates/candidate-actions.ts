/**
 * The candidate changes the screens make, with the spec's confirmations and toasts (section 8), in one
 * place so the table row, the kanban board and the detail dialog behave the same. Each one writes to
 * the device (repo) and therefore works offline; the sync engine sends it on. Each resolves to whether
 * the change was made.
 */
import { formatNoteLine, statusChangeNote, turnedDownNote } from '@shared/candidates/notes';
import type { Candidate, CandidateFieldsInput, CandidateStatus } from '@shared/schemas/candidate.schema';
import { errorMessage } from '@/api/errors';
import { confirmAction } from '@/app/confirm';
import { toast } from '@/ui/toast/toast-queue';
import { candidatesRepo, type CandidatesRepo } from './repo';

type CandidateRef = Pick<Candidate, 'uid' | 'name' | 'status'>;

function updateFailed(error: unknown) {
  toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' });
}

/** A status change from the row dropdown, the kanban board or the dialog, with its dated note line. */
export async function changeStatus(
  candidate: CandidateRef,
  status: CandidateStatus,
  repo: CandidatesRepo = candidatesRepo,
): Promise<boolean> {
  if (candidate.status === status) return false;
  try {
    await repo.setStatus(candidate.uid, status, formatNoteLine(new Date(), statusChangeNote(candidate.status, status)));
  } catch (error) {
    updateFailed(error);
    return false;
  }
  toast({ title: 'Status Updated', description: 'Candidate pipeline stage has been updated' });
  return true;
}

/** Turn Down: asks first, then moves the candidate to rejected with the turned-down note line. */
export async function turnDownCandidate(candidate: CandidateRef, repo: CandidatesRepo = candidatesRepo): Promise<boolean> {
  const confirmed = await confirmAction({
    title: 'Move to Turned Down?',
    description: `${candidate.name} will be moved to the Turned Down stage. The candidate record is kept, but marked as rejected.`,
    confirmLabel: 'Turn Down',
    destructive: true,
  });
  if (!confirmed) return false;
  try {
    await repo.setStatus(candidate.uid, 'rejected', formatNoteLine(new Date(), turnedDownNote()));
  } catch (error) {
    updateFailed(error);
    return false;
  }
  toast({ title: 'Candidate Turned Down', description: 'The candidate has been moved to the Turned Down stage' });
  return true;
}

export interface DetailEdits {
  /** The fields the user edited. */
  changes: Partial<CandidateFieldsInput>;
  /** The notes text the edit started from. */
  notesBase?: string;
  /** A status chosen in the dialog's Status list and not yet applied with Update. */
  status?: CandidateStatus;
}

/**
 * Save Changes in the detail dialog: only the edited fields are written, and a status chosen in the
 * Status list is applied too (with its dated note line, as Update would).
 */
export async function saveCandidateChanges(
  candidate: CandidateRef,
  { changes, notesBase, status }: DetailEdits,
  repo: CandidatesRepo = candidatesRepo,
): Promise<boolean> {
  const fieldsEdited = Object.keys(changes).length > 0;
  if (!fieldsEdited) return status === undefined || changeStatus(candidate, status, repo);
  try {
    await repo.updateCandidate(candidate.uid, changes, { notesBase });
    if (status !== undefined && status !== candidate.status) {
      await repo.setStatus(candidate.uid, status, formatNoteLine(new Date(), statusChangeNote(candidate.status, status)));
    }
  } catch (error) {
    updateFailed(error);
    return false;
  }
  toast({ title: 'Candidate Updated', description: 'Candidate information has been updated successfully' });
  return true;
}
