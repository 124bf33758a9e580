import { shownErrors, type ImportSummary } from './import-texts';

/** The last run's totals, and at most three errors followed by "...and N more errors". */
export function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  const { shown, more } = shownErrors(summary);
  return (
    <section aria-label="Import summary" className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm">
      <h3 className="font-semibold">Import Summary</h3>
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
      {shown.length > 0 && (
        <div className="grid gap-1">
          <p className="font-medium text-destructive">Errors:</p>
          <ul className="grid list-disc gap-0.5 pl-5 text-xs break-words text-destructive">
            {shown.map((error, i) => (
              <li key={i}>{error}</li>
            ))}
          </ul>
          {more && <p className="text-xs text-muted-foreground">{more}</p>}
        </div>
      )}
    </section>
  );
}
