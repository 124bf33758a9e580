import { useState } from 'react';
import { capitalizeStatus } from '@shared/candidates/status-labels';
import { CANDIDATE_STATUSES, type Candidate, type CandidateStatus } from '@shared/schemas/candidate.schema';
import { Button } from '@/ui/Button';
import { Select } from '@/ui/Select';
import { changeStatus } from '../../candidate-actions';

const OPTIONS = CANDIDATE_STATUSES.map((status) => ({ value: status, label: capitalizeStatus(status) }));

interface StatusUpdaterProps {
  candidate: Candidate;
  /** The status chosen in the list (the dialog's Save Changes applies it too). */
  status: CandidateStatus;
  onStatusChange: (status: CandidateStatus) => void;
}

/** The dialog's status dropdown (any status of the shared list) and its Update button. */
export function StatusUpdater({ candidate, status, onStatusChange: setStatus }: StatusUpdaterProps) {
  const [busy, setBusy] = useState(false);
  const update = async () => {
    setBusy(true);
    await changeStatus(candidate, status);
    setBusy(false);
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Select<CandidateStatus> label="Status" value={status} onChange={setStatus} options={OPTIONS} className="w-48" />
      <Button variant="secondary" onClick={() => void update()} disabled={busy || status === candidate.status}>
        Update
      </Button>
    </div>
  );
}
