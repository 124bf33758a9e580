import { fieldOfColumn, IMPORT_FIELDS, type ImportField } from '@shared/import/column-mapping';
import type { FilePreview } from '@shared/import/reader/protocol';
import type { ImportRow } from '@shared/sync/protocol.schema';
import { CANDIDATE_FIELD_LABELS } from '@shared/candidates/field-labels';
import { cn } from '@/ui/cn';
import { IMPORT_FIELD_LABELS } from './import-texts';

const NOT_IMPORTED = '';

/** How a column is named in the preview: its header, or its position when the header is empty. */
export function columnName(headers: readonly string[], index: number): string {
  return headers[index] || `Column ${index + 1}`;
}

export interface PreviewColumnsProps {
  fileName: string;
  preview: FilePreview;
  disabled: boolean;
  onField: (column: number, field: ImportField | null) => void;
}

/** Each column of the header row with the field it feeds, changeable (or "Don't import"). */
export function PreviewColumns({ fileName, preview, disabled, onField }: PreviewColumnsProps) {
  const { headers, columns } = preview.header;
  return (
    <table className="w-full text-sm" aria-label={`Columns of ${fileName}`}>
      <thead>
        <tr className="text-left text-xs text-muted-foreground">
          <th scope="col" className="py-1 pr-3 font-medium">
            Column
          </th>
          <th scope="col" className="py-1 font-medium">
            Imported as
          </th>
        </tr>
      </thead>
      <tbody>
        {headers.map((_, index) => {
          const name = columnName(headers, index);
          const field = fieldOfColumn(columns, index);
          return (
            <tr key={index} className="border-t">
              <th scope="row" className="max-w-48 truncate py-1 pr-3 text-left font-normal" title={name}>
                {name}
              </th>
              <td className="py-1">
                <select
                  aria-label={`Field for ${name}`}
                  value={field ?? NOT_IMPORTED}
                  disabled={disabled}
                  onChange={(event) => onField(index, (event.target.value || null) as ImportField | null)}
                  className="h-9 w-full min-w-40 rounded-md border border-input bg-background px-2 text-sm text-foreground sm:w-auto"
                >
                  <option value={NOT_IMPORTED}>Don&apos;t import</option>
                  {IMPORT_FIELDS.map((option) => (
                    <option key={option} value={option}>
                      {IMPORT_FIELD_LABELS[option]}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The candidate fields a stored row has, in the order the preview shows them. */
const STORED_FIELDS = ['name', 'email', 'phone', 'location', 'status', 'appliedDate', 'source', 'experience', 'skills', 'notes'] as const;

/** The first data rows as the import stores them (only the fields some row fills in), or their errors. */
export function PreviewRows({ fileName, preview }: { fileName: string; preview: FilePreview }) {
  const shown = STORED_FIELDS.filter(
    (field) => field === 'name' || field === 'email' || preview.rows.some((row) => row.kind === 'candidate' && row.values[field] !== undefined),
  );
  const label = `First rows of ${fileName}`;
  return (
    // Focusable so the keyboard can scroll it sideways on a narrow screen.
    <div className="max-h-72 overflow-auto rounded-md border" tabIndex={0} role="group" aria-label={label}>
      <table className="w-full text-xs">
        <thead className="sticky top-0 bg-muted text-left">
          <tr>
            <th scope="col" className="px-2 py-1 font-medium">
              Row
            </th>
            {shown.map((field) => (
              <th key={field} scope="col" className="px-2 py-1 font-medium">
                {CANDIDATE_FIELD_LABELS[field]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.row} className="border-t" data-preview-row={row.kind}>
              <td className="px-2 py-1 text-muted-foreground">{row.row}</td>
              {row.kind === 'error' ? (
                <td colSpan={shown.length} className="px-2 py-1 text-destructive">
                  {row.message.replace(/^Row \d+: /, '')}
                </td>
              ) : (
                shown.map((field) => <StoredCell key={field} values={row.values} field={field} />)
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StoredCell({ values, field }: { values: ImportRow; field: (typeof STORED_FIELDS)[number] }) {
  const value = values[field];
  const text = value === undefined || value === null ? '' : String(value);
  return (
    <td className={cn('max-w-48 truncate px-2 py-1', field === 'email' && 'break-all')} title={text || undefined}>
      {text}
    </td>
  );
}
