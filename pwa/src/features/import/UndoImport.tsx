/**
 * "Undo import" for a run of the import dialog, in its summary and in the Candidates page's Recent
 * imports, and what an Undo did: how many candidates it removed and restored, and the ones it kept
 * because they changed since the import.
 */
import { useState } from 'react';
import { Button } from '@/ui/Button';
import { toast } from '@/ui/toast/toast-queue';
import type { UndoSummary } from './import-history';
import { keptEntryText, keptText, undoneText } from './import-texts';

export function UndoImportButton({ undo, onUndone }: { undo: () => Promise<UndoSummary | null>; onUndone?: (summary: UndoSummary) => void }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const summary = await undo();
      if (!summary) {
        toast({ title: 'Nothing to undo', description: 'This import was already undone.' });
        return;
      }
      onUndone?.(summary);
      toast({ title: 'Import undone', description: undoneText(summary) });
    } catch (error) {
      toast({ title: 'Undo failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void run()} disabled={busy}>
      {busy ? 'Undoing…' : 'Undo import'}
    </Button>
  );
}

export function UndoneNote({ undo }: { undo: UndoSummary }) {
  const kept = keptText(undo);
  return (
    <div className="grid gap-1 text-sm" role="status">
      <p>{undoneText(undo)}</p>
      {kept && (
        <>
          <p>{kept}</p>
          <ul className="list-disc pl-5 text-muted-foreground">
            {undo.kept.map((entry) => (
              <li key={entry.uid}>{keptEntryText(entry)}</li>
            ))}
            {undo.keptCount > undo.kept.length && <li>and {(undo.keptCount - undo.kept.length).toLocaleString('en-US')} more</li>}
          </ul>
        </>
      )}
    </div>
  );
}
