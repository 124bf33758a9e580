/** The panel's two lists: changes waiting to sync, and changes the server did not accept (with its reason). */
import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncEngine } from '@/sync/engine';
import type { RejectedChange } from '@/sync/status-store';
import { plural, timeAgo } from './sync-texts';

const SHOWN = 50;

export function PendingChangesList({ engine, pendingCount, now }: { engine: SyncEngine; pendingCount: number; now: number }) {
  // Re-read when the count changes; the engine's query is live across tabs as well.
  const pending = useLiveQuery(() => engine.pendingChanges(SHOWN), [engine, pendingCount]);
  if (!pendingCount) return <p className="text-sm text-muted-foreground">Everything on this device has been sent.</p>;
  return (
    <section aria-labelledby="sync-pending-heading">
      <h3 id="sync-pending-heading" className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Waiting to sync ({pendingCount.toLocaleString('en-US')})
      </h3>
      <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto text-sm">
        {(pending ?? []).map((change) => (
          <li key={change.id} className="flex items-baseline justify-between gap-2">
            <span className="min-w-0 truncate" title={change.label}>
              {change.label}
            </span>
            <span className="shrink-0 text-xs text-muted-foreground">{timeAgo(change.createdAt, now)}</span>
          </li>
        ))}
      </ul>
      {pendingCount > SHOWN && (
        <p className="mt-1 text-xs text-muted-foreground">and {plural(pendingCount - SHOWN, 'more change')}</p>
      )}
    </section>
  );
}

export function RejectedChangesList({ engine, rejected }: { engine: SyncEngine; rejected: RejectedChange[] }) {
  if (!rejected.length) return null;
  return (
    <section aria-labelledby="sync-rejected-heading">
      <div className="flex items-center justify-between">
        <h3 id="sync-rejected-heading" className="text-xs font-semibold tracking-wide text-destructive uppercase">
          Not accepted by the server ({rejected.length})
        </h3>
        {rejected.length > 1 && (
          <button type="button" className="text-xs underline underline-offset-2" onClick={() => void engine.dismissRejected()}>
            Dismiss all
          </button>
        )}
      </div>
      <ul className="mt-1 max-h-48 space-y-2 overflow-y-auto text-sm">
        {rejected.map((change) => (
          <li key={change.id} className="rounded-md border border-destructive/30 bg-destructive/5 p-2">
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0 font-medium break-words">{change.label}</span>
              <button
                type="button"
                className="shrink-0 text-xs underline underline-offset-2"
                aria-label={`Dismiss: ${change.label}`}
                onClick={() => void engine.dismissRejected(change.id)}
              >
                Dismiss
              </button>
            </div>
            <p className="mt-0.5 text-xs break-words text-muted-foreground">{change.reason}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
