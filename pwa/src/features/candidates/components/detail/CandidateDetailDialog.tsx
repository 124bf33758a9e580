import { memo, useCallback, useRef } from 'react';
import { Dialog } from '@/ui/Dialog';
import { Spinner } from '@/ui/Spinner';
import { confirmAction } from '@/ui/confirm';
import { useCandidate } from '../../hooks/useCandidates';
import { CandidateDetailForm } from './CandidateDetailForm';

export const DETAIL_SUBTITLE = 'Sales Representative Candidate';

function CandidateDetailDialogView({ uid, onClose }: { uid: string | null; onClose: () => void }) {
  const candidate = useCandidate(uid);
  const dirty = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const done = useCallback(() => {
    dirty.current = false;
    onClose();
  }, [onClose]);
  const requestClose = useCallback(async () => {
    if (dirty.current) {
      const discard = await confirmAction({
        title: 'Discard changes?',
        description: 'Your edits to this candidate have not been saved.',
        confirmLabel: 'Discard',
        destructive: true,
      });
      if (!discard) return;
    }
    done();
  }, [done]);

  return (
    <Dialog
      open={uid !== null}
      onClose={() => void requestClose()}
      title={candidate?.name ?? 'Candidate'}
      description={DETAIL_SUBTITLE}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-3xl"
    >
      {candidate ? (
        <CandidateDetailForm
          key={candidate.uid}
          candidate={candidate}
          onRequestClose={() => void requestClose()}
          onDone={done}
          onDirtyChange={onDirtyChange}
        />
      ) : candidate === null && uid !== null ? (
        <p className="text-sm text-muted-foreground">This candidate is no longer on this device.</p>
      ) : (
        <Spinner label="Loading candidate" />
      )}
    </Dialog>
  );
}

// Memoised: the page re-renders on each sort, filter or page change; this only when its props or store slice change.
export const CandidateDetailDialog = memo(CandidateDetailDialogView);
