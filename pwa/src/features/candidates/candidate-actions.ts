/**
 * The candidate changes the screens make, with the spec's confirmations and toasts (section 8), in one
 * place so the table row, the kanban board and the detail dialog behave the same. Each one writes to
 * the device (repo) and therefore works offline; the sync engine sends it on. Each resolves to whether
 * the change was made.
 */
import { formatNoteLine, statusChangeNote, turnedDownNote } from '@shared/candidates/notes';
import { stageLabel } from '@shared/candidates/status-labels';
import type { Candidate, CandidateFieldsInput, CandidateStatus } from '@shared/schemas/candidate.schema';
import { errorMessage } from '@/api/errors';
import { confirmAction } from '@/ui/confirm';
import { toast } from '@/ui/toast/toast-queue';
import { candidatesRepo, type CandidatesRepo } from './repo';

type CandidateRef = Pick<Candidate, 'uid' | 'name' | 'status'> & Partial<Pick<Candidate, 'statusChangedAt'>>;

/** How long a change's toast offers Undo. */
export const UNDO_WINDOW_MS = 10_000;

function updateFailed(error: unknown) {
  toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' });
}

/**
 * The toast of a status change, with Undo for 10 seconds: Undo queues candidate.undoStatus (the status
 * and its start time as they were, the change's note line taken out), offline like the change itself.
 */
function toastWithUndo(title: string, description: string, candidate: CandidateRef, noteLine: string, repo: CandidatesRepo) {
  toast({
    title,
    description,
    duration: UNDO_WINDOW_MS,
    action: {
      label: 'Undo',
      onClick: () =>
        void repo
          .undoStatus(candidate.uid, { status: candidate.status, statusChangedAt: candidate.statusChangedAt ?? undefined, noteLine })
          .then(() => toast({ title: 'Change undone', description: `${candidate.name} is back in ${stageLabel(candidate.status)}` }))
          .catch(updateFailed),
    },
  });
}

/** A status change from the row dropdown, the kanban board or the dialog, with its dated note line. */
export async function changeStatus(
  candidate: CandidateRef,
  status: CandidateStatus,
  repo: CandidatesRepo = candidatesRepo,
): Promise<boolean> {
  if (candidate.status === status) return false;
  const noteLine = formatNoteLine(new Date(), statusChangeNote(candidate.status, status));
  try {
    await repo.setStatus(candidate.uid, status, noteLine);
  } catch (error) {
    updateFailed(error);
    return false;
  }
  toastWithUndo('Status Updated', 'Candidate pipeline stage has been updated', candidate, noteLine, repo);
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
  const noteLine = formatNoteLine(new Date(), turnedDownNote());
  try {
    await repo.setStatus(candidate.uid, 'rejected', noteLine);
  } catch (error) {
    updateFailed(error);
    return false;
  }
  toastWithUndo('Candidate Turned Down', 'The candidate has been moved to the Turned Down stage', candidate, noteLine, repo);
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
  const statusLine = status !== undefined && status !== candidate.status ? formatNoteLine(new Date(), statusChangeNote(candidate.status, status)) : null;
  try {
    await repo.updateCandidate(candidate.uid, changes, { notesBase });
    if (statusLine) await repo.setStatus(candidate.uid, status!, statusLine);
  } catch (error) {
    updateFailed(error);
    return false;
  }
  const [title, description] = ['Candidate Updated', 'Candidate information has been updated successfully'];
  // A status change offers its Undo here too (the status and its line; the field edits stay).
  if (statusLine) toastWithUndo(title, description, candidate, statusLine, repo);
  else toast({ title, description });
  return true;
}
