import { useId } from 'react';
import type { ImportField } from '@shared/import/column-mapping';
import type { UploadItem } from './import-state';
import { failureSentence, previewCountsText } from './import-texts';
import { PreviewColumns, PreviewRows } from './PreviewTables';

export interface ImportPreviewProps {
  item: UploadItem;
  /** A run is going: the choices wait. */
  disabled: boolean;
  onSheet: (sheet: string) => void;
  onField: (column: number, field: ImportField | null) => void;
}

/**
 * One pending file before anything is written: a workbook's sheet picker, the header row found, each
 * column with the field it feeds (changeable), the first rows as the import will store them, and what
 * the import will do — new candidates, updates of existing ones (by email), rows with errors.
 */
export function ImportPreview({ item, disabled, onSheet, onField }: ImportPreviewProps) {
  const headingId = useId();
  const sheetId = useId();
  const { file, preview: state } = item;
  if (state.status === 'none') return null;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 grid-cols-1 gap-3 rounded-md border p-3" data-preview={state.status}>
      <h3 id={headingId} className="truncate text-sm font-semibold" title={file.name}>
        Preview of {file.name}
      </h3>
      {state.status === 'loading' && (
        <p role="status" className="text-xs text-muted-foreground">
          Reading the file…
        </p>
      )}
      {state.status === 'failed' && <p className="text-sm text-destructive">{failureSentence(state.message)}</p>}
      {state.status === 'ready' && (
        <>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            {state.preview.sheets.length > 1 && (
              <span className="flex items-center gap-2">
                <label htmlFor={sheetId} className="font-medium">
                  Sheet
                </label>
                <select
                  id={sheetId}
                  value={state.preview.sheet ?? ''}
                  disabled={disabled}
                  onChange={(event) => onSheet(event.target.value)}
                  className="h-9 rounded-md border border-input bg-background px-2 text-sm text-foreground"
                >
                  {state.preview.sheets.map((sheet) => (
                    <option key={sheet} value={sheet}>
                      {sheet}
                    </option>
                  ))}
                </select>
              </span>
            )}
            <span className="text-muted-foreground" data-header-row>
              Header row: {state.preview.header.row}
            </span>
            <span aria-live="polite" data-preview-counts className="font-medium">
              {state.counts === 'counting'
                ? 'Counting rows…'
                : state.counts
                  ? `Will import: ${previewCountsText(state.counts)}`
                  : 'Nothing can be imported with these columns'}
            </span>
          </div>
          {state.preview.header.origin === 'remembered' && (
            <p className="text-xs text-muted-foreground">Using the columns you chose before for a file with these headers.</p>
          )}
          {state.preview.problem && (
            <p className="text-sm text-destructive">
              {state.preview.problem} Choose the email and name columns below.
            </p>
          )}
          <PreviewColumns fileName={file.name} preview={state.preview} disabled={disabled} onField={onField} />
          {state.preview.rows.length > 0 && <PreviewRows fileName={file.name} preview={state.preview} />}
        </>
      )}
    </section>
  );
}
