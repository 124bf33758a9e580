/**
 * The server's change history of one candidate. Online only (it is not kept on the device); fetched
 * when the dialog opens and again after each sync, so values overwritten by a sync show up at once.
 */
import { useEffect, useState } from 'react';
import type { CandidateEvent } from '@shared/schemas/candidate-api.schema';
import { apiCall, errorMessage } from '@/api/client';

export type HistoryState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; events: CandidateEvent[] }
  | { status: 'error'; message: string };

export function useCandidateHistory(serverId: number | null, enabled: boolean, version: unknown): HistoryState {
  const [state, setState] = useState<HistoryState>({ status: 'idle' });
  useEffect(() => {
    if (!enabled || serverId === null) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    apiCall('candidateHistory', { params: { id: serverId }, signal: controller.signal }).then(
      (events) => setState({ status: 'ready', events: events as CandidateEvent[] }),
      (error) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [serverId, enabled, version]);
  return state;
}
