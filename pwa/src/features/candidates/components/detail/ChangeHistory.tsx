import { useStore } from 'zustand';
import { formatDateTime } from '@shared/format/dates';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { syncEngine } from '@/sync/app-sync';
import { Spinner } from '@/ui/Spinner';
import { HistoryIcon } from '@/ui/action-icons';
import { useOnline } from '@/ui/useOnline';
import { historyEntries } from '../../history-text';
import { useCandidateHistory } from '../../hooks/useCandidateHistory';
import { DetailSection } from './CandidateOverview';

export const HISTORY_OFFLINE_TEXT = 'Change history needs a connection. It will show here when you are back online.';
export const HISTORY_UNSYNCED_TEXT = 'Change history starts once this candidate has synced to the server.';

/** Values that writes replaced or refused, from the server's event trail, so no value is lost from view. */
export function ChangeHistory({ candidate }: { candidate: Candidate }) {
  const online = useOnline();
  const lastSyncAt = useStore(syncEngine.status, (status) => status.lastSyncAt);
  const state = useCandidateHistory(candidate.id, online, `${lastSyncAt}|${candidate.updatedAt}`);

  let body;
  if (!online) body = <p className="text-sm text-muted-foreground">{HISTORY_OFFLINE_TEXT}</p>;
  else if (candidate.id === null) body = <p className="text-sm text-muted-foreground">{HISTORY_UNSYNCED_TEXT}</p>;
  else if (state.status === 'error') body = <p className="text-sm text-destructive">Could not load the change history: {state.message}</p>;
  else if (state.status !== 'ready') body = <Spinner size="sm" label="Loading change history" />;
  else if (state.events.length === 0) body = <p className="text-sm text-muted-foreground">No values have been overwritten.</p>;
  else {
    body = (
      <ol className="grid max-h-56 gap-2 overflow-y-auto text-sm" aria-label="Change history">
        {historyEntries(state.events).map((entry) => (
          <li key={entry.id} className="rounded-md border p-2">
            <div className="flex flex-wrap justify-between gap-x-3">
              <span className="font-medium">{entry.summary}</span>
              <time dateTime={entry.at} className="text-xs text-muted-foreground">
                {formatDateTime(entry.at)}
              </time>
            </div>
            <p className="mt-1 text-xs text-muted-foreground">{entry.valueLabel}:</p>
            <p className="text-sm break-words whitespace-pre-wrap">{entry.value}</p>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <DetailSection
      title="Change history"
      action={<HistoryIcon className="size-4 text-muted-foreground" />}
    >
      {body}
    </DetailSection>
  );
}
