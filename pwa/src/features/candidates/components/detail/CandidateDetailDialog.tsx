import { memo, useCallback, useRef } from 'react';
import { confirmAction } from '@/app/confirm';
import { Dialog } from '@/ui/Dialog';
import { Spinner } from '@/ui/Spinner';
import { useCandidate } from '../../hooks/useCandidates';
import { CandidateDetailForm } from './CandidateDetailForm';

export const DETAIL_SUBTITLE = 'Sales Representative Candidate';

/**
 * The confirmation is a sibling dialog, so while it is open this one is inert and Headless UI cannot
 * hand focus back to it when the confirmation closes: focus lands on <body>, where Escape and Tab no
 * longer reach this dialog. Put it back on the control that asked, once the confirmation has gone.
 */
function refocusWhenFree(element: Element | null) {
  if (!(element instanceof HTMLElement) || element === document.body) return;
  const home = element.closest('[role="dialog"]') ?? document.body;
  let tries = 0;
  const timer = setInterval(() => {
    tries += 1;
    const active = document.activeElement;
    if ((!active || active === document.body) && element.isConnected && !element.closest('[inert]')) element.focus();
    const settled = active !== null && active !== document.body && home.contains(active);
    if (settled || tries > 20 || !element.isConnected) clearInterval(timer);
  }, 50);
}

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
      const asker = document.activeElement;
      const discard = await confirmAction({
        title: 'Discard changes?',
        description: 'Your edits to this candidate have not been saved.',
        confirmLabel: 'Discard',
        destructive: true,
      });
      if (!discard) return refocusWhenFree(asker);
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
