import { memo } from 'react';
import { Button } from '@/ui/Button';
import { BugIcon, PlusIcon, RefreshIcon } from '@/ui/action-icons';
import { UploadIcon } from '@/ui/icons';
import { useUiStore } from '@/ui/ui-store';
import { useCandidatesView } from '../candidates-view-store';
import { useRefreshCandidates } from '../hooks/useRefreshCandidates';

/** Heading, subtitle and the page's buttons: Import CSV, Refresh, Add Candidate, Debug. */
function CandidatesHeaderView({ onAdd }: { onAdd: () => void }) {
  const openImport = useUiStore((state) => state.openImport);
  const debugOpen = useCandidatesView((state) => state.debugOpen);
  const toggleDebug = useCandidatesView((state) => state.toggleDebug);
  const { refresh, refreshing } = useRefreshCandidates();
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Candidates Management</h1>
        <p className="text-muted-foreground">Track and manage candidates for sales positions.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={openImport}>
          <UploadIcon /> Import CSV
        </Button>
        <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
          <RefreshIcon className={refreshing ? 'animate-spin' : undefined} /> Refresh
        </Button>
        <Button onClick={onAdd}>
          <PlusIcon /> Add Candidate
        </Button>
        <Button variant={debugOpen ? 'secondary' : 'ghost'} aria-pressed={debugOpen} onClick={toggleDebug}>
          <BugIcon /> Debug
        </Button>
      </div>
    </div>
  );
}

// Memoised: the page re-renders on each sort, filter or page change; this only when its props or store slice change.
export const CandidatesHeader = memo(CandidatesHeaderView);
