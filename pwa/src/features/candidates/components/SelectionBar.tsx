import { useState } from 'react';
import { ROW_STATUS_LABELS, type CandidateStatus } from '@shared/schemas/candidate.schema';
import { Button } from '@/ui/Button';
import { useAuthStore } from '@/features/auth/auth-store';
import { bulkChangeStatus, bulkDelete, bulkTurnDown } from '../bulk-actions';
import type { Entry } from '../candidate-snapshot';
import { useCandidateSelection } from '../selection-store';
import { ExportMenu } from './ExportMenu';

const STATUS_CHOICES = Object.entries(ROW_STATUS_LABELS) as Array<[CandidateStatus, string]>;

interface SelectionBarProps {
  /** Every candidate on the device (to find the selected ones). */
  index: readonly Entry[];
  /** How many candidates pass the filters, and a way to read them all (for "Select all N matching"). */
  matching: number;
  readMatching: () => readonly Entry[];
  /** Every candidate in the table's order (the selected ones are exported in it). */
  readInOrder: () => readonly Entry[];
}

/**
 * Shown while candidates are selected: how many, "Select all N matching" (every page, not just this
 * one), and the bulk actions — change status, turn down, (administrators) delete, and export — with
 * progress while they write. A selection outlives a filter change, so the actions and the export take
 * every selected candidate, shown or not.
 */
export function SelectionBar({ index, matching, readMatching, readInOrder }: SelectionBarProps) {
  const selected = useCandidateSelection((state) => state.selected);
  const setMany = useCandidateSelection((state) => state.setMany);
  const clear = useCandidateSelection((state) => state.clear);
  const isAdmin = useAuthStore((state) => state.user?.role === 'admin');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  if (selected.size === 0) return null;

  const targets = () => index.filter((entry) => selected.has(entry.candidate.uid)).map((entry) => entry.candidate);
  const run = async (action: (options: { onProgress: (done: number, total: number) => void }) => Promise<boolean>) => {
    setProgress({ done: 0, total: selected.size });
    try {
      if (await action({ onProgress: (done, total) => setProgress({ done, total }) })) clear();
    } finally {
      setProgress(null);
    }
  };
  const busy = progress !== null;

  return (
    <div role="region" aria-label="Selected candidates" className="flex flex-wrap items-center gap-2 rounded-lg border border-primary/30 bg-primary/5 px-3 py-2 text-sm">
      <p className="font-medium" aria-live="polite">
        {selected.size.toLocaleString('en-US')} selected
      </p>
      {selected.size < matching && (
        <Button variant="link" size="sm" onClick={() => setMany(readMatching().map((entry) => entry.candidate.uid), true)} disabled={busy}>
          Select all {matching.toLocaleString('en-US')} matching
        </Button>
      )}
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2">
          <span className="sr-only">Change status of the selected candidates to</span>
          <select
            className="h-9 rounded-md border border-input bg-background px-2"
            value=""
            disabled={busy}
            onChange={(event) => {
              const status = event.target.value as CandidateStatus;
              if (status) void run((options) => bulkChangeStatus(targets(), status, options));
            }}
          >
            <option value="">Change status…</option>
            {STATUS_CHOICES.map(([status, label]) => (
              <option key={status} value={status}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <Button variant="destructive" size="sm" disabled={busy} onClick={() => void run((options) => bulkTurnDown(targets(), options))}>
          Turn down
        </Button>
        {isAdmin && (
          <Button variant="destructive" size="sm" disabled={busy} onClick={() => void run((options) => bulkDelete(targets(), options))}>
            Delete
          </Button>
        )}
        <ExportMenu
          read={() => readInOrder().filter((entry) => selected.has(entry.candidate.uid))}
          label="Export selected"
          what={`${selected.size.toLocaleString('en-US')} selected`}
        />
        <Button variant="ghost" size="sm" disabled={busy} onClick={clear}>
          Clear selection
        </Button>
      </div>
      {progress && (
        <p className="w-full text-xs text-muted-foreground" role="status">
          Updating {progress.done.toLocaleString('en-US')} of {progress.total.toLocaleString('en-US')}…
        </p>
      )}
    </div>
  );
}
