import { useEffect, useState } from 'react';
import { capitalizeStatus } from '@shared/candidates/status-labels';
import { CANDIDATE_STATUSES, type Candidate, type CandidateStatus } from '@shared/schemas/candidate.schema';
import { Button } from '@/ui/Button';
import { Select } from '@/ui/Select';
import { changeStatus } from '../../candidate-actions';

const OPTIONS = CANDIDATE_STATUSES.map((status) => ({ value: status, label: capitalizeStatus(status) }));

/** The dialog's status dropdown (any status of the shared list) and its Update button. */
export function StatusUpdater({ candidate }: { candidate: Candidate }) {
  const [status, setStatus] = useState<CandidateStatus>(candidate.status);
  const [busy, setBusy] = useState(false);
  useEffect(() => setStatus(candidate.status), [candidate.status]);
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
