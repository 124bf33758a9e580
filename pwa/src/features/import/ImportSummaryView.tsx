import { errorReportCsv, errorReportFileName } from '@shared/import/error-report';
import { Button } from '@/ui/Button';
import { downloadBlob } from '@/ui/download';
import { DownloadIcon } from '@/ui/icons';
import { useState } from 'react';
import type { UndoSummary } from './import-history';
import type { ImportSummary } from './import-texts';
import { UndoImportButton, UndoneNote } from './UndoImport';

/** Rows the dialog lists; the downloaded report has every one. */
export const LISTED_ERRORS = 2000;

/**
 * The last run's totals and every error it met: file, the row as the spreadsheet numbers it, the field
 * and the reason, in a scrolling list, with "Download error report" (CSV) for all of them.
 */
export function ImportSummaryView({ summary, undo }: { summary: ImportSummary; undo?: (runId: string) => Promise<UndoSummary | null> }) {
  const { report, runId } = summary;
  const [undone, setUndone] = useState<UndoSummary | null>(null);
  const canUndo = undo && runId && summary.total > 0;
  const listed = report.slice(0, LISTED_ERRORS);
  const download = () => downloadBlob(new Blob([errorReportCsv(report)], { type: 'text/csv;charset=utf-8' }), errorReportFileName());
  return (
    <section aria-label="Import summary" className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Import Summary</h3>
        {canUndo && !undone && <UndoImportButton undo={() => undo(runId)} onUndone={setUndone} />}
      </div>
      {undone && <UndoneNote undo={undone} />}
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(
          [
            ['Total', summary.total],
            ['New', summary.imported],
            ['Updated', summary.updated],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-md bg-background p-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold" data-summary={label.toLowerCase()}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {report.length > 0 && (
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium text-destructive">Errors ({report.length.toLocaleString('en-US')})</p>
            <Button variant="outline" size="sm" onClick={download}>
              <DownloadIcon /> Download error report
            </Button>
          </div>
          <div className="relative max-h-56 overflow-auto rounded-md border bg-background" tabIndex={0} aria-label="Import errors">
            <table className="w-full text-left text-xs">
              <thead className="sticky top-0 bg-muted text-muted-foreground">
                <tr>
                  <th scope="col" className="px-2 py-1 font-medium">File</th>
                  <th scope="col" className="px-2 py-1 font-medium">Row</th>
                  <th scope="col" className="px-2 py-1 font-medium">Field</th>
                  <th scope="col" className="px-2 py-1 font-medium">Reason</th>
                </tr>
              </thead>
              <tbody data-testid="import-errors">
                {listed.map((line, i) => (
                  <tr key={i} className="border-t align-top text-destructive">
                    <td className="px-2 py-1 break-all">{line.file}</td>
                    <td className="px-2 py-1 tabular-nums">{line.row ?? '—'}</td>
                    <td className="px-2 py-1">{line.field ?? '—'}</td>
                    <td className="px-2 py-1 break-words">{line.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.length > listed.length && (
            <p className="text-xs text-muted-foreground">
              The first {listed.length.toLocaleString('en-US')} are listed here; the error report has all{' '}
              {report.length.toLocaleString('en-US')}.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
