/**
 * Asking the user to confirm from anywhere (plain TypeScript callers included): `confirmAction()` opens
 * the one confirmation dialog mounted by <ConfirmHost/> and resolves true or false. A second request
 * while one is open waits its turn.
 */
import { create } from 'zustand';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';

export interface ConfirmRequest {
  title: string;
  description: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
}

interface Pending extends ConfirmRequest {
  resolve: (ok: boolean) => void;
}

const useConfirmStore = create<{ queue: Pending[] }>(() => ({ queue: [] }));

export function confirmAction(request: ConfirmRequest): Promise<boolean> {
  return new Promise((resolve) => {
    useConfirmStore.setState((state) => ({ queue: [...state.queue, { ...request, resolve }] }));
  });
}

function settle(ok: boolean) {
  const [current, ...rest] = useConfirmStore.getState().queue;
  if (!current) return;
  useConfirmStore.setState({ queue: rest });
  current.resolve(ok);
}

export function ConfirmHost() {
  const current = useConfirmStore((state) => state.queue[0]);
  return (
    <Dialog
      open={Boolean(current)}
      onClose={() => settle(false)}
      title={current?.title ?? ''}
      description={current?.description}
      footer={
        <>
          <Button variant="outline" onClick={() => settle(false)}>
            {current?.cancelLabel ?? 'Cancel'}
          </Button>
          <Button variant={current?.destructive ? 'destructive' : 'default'} onClick={() => settle(true)} autoFocus>
            {current?.confirmLabel ?? 'Continue'}
          </Button>
        </>
      }
    />
  );
}
