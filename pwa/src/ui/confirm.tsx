/**
 * Asking the user to confirm from anywhere (plain TypeScript callers included): `confirmAction()` opens
 * the one confirmation dialog mounted by <ConfirmHost/> and resolves true or false. A second request
 * while one is open waits its turn. Focus goes back to the control that asked (see refocusWhenFree).
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

/**
 * The confirmation is a sibling of any dialog that asks, so while it is open that dialog is inert and
 * Headless UI cannot hand focus back to it when the confirmation closes: focus lands on <body> or on
 * that dialog's own container, not on a control. Put it back on the control that asked, once the
 * confirmation has gone (unless that control has gone too, or something else took focus).
 */
function refocusWhenFree(element: Element | null) {
  if (!(element instanceof HTMLElement) || element === document.body) return;
  const home = element.closest('[role="dialog"]') ?? document.body;
  let tries = 0;
  const timer = setInterval(() => {
    tries += 1;
    const active = document.activeElement;
    // Adrift: on <body>, or on a container of the control (the asking dialog itself), not on a control.
    const adrift = !active || active === document.body || (active !== element && active.contains(element));
    if (adrift && element.isConnected && !element.closest('[inert]')) element.focus();
    const settled = active !== null && !adrift && home.contains(active);
    if (settled || tries > 20 || !element.isConnected) clearInterval(timer);
  }, 50);
}

export function confirmAction(request: ConfirmRequest): Promise<boolean> {
  const asker = typeof document === 'undefined' ? null : document.activeElement;
  return new Promise<boolean>((resolve) => {
    useConfirmStore.setState((state) => ({ queue: [...state.queue, { ...request, resolve }] }));
  }).then((ok) => {
    refocusWhenFree(asker);
    return ok;
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
