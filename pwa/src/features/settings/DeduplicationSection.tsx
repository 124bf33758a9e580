import { useState } from 'react';
import { apiCall } from '@/api/client';
import { onlineFailureMessage } from '@/lib/online-only';
import { Button } from '@/ui/Button';
import { AlertTriangleIcon } from '@/ui/action-icons';
import { toast } from '@/ui/toast/toast-queue';

type Run = 'quick' | 'advanced' | null;

/**
 * The two admin deduplication calls. Quick Fix deletes the older records sharing an email; Advanced
 * also merges their notes and interview notes into the record it keeps. While one runs, both buttons
 * are disabled and the running one says "Processing...". The removals reach devices through sync.
 */
export function DeduplicationSection({ online, duplicateCount }: { online: boolean; duplicateCount?: number }) {
  const [running, setRunning] = useState<Run>(null);

  async function quickFix() {
    setRunning('quick');
    try {
      const { duplicatesRemoved } = await apiCall('dedupNow');
      toast({ title: 'Quick deduplication complete', description: `Removed ${duplicatesRemoved} duplicate candidates.` });
    } catch (error) {
      toast({ title: 'Quick deduplication failed', description: onlineFailureMessage(error), variant: 'destructive' });
    } finally {
      setRunning(null);
    }
  }

  async function advanced() {
    setRunning('advanced');
    try {
      const { duplicatesRemoved, totalCandidates } = await apiCall('deduplicateCandidates');
      toast({
        title: 'Deduplication complete',
        description: `Removed ${duplicatesRemoved} duplicate candidates. Total remaining: ${totalCandidates}.`,
      });
    } catch (error) {
      toast({ title: 'Deduplication failed', description: onlineFailureMessage(error), variant: 'destructive' });
    } finally {
      setRunning(null);
    }
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h3 className="font-medium">Deduplication</h3>
        <p className="text-sm text-muted-foreground">
          Remove duplicate candidate records with the same email address, keeping the most recently updated record.
        </p>
      </div>
      <DuplicatesWarning count={duplicateCount} />
      <div className="flex flex-wrap gap-2">
        <Button variant="destructive" onClick={() => void quickFix()} disabled={!online || running !== null}>
          {running === 'quick' ? 'Processing...' : 'Quick Fix Duplicates'}
        </Button>
        <Button variant="outline" onClick={() => void advanced()} disabled={!online || running !== null}>
          {running === 'advanced' ? 'Processing...' : 'Advanced Deduplication'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Quick Fix deletes the older duplicates. Advanced Deduplication also merges their notes and interview notes into
        the record it keeps.
      </p>
    </div>
  );
}

/** What this device's copy of the data says: the server may hold more, not yet synced. */
function DuplicatesWarning({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  if (count === 0) return <p className="text-sm text-muted-foreground">No duplicate emails found on this device.</p>;
  return (
    <div role="note" className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-warning">
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" />
      <span>
        Duplicates detected: {count} candidate {count === 1 ? 'record has' : 'records have'} the same email as a newer
        record.
      </span>
    </div>
  );
}
