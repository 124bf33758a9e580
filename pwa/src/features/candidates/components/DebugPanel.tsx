import { useMemo } from 'react';
import { formatDateTime } from '@shared/format/dates';
import { useStore } from 'zustand';
import { formatPacificDate } from '@shared/format/dates';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { syncEngine } from '@/sync/app-sync';
import { debugSelection } from '../debug-selection';
import { useCandidate } from '../hooks/useCandidates';
import { candidatesRepo, type CandidatesRepo } from '../repo';

/**
 * The mark of a listed row without its server id, unless the server has confirmed it: the list in
 * memory shows rows as stored, and a pull's confirmations reach the rows some seconds after "Synced"
 * (sync/confirmations.ts); the repo reads the row as confirmed meanwhile.
 */
export function NotSyncedYet({ uid, repo = candidatesRepo }: { uid: string; repo?: CandidatesRepo }) {
  const read = useCandidate(uid, repo);
  if (read && read.id !== null) return null;
  return <span className="text-warning"> (not synced yet)</span>;
}

function CandidateLine({ candidate, onOpen }: { candidate: Candidate; onOpen: (uid: string) => void }) {
  return (
    <button type="button" onClick={() => onOpen(candidate.uid)} className="text-left hover:underline">
      <span className="font-medium">{candidate.name}</span> · {candidate.email} · {candidate.source || 'no source'} ·{' '}
      {formatPacificDate(candidate.appliedDate)}
      {candidate.id === null && <NotSyncedYet uid={candidate.uid} />}
    </button>
  );
}

/** The Debug toggle's panel: integration arrivals and the device's sync state, for checking a setup. */
export function DebugPanel({ candidates, onOpen }: { candidates: readonly Candidate[]; onOpen: (uid: string) => void }) {
  const selection = useMemo(() => debugSelection(candidates), [candidates]);
  const sync = useStore(syncEngine.status);
  return (
    <section aria-labelledby="debug-heading" className="grid gap-3 rounded-lg border border-dashed border-warning/60 bg-warning/5 p-4 text-sm">
      <h2 id="debug-heading" className="font-semibold">
        Debug
      </h2>
      <p className="text-muted-foreground">
        {candidates.length} candidates on this device · {sync.online ? 'online' : 'offline'} · {sync.pendingCount} changes
        waiting · last sync {sync.lastSyncAt ? formatDateTime(sync.lastSyncAt) : 'never'}
        {sync.error ? ` · last error: ${sync.error}` : ''}
      </p>
      <div className="grid gap-1">
        <h3 className="font-medium">Form integration candidates ({selection.formCount})</h3>
        {selection.formCandidates.length ? (
          <ul className="grid gap-1">
            {selection.formCandidates.map((candidate) => (
              <li key={candidate.uid}>
                <CandidateLine candidate={candidate} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">No candidates from a form yet.</p>
        )}
      </div>
      <div className="grid gap-1">
        <h3 className="font-medium">Test candidate</h3>
        {selection.testCandidate ? (
          <CandidateLine candidate={selection.testCandidate} onOpen={onOpen} />
        ) : (
          <p className="text-muted-foreground">No test candidate (name or email containing "test").</p>
        )}
      </div>
      <div className="grid gap-1">
        <h3 className="font-medium">Most recent candidate</h3>
        {selection.mostRecent ? (
          <CandidateLine candidate={selection.mostRecent} onOpen={onOpen} />
        ) : (
          <p className="text-muted-foreground">No candidates yet.</p>
        )}
      </div>
    </section>
  );
}
