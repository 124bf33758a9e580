/**
 * The Candidates table's bulk actions on the selected candidates: change status (each with the spec's
 * dated line, as one row's dropdown writes it), turn down and — for administrators — delete (one
 * confirmation for all). Written to the device as candidates.bulk chunks (repo.bulk), so they work
 * offline and sync as a few mutations; the toast offers Undo for 10 seconds, itself a bulk of
 * undoStatus or undoDelete items (an undoDelete names the stamp of the chunk that deleted it).
 */
import { formatNoteLine, statusChangeNote, turnedDownNote } from '@shared/candidates/notes';
import { stageLabel } from '@shared/candidates/status-labels';
import type { BulkItem } from '@shared/mutations/candidates-bulk';
import type { Candidate, CandidateStatus } from '@shared/schemas/candidate.schema';
import { errorMessage } from '@/api/errors';
import { confirmAction } from '@/ui/confirm';
import { toast } from '@/ui/toast/toast-queue';
import { UNDO_WINDOW_MS } from './candidate-actions';
import { changeLabels } from './change-labels';
import { candidatesRepo, type BulkWrite, type CandidatesRepo } from './repo';

type Target = Pick<Candidate, 'uid' | 'name' | 'status' | 'statusChangedAt'>;

const plural = (count: number) => `${count.toLocaleString('en-US')} candidate${count === 1 ? '' : 's'}`;

export interface BulkOptions {
  repo?: CandidatesRepo;
  onProgress?: (done: number, total: number) => void;
}

async function runStatusBulk(
  targets: readonly Target[],
  status: CandidateStatus,
  line: (candidate: Target) => string,
  toastText: { title: string; description: string },
  { repo = candidatesRepo, onProgress }: BulkOptions,
): Promise<boolean> {
  const changing = targets.filter((candidate) => candidate.status !== status);
  if (changing.length === 0) {
    toast({ title: 'Nothing to change', description: `The selected candidates are already in ${stageLabel(status)}.` });
    return false;
  }
  const lines = changing.map(line);
  const items: BulkItem[] = changing.map((candidate, i) => ({ kind: 'setStatus', uid: candidate.uid, status, noteLine: lines[i] }));
  try {
    await repo.bulk(items, (count) => changeLabels.bulk(`Move to ${stageLabel(status)}:`, count), (done) => onProgress?.(done, items.length));
  } catch (error) {
    toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' });
    return false;
  }
  const undo: BulkItem[] = changing.map((candidate, i) => ({
    kind: 'undoStatus',
    uid: candidate.uid,
    status: candidate.status,
    statusChangedAt: candidate.statusChangedAt ?? undefined,
    noteLine: lines[i],
  }));
  toast({
    ...toastText,
    duration: UNDO_WINDOW_MS,
    action: {
      label: 'Undo',
      onClick: () =>
        void repo
          .bulk(undo, (count) => changeLabels.bulk('Undo: restore the status of', count))
          .then(() => toast({ title: 'Change undone', description: `${plural(undo.length)} back as they were` }))
          .catch((error: unknown) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' })),
    },
  });
  return true;
}

/** Moves every selected candidate to `status`, each with its "Status updated from … to …" line. */
export function bulkChangeStatus(targets: readonly Target[], status: CandidateStatus, options: BulkOptions = {}): Promise<boolean> {
  const now = new Date();
  const count = targets.filter((candidate) => candidate.status !== status).length;
  return runStatusBulk(
    targets,
    status,
    (candidate) => formatNoteLine(now, statusChangeNote(candidate.status, status)),
    { title: 'Status Updated', description: `${plural(count)} moved to ${stageLabel(status)}` },
    options,
  );
}

/** Turns every selected candidate down after one confirmation, each with the turned-down line. */
export async function bulkTurnDown(targets: readonly Target[], options: BulkOptions = {}): Promise<boolean> {
  const count = targets.filter((candidate) => candidate.status !== 'rejected').length;
  const confirmed = await confirmAction({
    title: `Move ${plural(count)} to Turned Down?`,
    description: 'Their records are kept, but marked as rejected.',
    confirmLabel: 'Turn Down',
    destructive: true,
  });
  if (!confirmed) return false;
  const line = formatNoteLine(new Date(), turnedDownNote());
  return runStatusBulk(
    targets,
    'rejected',
    () => line,
    { title: 'Candidates Turned Down', description: `${plural(count)} moved to the Turned Down stage` },
    options,
  );
}

/**
 * Deletes every selected candidate after one confirmation (administrators; the server refuses anyone
 * else's delete). Undo brings back those this delete removed, as they were.
 */
export async function bulkDelete(targets: readonly Target[], { repo = candidatesRepo, onProgress }: BulkOptions = {}): Promise<boolean> {
  if (targets.length === 0) return false;
  const confirmed = await confirmAction({
    title: `Delete ${plural(targets.length)}?`,
    description: 'They are removed from the pipeline on every device. You can undo this for 10 seconds.',
    confirmLabel: 'Delete',
    destructive: true,
  });
  if (!confirmed) return false;
  const items: BulkItem[] = targets.map((candidate) => ({ kind: 'delete', uid: candidate.uid }));
  let written: BulkWrite[];
  try {
    written = await repo.bulk(items, (count) => changeLabels.bulk('Delete', count), (done) => onProgress?.(done, items.length));
  } catch (error) {
    toast({ title: 'Delete Failed', description: errorMessage(error), variant: 'destructive' });
    return false;
  }
  const undo: BulkItem[] = written.flatMap(({ items: chunk, hlc }) => chunk.map((item) => ({ kind: 'undoDelete' as const, uid: item.uid, deleteHlc: hlc })));
  toast({
    title: 'Candidates Deleted',
    description: `${plural(targets.length)} deleted`,
    duration: UNDO_WINDOW_MS,
    action: {
      label: 'Undo',
      onClick: () =>
        void repo
          .bulk(undo, (count) => changeLabels.bulk('Undo: bring back', count))
          .then(() => toast({ title: 'Change undone', description: `${plural(undo.length)} back as they were` }))
          .catch((error: unknown) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' })),
    },
  });
  return true;
}
